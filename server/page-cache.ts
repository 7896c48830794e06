import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ChangeTopic, LiveHandle } from "#app/domain/live";
import { SESSION_COOKIE_PREFIX } from "#app/server/auth.server";
import type { CachedPage, PageCache } from "#app/server/page-cache.server";

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

/** Headers each response makes for itself (security middleware, compression, Node). */
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

/** Where `nonce` sits in `body`, so each hit can overwrite it without searching. */
function nonceOffsets(body: Buffer, nonce: string): number[] {
  const needle = Buffer.from(nonce);
  const offsets: number[] = [];
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) offsets.push(at);
  return offsets;
}

/** The stored body with this response's own nonce in every place the rendered one was. */
function withNonce(page: CachedPage, nonce: string): Buffer {
  const fresh = Buffer.from(nonce);
  if (page.nonceOffsets.length === 0 || fresh.length !== page.nonce.length) return page.body;
  const copy = Buffer.from(page.body);
  for (const offset of page.nonceOffsets) fresh.copy(copy, offset);
  return copy;
}

function cacheable(res: Response): boolean {
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return res.statusCode === 200 && !res.hasHeader("set-cookie") && !/no-store|private/i.test(cacheControl);
}

/**
 * Serves anonymous GETs of live public pages (HTML and route data) from `cache`, and fills it. Anyone
 * with a session cookie bypasses it both ways, so an admin's view is never stored or served to others;
 * responses that set a cookie, are not 200 or say no-store are not kept. Mounted after the security
 * headers (a fresh CSP nonce per response, swapped into the cached body) and after compression (the
 * cache holds the plain bytes).
 */
export function servePageCache(cache: PageCache, topicsFor: PageTopics) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || req.get("cookie")?.includes(SESSION_COOKIE_PREFIX)) return next();
    const topics = topicsFor(pagePath(req.path));
    if (!topics) return next();
    const key = `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
    const nonce = String(res.locals.nonce);
    const hit = cache.get(key);
    if (hit) {
      res.status(hit.status);
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Cache", "hit");
      res.end(withNonce(hit, nonce));
      return;
    }

    res.setHeader("X-Cache", "miss");
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
      const headers: CachedPage["headers"] = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
        headers[name] = Array.isArray(value) ? value : String(value);
      }
      const body = Buffer.concat(chunks);
      const page = { status: res.statusCode, headers, body, nonce, nonceOffsets: nonceOffsets(body, nonce), topics };
      cache.store(key, page, generation);
    });
    next();
  };
}
