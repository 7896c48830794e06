import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import type { ChangeTopic, PageHandle } from "#app/domain/live";
import { SESSION_COOKIE_PREFIX } from "#app/server/people/auth.server";
import type { Logger } from "#app/server/platform/logger.server";
import { collectShown } from "#app/server/platform/shown.server";
import { acceptsEncoding } from "../accept-encoding";
import { compressAsSent, compressToKeep, type Encoding } from "../compression";
import { logRequest, requestId } from "../request";
import { withoutLanguagePrefix } from "../language-routing";
import { createRouteMatcher } from "../route-matcher";
import { contentSecurityPolicy, hashSource } from "../security";
import type { CachedPage, PageCache } from "./store";

/** React Router's own parameter on route data requests: which routes' data to send. */
const ROUTE_DATA_PARAM = "_routes";

/** Whether a page may be kept, and under what. */
export interface PagePolicy {
  /** What the page shows: a change naming one of these makes it stale. */
  topics: ReadonlySet<ChangeTopic>;
  /** The search parameters the page reads; a URL with any other is never kept. */
  query: ReadonlySet<string>;
  /** Whether it follows the catalog record by record (`PageHandle.cache.byRecord`). */
  byRecord: boolean;
}

/** The policy for a URL path's page, or null when it must never be cached. */
export type CachePolicy = (pathname: string) => PagePolicy | null;

/**
 * A page is cacheable when its own (deepest) route says so (`handle.cache`, see app/domain/live.ts):
 * it is then stale exactly when a change names a topic of one of its routes. Forms, sign-in, password
 * reset and the dashboard never are.
 */
export function cachePolicy(build: ServerBuild): CachePolicy {
  const routeIdsOf = createRouteMatcher(build);
  const handleOf = (id: string | undefined) =>
    id ? (build.routes[id]?.module.handle as PageHandle | undefined) : undefined;
  const policies = new Map<string, PagePolicy | null>();
  return (pathname) => {
    // A page in another language is kept as its English one is, at its own address (decision 086).
    const ids = routeIdsOf(withoutLanguagePrefix(pathname));
    const deepest = ids?.at(-1);
    if (!ids || !deepest) return null;
    // One policy per route: pages of the same route share it.
    let policy = policies.get(deepest);
    if (policy === undefined) {
      const cache = handleOf(deepest)?.cache;
      policy = cache
        ? {
            topics: new Set(ids.flatMap((id) => handleOf(id)?.live ?? [])),
            query: new Set([...(cache.query ?? []), ROUTE_DATA_PARAM]),
            byRecord: cache.byRecord === true,
          }
        : null;
      policies.set(deepest, policy);
    }
    return policy;
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

const TAG_END = ">".charCodeAt(0);
const TAG_NAME_ENDS = new Set([">", " ", "\t", "\n", "/"].map((character) => character.charCodeAt(0)));

/**
 * The inline elements `tag` of an HTML page, found in its bytes: their attributes' text and their
 * content as a view of the page (nothing copied: every page holds a 40 KB stylesheet).
 */
function* inlineElements(html: Buffer, tag: "script" | "style"): Generator<{ attributes: string; content: Buffer }> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  for (let at = html.indexOf(open); at !== -1; at = html.indexOf(open, at + 1)) {
    if (!TAG_NAME_ENDS.has(html[at + open.length] ?? 0)) continue;
    const startEnd = html.indexOf(TAG_END, at);
    const end = startEnd === -1 ? -1 : html.indexOf(close, startEnd);
    if (end === -1) return;
    yield {
      attributes: html.toString("latin1", at + open.length, startEnd),
      content: html.subarray(startEnd + 1, end),
    };
    at = end;
  }
}

/** CSP sources for every inline script of an HTML page: a browser hashes the script's bytes as sent. */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (const { attributes, content } of inlineElements(html, "script")) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(hashSource(content));
  }
  return [...hashes];
}

/** The site's stylesheet is the same in every page: its hash is worked out once per content. */
const styleHashes: { content: Buffer; hash: string }[] = [];
const STYLE_HASHES_KEPT = 16;

/** CSP sources for every inline stylesheet of an HTML page (see inlineScriptHashes). */
export function inlineStyleHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (const { content } of inlineElements(html, "style")) {
    let known = styleHashes.find((style) => style.content.equals(content));
    if (!known) {
      known = { content: Buffer.from(content), hash: hashSource(content) };
      if (styleHashes.length >= STYLE_HASHES_KEPT) styleHashes.shift();
      styleHashes.push(known);
    }
    hashes.add(known.hash);
  }
  return [...hashes];
}

