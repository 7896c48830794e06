import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { loggableUrl, type Logger, type RequestLogEntry } from "#app/server/platform/logger.server";

/** The id a request is logged and answered under: the caller's own (from a proxy, say) or a new one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return (typeof given === "string" && given.slice(0, 64)) || randomUUID();
}

/** The one log line every answered request gets, with the time since `startedAt` (process.hrtime). */
/**
 * Logs a request once it is answered: at info, or at debug for a file the page loads (a script, a
 * picture), so that a terminal shows what happened rather than every file of every page.
 */
export function logRequest(
  logger: Logger,
  entry: Omit<RequestLogEntry, "ms">,
  startedAt: bigint,
  level: "info" | "debug" = "info",
): void {
  if (!logger.isLevelEnabled(level)) return;
  const request = {
    ...entry,
    url: entry.url && loggableUrl(entry.url),
    ms: Number(process.hrtime.bigint() - startedAt) / 1e6,
  };
  logger[level]({ request }, "request");
}

const fetchHeaders = new WeakMap<Request, Headers>();

/**
 * The Fetch API view of an Express request's headers, made once per request: a page's render reads it
 * twice (the sign-in check, then React Router's request, which copies it). Read only, never changed.
 */
export function requestHeaders(req: Request): Headers {
  let headers = fetchHeaders.get(req);
  if (headers) return headers;
  headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  fetchHeaders.set(req, headers);
  return headers;
}

/** How long the rest of a refused request's body is read and thrown away before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * Answers a request whose body will not be used, then closes the connection. Closing a socket while
 * the client is still sending makes the kernel reset the connection, and clients writing the body at
 * that moment lose the answer too. So the whole answer goes out at once, but the connection stays
 * open, discarding what still arrives, until the body has ended or a few seconds have passed (the
 * "lingering close" of nginx and Apache).
 */
export function refuseRequest(req: Request, res: Response, status: number, body: string, contentType: string): void {
  const payload = Buffer.from(body, "utf8");
  res.status(status);
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", String(payload.byteLength));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  if (req.complete || req.destroyed) {
    res.end(payload);
    return;
  }
  res.write(payload);
  const close = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.once("end", close);
  req.once("close", close);
  req.once("error", close);
  req.resume();
}

/** What a request line or its headers must satisfy before anything reads them. */
const NUL_IN_TARGET = /%00|\0/;

/**
 * Puts a request into the one shape the rest of the server expects, or answers it with a 400 and
 * returns false. An absolute-form target (`GET http://host/path`, meant for proxies) becomes the
 * origin-form path with its authority as Host, as RFC 9112 §3.2.2 asks of origin servers; an
 * HTTP/1.0 request without Host (Node requires it only of HTTP/1.1) and a target carrying a NUL
 * byte, which no page, file or database lookup can hold, are refused.
 */
export function acceptRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const target = req.url ?? "/";
  if (!target.startsWith("/") && target !== "*") {
    let absolute: URL | null = null;
    try {
      absolute = new URL(target);
    } catch {
      absolute = null;
    }
    if (!absolute || (absolute.protocol !== "http:" && absolute.protocol !== "https:")) {
      return refuseBadRequest(res, "The request target is not valid.");
    }
    req.url = `${absolute.pathname}${absolute.search}`;
    req.headers.host = absolute.host;
  }
  if (!req.headers.host) return refuseBadRequest(res, "A Host header is required.");
  if (NUL_IN_TARGET.test(req.url ?? "")) return refuseBadRequest(res, "The request target is not valid.");
  return true;
}

function refuseBadRequest(res: ServerResponse, message: string): false {
  const body = Buffer.from(message, "utf8");
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(body.byteLength),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  res.end(body);
  return false;
}
