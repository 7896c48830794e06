import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ChangeTopic, LiveHandle } from "#app/domain/live";
import { SESSION_COOKIE_PREFIX } from "#app/server/auth.server";
import type { Logger } from "#app/server/logger.server";
import type { CachedPage, PageCache } from "#app/server/page-cache.server";
import { logRequest, requestId } from "./request";
import { contentSecurityPolicy } from "./security";

/** Paths whose topics are remembered; past this the memory starts over (any path can be asked for). */
const KNOWN_PATHS = 20_000;

/** What a URL's page shows, or null when it must never be cached. */
export type PageTopics = (pathname: string) => ReadonlySet<ChangeTopic> | null;

/**
 * A page is cacheable when its own route says what it shows (`handle.live`, see app/domain/live.ts):
 * it is then stale exactly when a change names one of its routes' topics. Forms, sign-in, password
 * reset and the dashboard declare nothing and are never cached.
 */
export function pageTopics(build: ServerBuild): PageTopics {
  const routes = build.routes;
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route): RouteObject[] => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path, caseSensitive } = route;
      if (route.index) return [{ id, path, caseSensitive, index: true }];
      return [{ id, path, caseSensitive, children: childrenOf(id) }];
    });
  const tree = childrenOf(undefined);
  const liveOf = (id: string) => (routes[id]?.module.handle as LiveHandle | undefined)?.live;
  const resolve = (pathname: string) => {
    const matches = matchRoutes(tree, pathname);
    const leaf = matches?.at(-1);
    if (!matches || !leaf?.route.id || !liveOf(leaf.route.id)) return null;
    return new Set(matches.flatMap((match) => (match.route.id ? (liveOf(match.route.id) ?? []) : [])));
  };
  // matchRoutes flattens and ranks the whole route tree on every call: far more than serving a hit.
  const known = new Map<string, ReadonlySet<ChangeTopic> | null>();
  return (pathname) => {
    let topics = known.get(pathname);
    if (topics === undefined) {
      topics = resolve(pathname);
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, topics);
    }
    return topics;
  };
}

/** Headers each response makes for itself, or that the cache sets anew on every hit. */
const PER_RESPONSE_HEADERS = new Set([
  "content-security-policy",
  "x-request-id",
  "x-cache",
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
]);

/** The page a route data request (`/catalog.data`, `/_root.data`) belongs to. */
function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

function cacheable(res: Response): boolean {
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return res.statusCode === 200 && !res.hasHeader("set-cookie") && !/no-store|private/i.test(cacheControl);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP sources for every inline script of an HTML page: what a browser hashes is the script's text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** The encoding of a stored copy the client takes, best first; null for the plain bytes. */
function chosenEncoding(acceptEncoding: string | undefined, page: CachedPage): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((q) => q !== undefined);
    accepted.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (page.br && takes("br")) return "br";
  if (page.gzip && takes("gzip")) return "gzip";
  return null;
}

/** Makes the compressed copies off the request path; a page dropped meanwhile just loses them. */
function compressLater(page: CachedPage): void {
  zlib.gzip(page.body, { level: 9 }, (error, compressed) => {
    if (!error) page.gzip = compressed;
  });
  zlib.brotliCompress(
    page.body,
    {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.byteLength,
      },
    },
    (error, compressed) => {
      if (!error) page.br = compressed;
    },
  );
}

/**
 * The scheme the visitor used, as Express tells it (`req.protocol`): a trusted proxy's first
 * X-Forwarded-Proto, else whether the connection itself is TLS. Hits are answered before Express sees
 * the request, and both sides must name a page by the same key.
 */
function requestProtocol(req: IncomingMessage, trustProxy: boolean): string {
  const own = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  const forwarded = trustProxy ? req.headers["x-forwarded-proto"] : undefined;
  return typeof forwarded === "string" ? (forwarded.split(",")[0] ?? "").trim() || own : own;
}