/** `bytes` without any occurrence of `cut`, in a buffer of its own. */
export function withoutBytes(bytes: Buffer, cut: Buffer): Buffer {
  const found: number[] = [];
  if (cut.length > 0) {
    for (let at = bytes.indexOf(cut); at !== -1; at = bytes.indexOf(cut, at + cut.length)) found.push(at);
  }
  const result = Buffer.allocUnsafeSlow(bytes.length - found.length * cut.length);
  let from = 0;
  let written = 0;
  for (const at of found) {
    written += bytes.copy(result, written, from, at);
    from = at + cut.length;
  }
  bytes.copy(result, written, from);
  return result;
}

/** The best encoding the client takes: brotli, else gzip; null for the plain bytes. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const takes = acceptsEncoding(acceptEncoding);
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

/** Pages waiting for their compressed copies; past this many, later ones wait for their next hit. */
const COMPRESSION_QUEUE_MAX = 64;

/**
 * Makes compressed copies of pages that are asked for again, one page at a time, off the request
 * path. A page asked for once never costs a compression, and a burst of new pages never runs
 * hundreds of brotli compressions at once (each holds megabytes while it runs).
 */
class Compressor {
  private readonly queue: { key: string; page: CachedPage }[] = [];
  private readonly queued = new WeakSet<CachedPage>();
  private running = false;

  constructor(private readonly cache: PageCache) {}

