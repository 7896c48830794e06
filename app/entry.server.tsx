import type { Readable } from "node:stream";
import { isbot } from "isbot";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
// Tailwind's output for the whole site, inlined into every page (app/components/site-stylesheet.tsx).
import siteStylesheet from "./app.css?inline";
import { SiteStylesheetContext } from "./components/site-stylesheet";
import { requestContext } from "./server/runtime/context.server";
import { RETRY_AFTER_SECONDS, unavailableDocument } from "./server/platform/unavailable.server";
import { loggableUrl } from "./server/platform/logger.server";
import { STYLESHEET_PLACEHOLDER } from "./server/render/document-head.server";
import { documentResponse } from "./server/render/document-response.server";
import { languageAlternates } from "./server/render/language-alternates.server";
import { renderDocument } from "./server/render/render-document.server";
import type { PageRender } from "./server/render/page-render.server";

export const streamTimeout = 5_000;

/** The stylesheet's bytes, made once: every document's stream shares them (finishedHead). */
export const stylesheetBytes = Buffer.from(siteStylesheet);

/**
 * The requests whose loader or action could not reach the database, as `handleError` heard them: in
 * production React Router hands `handleRequest` the route errors sanitized (every Error made
 * "Unexpected Server Error"), so what they were is told here, before that.
 */
const unreachableRequests = new WeakSet<Readonly<RouterContextProvider>>();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, logger, requestId, pageRenderer } = loadContext.get(requestContext);
  const userAgent = request.headers.get("user-agent");
  const page: PageRender = {
    url: request.url,
    nonce,
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell early.
    whole: Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode,
    onError(error, shellSent) {
      responseStatusCode = 500;
      if (shellSent) logger.error({ err: error, requestId }, "rendering a page failed");
    },
  };
  // A loader or action that could not reach the database: the page is unavailable for a moment, not
  // broken, and says so as the HTTP layer does while the database is down.
  if (unreachableRequests.has(loadContext)) {
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(unavailableDocument(siteStylesheet), { status: 503, headers: responseHeaders });
  }
  const body = (await pageRenderer?.render(routerContext, page)) ?? (await renderPage(routerContext, page));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return documentResponse(body, { headers: responseHeaders, status: responseStatusCode });
}

/** The document of a page whose data is in `context`, rendered here. */
export function renderPage(context: EntryContext, page: PageRender): Promise<Readable> {
  return renderDocument(
    <SiteStylesheetContext value={STYLESHEET_PLACEHOLDER}>
      <ServerRouter context={context} url={page.url} nonce={page.nonce} />
    </SiteStylesheetContext>,
    {
      nonce: page.nonce,
      whole: page.whole,
      stylesheet: stylesheetBytes,
      afterCanonical: languageAlternates(context.staticHandlerContext.loaderData.root),
      abortAfterMs: streamTimeout + 1000,
      onError: page.onError,
    },
  );
}

/**
 * A loader or action that threw: logged as one JSON line with its request id, like every other event
 * (React Router would print it to the console). A request the client gave up on is no error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger, requestId, databaseAvailability } = context.get(requestContext);
  // Not the route's fault: answered 503, and logged as an error once, by the availability, if it lasts.
  if (databaseAvailability.failed(error)) {
    unreachableRequests.add(context);
    logger.warn({ err: error, requestId, url: loggableUrl(request.url) }, "a route could not reach the database");
    return;
  }
  logger.error({ err: error, requestId, url: loggableUrl(request.url) }, "a route failed");
};
