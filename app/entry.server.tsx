import { pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
// Tailwind's output for the whole site, inlined into every page (app/components/site-stylesheet.tsx).
import siteStylesheet from "./app.css?inline";
import { SiteStylesheetContext } from "./components/site-stylesheet";
import { requestContext } from "./server/context.server";
import { loggableUrl } from "./server/logger.server";
import { finishedHead, STYLESHEET_PLACEHOLDER } from "./server/document-head.server";
import { oncePerTurn } from "./server/streams.server";

export const streamTimeout = 5_000;

/** The stylesheet's bytes, made once: every document's stream shares them (finishedHead). */
const stylesheetBytes = Buffer.from(siteStylesheet);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, logger, requestId } = loadContext.get(requestContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell early.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <SiteStylesheetContext value={STYLESHEET_PLACEHOLDER}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SiteStylesheetContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = finishedHead(stylesheetBytes);
          const joined = oncePerTurn();
          // Either end failing or cancelled (a visitor who left) ends both, and React's render with them.
          pipeline(body, joined, () => undefined);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(joined), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            logger.error({ err: error, requestId }, "rendering a page failed");
          }
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A loader or action that threw: logged as one JSON line with its request id, like every other event
 * (React Router would print it to the console). A request the client gave up on is no error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger, requestId } = context.get(requestContext);
  logger.error({ err: error, requestId, url: loggableUrl(request.url) }, "a route failed");
};