function cacheKey(req: IncomingMessage, trustProxy: boolean): string {
  return `${requestProtocol(req, trustProxy)}://${req.headers.host ?? ""}${req.url ?? ""}`;
}

/** The cache applies to anonymous GETs of pages that declare what they show. */
function cacheTopics(req: IncomingMessage, topicsFor: PageTopics): ReadonlySet<ChangeTopic> | null {
  if (req.method !== "GET" || req.headers.cookie?.includes(SESSION_COOKIE_PREFIX)) return null;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return topicsFor(pagePath(query === -1 ? url : url.slice(0, query)));
}

/**
 * Answers a request from the cache, before the rest of the app and before Express itself (a hit costs
 * less than Express's dispatch): the stored bytes (or a stored compressed copy) with their own headers,
 * the security headers and the page's hash-based CSP. Returns false when the request is not a hit.
 * Anyone with a session cookie never gets here, so an admin's view is never served from it.
 */
export function pageCacheHits(cache: PageCache, topicsFor: PageTopics, trustProxy: boolean, logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!cacheTopics(req, topicsFor)) return false;
    const page = cache.get(cacheKey(req, trustProxy));
    if (!page) return false;
    const startedAt = process.hrtime.bigint();
    const id = requestId(req);
    const encoding = chosenEncoding(req.headers["accept-encoding"], page);
    const body = (encoding && page[encoding]) || page.body;
    const headers = [...page.responseHeaders, "X-Request-Id", id, "Content-Length", String(body.byteLength)];
    if (encoding) headers.push("Content-Encoding", encoding);
    res.writeHead(page.status, headers);
    res.end(body);
    logRequest(logger, { id, method: req.method, url: req.url, status: page.status, cache: "hit" }, startedAt);
    return true;
  };
}

/**
 * Fills the cache from anonymous answers of live public pages (HTML and route data). Mounted after
 * the security headers and before compression's output is seen (it records the plain bytes). Not
 * kept: answers that are not 200, set a cookie, or say no-store/private. A kept page loses its nonce
 * (every visitor gets the same bytes) and carries a CSP allowing exactly its inline scripts' hashes.
 */
export function fillPageCache(cache: PageCache, topicsFor: PageTopics, trustProxy: boolean, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const topics = cacheTopics(req, topicsFor);
    if (!topics) return next();
    res.setHeader("X-Cache", "miss");
    const key = cacheKey(req, trustProxy);
    const nonce = String(res.locals.nonce);
    const generation = cache.generation;
    const chunks: Buffer[] = [];
    const record = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string") {
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      } else if (chunk instanceof Uint8Array) {
        chunks.push(Buffer.from(chunk));
      }
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      record(chunk, rest[0]);
      return write.apply(this, [chunk, ...rest] as Parameters<typeof write>);
    } as typeof res.write;
    res.end = function (this: Response, ...args: unknown[]) {
      if (args.length > 0 && typeof args[0] !== "function") record(args[0], args[1]);
      return end.apply(this, args as Parameters<typeof end>);
    } as typeof res.end;
    res.on("finish", () => {
      if (!cacheable(res)) return;
      try {
        const rendered = Buffer.concat(chunks).toString("utf8");
        // The nonce was this one response's: no other visitor may be handed it.
        const text = rendered.split(nonce).join("");
        // The security headers were set on this response: a hit repeats them, with its own policy.
        const responseHeaders = [
          "Content-Security-Policy",
          // Only a production build's pages are cached (see createServer).
          contentSecurityPolicy(inlineScriptHashes(text), false),
          "Vary",
          "Accept-Encoding",
          "X-Cache",
          "hit",
        ];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
          for (const item of Array.isArray(value) ? value : [value]) responseHeaders.push(name, String(item));
        }
        const body = Buffer.from(text, "utf8");
        const page: CachedPage = { status: res.statusCode, responseHeaders, body, topics };
        if (cache.store(key, page, generation)) compressLater(page);
      } catch (error) {
        logger.warn({ err: error, url: req.originalUrl }, "could not keep a page in the cache");
      }
    });
    next();
  };
}
