import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { takeDocumentBody } from "#app/server/render/document-response.server";
import { requestHeaders } from "./request";

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  /**
   * The prefix the request's page has its addresses under (`/de`), or "" for none: its links, forms
   * and route data stay under it, as React Router's basename keeps them (decision 086).
   */
  basenameOf?: (req: Request, res: Response) => Promise<string>;
}

/** Prefixes' handlers kept at most: the site's languages are far fewer, but may change while it runs. */
const MOST_BASENAMES = 64;

/**
 * React Router's pages and route data for Express: what `@react-router/express` does, with one
 * difference. A document's bytes go from the Node.js stream React writes into straight to the
 * response, where the package reads them back out of a web stream chunk by chunk (decision 038).
 * Every other answer (route data, resources, redirects) is sent from its web stream as the package
 * sends it.
 */
export function reactRouterHandler({ build, mode, getLoadContext, basenameOf }: ReactRouterHandlerOptions) {
  const unprefixed = createRequestHandler(build, mode);
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (basename: string) => {
    if (basename === "") return unprefixed;
    let handler = handlers.get(basename);
    if (!handler) {
      if (handlers.size >= MOST_BASENAMES) handlers.clear();
      handler = createRequestHandler(
        typeof build === "function" ? async () => ({ ...(await build()), basename }) : { ...build, basename },
        mode,
      );
      handlers.set(basename, handler);
    }
    return handler;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const handleRequest = handlerFor(basenameOf ? await basenameOf(req, res) : "");
      const response = await handleRequest(fetchRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch API request for an Express one, as `@react-router/express` makes it, but for its signal. */
export function fetchRequest(req: Request, res: Response): globalThis.Request {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: requestHeaders(req) };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
    // Aborted when the client goes away before the answer is out: the action stops reading its body.
    // Only writes carry one (decision 054): the Fetch API's Request follows a signal through a weak
    // reference and a finalizer, which keep every request's objects alive until a full collection.
    // No loader reads the signal (React Router checks it only once they are done), and a visitor who
    // leaves ends its render through the document's body.
    let controller: AbortController | null = new AbortController();
    res.on("finish", () => (controller = null));
    res.on("close", () => controller?.abort());
    init.signal = controller.signal;
  }
  return new globalThis.Request(url.href, init);
}

/** Sends React Router's answer as `@react-router/express` does, except for a document's body. */
export async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    // Cancelling a document's web stream ends its render too.
    await response.body?.cancel();
    return;
  }
  const documentBody = takeDocumentBody(response);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (documentBody) return writeDocument(documentBody, res);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The client left: nothing to answer.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * Writes a document's stream to the response as it comes, the pieces of each turn of the event loop
 * as one write, flushed through the compressor at the end of the turn (React writes the shell first
 * and the rest when its data is in), holding back while the client reads slowly. A compressor works
 * per write and per flush: written piece by piece, each piece flushed, a product page cost the server
 * about 2 ms more (decision 056). A client that leaves ends the render. A render that fails or stops
 * short cuts the connection: the headers are out by then, and an ended answer would pass for a whole
 * page.
 */
function writeDocument(body: Readable, res: Response & { flush?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    let turn: Buffer[] = [];
    let turnEnding: NodeJS.Immediate | null = null;
    /** This turn's pieces, no longer waiting for the turn's end. */
    const takeTurn = (): Buffer[] => {
      if (turnEnding) clearImmediate(turnEnding);
      turnEnding = null;
      const pieces = turn;
      turn = [];
      return pieces;
    };
    const writeTurn = (): boolean => {
      const pieces = takeTurn();
      return pieces.length === 0 || res.write(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
    };
    const finish = () => {
      body.off("data", onData).off("end", onEnd).off("error", onBroken).off("close", onStoppedShort);
      res.off("drain", onDrain).off("close", onLeft);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      turn.push(chunk);
      turnEnding ??= setImmediate(() => {
        if (!writeTurn()) body.pause();
        res.flush?.();
      });
    };
    const onDrain = () => body.resume();
    const onEnd = () => {
      finish();
      writeTurn();
      res.end();
    };
    const onBroken = (error?: Error | null) => {
      finish();
      takeTurn();
      res.once("error", ignore);
      res.destroy(error ?? undefined);
    };
    const onStoppedShort = () => onBroken(body.errored);
    const onLeft = () => {
      finish();
      takeTurn();
      body.destroy();
    };
    if (body.destroyed) return onBroken(body.errored);
    body.on("data", onData).once("end", onEnd).once("error", onBroken).once("close", onStoppedShort);
    res.on("drain", onDrain).once("close", onLeft);
  });
}

function ignore() {}