  /** Asks for `page`'s copies, unless it has them, waits for them, or the queue is full. */
  request(key: string, page: CachedPage): void {
    if (page.br || this.queued.has(page) || this.queue.length >= COMPRESSION_QUEUE_MAX) return;
    this.queued.add(page);
    this.queue.push({ key, page });
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        // Dropped meanwhile (a change, or evicted): nobody will be sent its copies.
        if (!this.cache.holds(job.key, job.page)) continue;
        try {
          const body = job.page.body;
          const gzip = await compressToKeep(body, "gzip");
          const br = await compressToKeep(body, "br");
          this.cache.addCompressed(job.key, job.page, { gzip, br });
        } catch {
          // A page without copies is still served, plain.
        } finally {
          this.queued.delete(job.page);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** Whether the peer at `address`, `hop` proxies from this server, may speak for the client: Express's compiled "trust proxy fn". */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The scheme the visitor used, as Express tells it (`req.protocol`): the first X-Forwarded-Proto when
 * the peer is a trusted proxy, else whether the connection itself is TLS. Hits are answered before
 * Express sees the request, and both sides must name a page by the same key.
 */
function requestProtocol(req: IncomingMessage, trustProxy: ProxyTrust): string {
  const own = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  const forwarded = trustProxy(req.socket.remoteAddress ?? "", 0) ? req.headers["x-forwarded-proto"] : undefined;
  return typeof forwarded === "string" ? (forwarded.split(",")[0] ?? "").trim() || own : own;
}

/** Where a request's answer is kept, and what it shows. */
interface CacheSlot {
  key: string;
  topics: ReadonlySet<ChangeTopic>;
  byRecord: boolean;
}

/**
 * The slot of an anonymous GET of a cacheable page, or null. The key is scheme, host, path and the
 * page's own search parameters in a fixed order (repeated ones keep theirs); a URL with a parameter
 * the page does not read has no slot at all.
 */
function cacheSlot(req: IncomingMessage, policyFor: CachePolicy, trustProxy: ProxyTrust): CacheSlot | null {
  if (req.method !== "GET" || req.headers.cookie?.includes(SESSION_COOKIE_PREFIX)) return null;
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const policy = policyFor(pagePath(pathname));
  if (!policy) return null;
  let search = "";
  if (queryStart !== -1 && queryStart < url.length - 1) {
    const params = [...new URLSearchParams(url.slice(queryStart + 1))];
    if (params.some(([name]) => !policy.query.has(name))) return null;
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    search = `?${new URLSearchParams(params)}`;
  }
  return {
    key: `${requestProtocol(req, trustProxy)}://${req.headers.host ?? ""}${pathname}${search}`,
    topics: policy.topics,
    byRecord: policy.byRecord,
  };
}

/**
 * Answers a request from the cache, before the rest of the app and before Express itself (a hit costs
 * less than Express's dispatch): the stored bytes (or a stored compressed copy) with their own headers,
 * the security headers and the page's hash-based CSP. Returns false when the request is not a hit.
 * Anyone with a session cookie never gets here, so an admin's view is never served from it.
 */
export function pageCacheHits(
  cache: PageCache,
  policyFor: CachePolicy,
  trustProxy: ProxyTrust,
  logger: Logger,
  catalogBehind: () => boolean = () => false,
) {
  const compressor = new Compressor(cache);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const slot = cacheSlot(req, policyFor, trustProxy);
    const page = slot && cache.get(slot.key);
    if (!slot || !page) return false;
    // A change of the catalog was heard and is being applied: what this page read may be what it
    // changed, and the render waits for the catalog to catch up.
    if (page.shows && catalogBehind()) return false;
    const startedAt = process.hrtime.bigint();
    const id = requestId(req);
    const send = (body: Buffer, encoding: Encoding | null) => {
      const headers = [...page.responseHeaders, "X-Request-Id", id, "Content-Length", String(body.byteLength)];
      if (encoding) headers.push("Content-Encoding", encoding);
      res.writeHead(page.status, headers);
      res.end(body);
      logRequest(logger, { id, method: req.method, url: req.url, status: page.status, cache: "hit" }, startedAt);
    };
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const stored = encoding && page[encoding];
    if (!encoding) send(page.body, null);
    else if (stored) send(stored, encoding);
    else {
      // No stored copies yet (a page's are made once it is asked for again, i.e. now): this visitor gets
      // it compressed as a miss would be, rather than several times the bytes.
      compressAsSent(page.body, encoding).then(
        (body) => send(body, encoding),
        () => send(page.body, null),
      );
    }
    // Asked for again: worth compressing, for the next visitors.
    compressor.request(slot.key, page);
    return true;
  };
}

/**
 * Fills the cache from anonymous answers of live public pages (HTML and route data). Mounted after
 * the security headers and before compression's output is seen (it records the plain bytes). Not
 * kept: answers that are not 200, set a cookie, or say no-store/private. A kept page loses its nonce
 * (every visitor gets the same bytes) and carries a CSP allowing exactly its inline scripts' hashes.
 */
export function fillPageCache(cache: PageCache, policyFor: CachePolicy, trustProxy: ProxyTrust, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const slot = cacheSlot(req, policyFor, trustProxy);
    if (!slot) return next();
    res.setHeader("X-Cache", "miss");
    const { key, topics } = slot;
    // What the render reads of the catalog, for a page that follows it by record.
    const shows = slot.byRecord ? new Set<string>() : undefined;
    cache.countMiss(key);
    const nonce = String(res.locals.nonce);
    const generation = cache.generation;
    const chunks: Buffer[] = [];
    // Kept as they are, not copied: what the app writes is never changed after it is written (React
    // and the stream joining its pieces make a new buffer for each piece).
    const record = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string") {
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      } else if (chunk instanceof Uint8Array) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
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
      // Kept already (by a request for the same page that finished first), stale, or asked for once
      // while the cache is full: nothing to do.
      if (!cacheable(res) || !cache.accepts(key, generation, topics, shows)) return;
      try {
        // The nonce was this one response's: no other visitor may be handed it. Worked on as bytes
        // (the nonce and the tags are ASCII): no decoding, and one copy, the one kept.
        const body = withoutBytes(Buffer.concat(chunks), Buffer.from(nonce));
        // The security headers were set on this response: a hit repeats them, with its own policy.
        const responseHeaders = [
          "Content-Security-Policy",
          // Only a production build's pages are cached (see createServer).
          contentSecurityPolicy(inlineScriptHashes(body), inlineStyleHashes(body), false),
          "Vary",
          "Accept-Encoding",
          "X-Cache",
          "hit",
        ];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
          for (const item of Array.isArray(value) ? value : [value]) responseHeaders.push(name, String(item));
        }
        cache.store(
          key,
          { status: res.statusCode, responseHeaders, body, topics, ...(shows ? { shows } : {}) },
          generation,
        );
      } catch (error) {
        logger.warn({ err: error, url: req.originalUrl }, "could not keep a page in the cache");
      }
    });
    if (shows) collectShown(shows, next);
    else next();
  };
}
