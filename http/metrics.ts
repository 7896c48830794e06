import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { ServerBuild } from "react-router";
import { withoutLanguagePrefix } from "./language-routing";
import { createRouteMatcher } from "./route-matcher";
import type { ChangeEvent } from "#app/domain/live";
import type { DatabaseConnections } from "#app/server/db/client.server";
import { refuseRequest } from "./request";

/** What the metrics read at scrape time, rather than counting on every request. */
export interface MetricSources {
  pageCache: { readonly size: number; readonly byteSize: number };
  database: { connections(): DatabaseConnections };
  /** The threads rendering documents beside the main thread, if there are any. */
  renderThreads: { readonly readyCount: number; readonly documentsRendered: number } | null;
}

/** A page served from the page cache carries this route label: the cache keeps no route. */
export const PAGE_CACHE_ROUTE = "(page cache)";
/** Requests no route of the site answers: made-up paths before React Router's not-found page. */
const OTHER_ROUTE = "(other)";

/**
 * The server's figures in Prometheus's text format (`GET /metrics`): requests by route, method and
 * status with their latency, the page cache, live streams, how late changes of other instances arrive,
 * database connections, and Node's own (event-loop delay, memory, CPU, handles).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly routeLabels = new WeakMap<ServerResponse, string>();
  private readonly requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the last byte of its answer, by route, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly pageCacheLookups = new Counter({
    name: "vantage_page_cache_lookups_total",
    help: "Requests the page cache could answer (hit) or rendered and offered to it (miss).",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  private readonly liveStreams = new Gauge({
    name: "vantage_live_streams",
    help: "Open live-update streams (server-sent events) of visitors' and admins' pages.",
    registers: [this.registry],
  });
  private readonly changeLag = new Histogram({
    name: "vantage_change_feed_lag_seconds",
    help: "From a write's announcement to this instance hearing of it (clocks of instances assumed in step).",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly routeIdOf: (pathname: string) => string | undefined;

  constructor(sources: MetricSources, build: ServerBuild | null) {
    collectDefaultMetrics({ register: this.registry });
    this.routeIdOf = build ? routeMatcher(build) : () => undefined;
    new Gauge({
      name: "vantage_page_cache_entries",
      help: "Pages the page cache holds.",
      registers: [this.registry],
      collect() {
        this.set(sources.pageCache.size);
      },
    });
    new Gauge({
      name: "vantage_page_cache_bytes",
      help: "Bytes the page cache holds, as counted for its bound: bodies, compressed copies, headers, keys.",
      registers: [this.registry],
      collect() {
        this.set(sources.pageCache.byteSize);
      },
    });
    new Gauge({
      name: "vantage_render_threads",
      help: "Render threads ready to render documents.",
      registers: [this.registry],
      collect() {
        this.set(sources.renderThreads?.readyCount ?? 0);
      },
    });
    new Counter({
      name: "vantage_render_thread_documents_total",
      help: "Documents rendered on a render thread rather than the main thread.",
      registers: [this.registry],
      collect() {
        // The threads keep the count: the counter shows their total as it is now.
        this.reset();
        this.inc(sources.renderThreads?.documentsRendered ?? 0);
      },
    });
    new Gauge({
      name: "vantage_database_connections",
      help: "Database connections: the most this instance may open, open now, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const { max, open, idle, waiting } = sources.database.connections();
        this.set({ state: "max" }, max);
        this.set({ state: "open" }, open);
        if (idle !== undefined) this.set({ state: "idle" }, idle);
        if (waiting !== undefined) this.set({ state: "waiting" }, waiting);
      },
    });
  }

  /** Counts and times the request once its answer is sent, or once the client went away. */
  track(req: IncomingMessage, res: ServerResponse): void {
    const startedAt = process.hrtime.bigint();
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      const labels = { route: this.routeOf(req, res), method: req.method ?? "", status: String(res.statusCode) };
      this.requests.inc(labels);
      this.durations.observe(labels, Number(process.hrtime.bigint() - startedAt) / 1e9);
      if (labels.route === PAGE_CACHE_ROUTE) this.pageCacheLookups.inc({ result: "hit" });
      else if (res.getHeader("x-cache") === "miss") this.pageCacheLookups.inc({ result: "miss" });
    };
    res.once("finish", count);
    res.once("close", count);
  }

  /** Names the route of a response that never reaches Express's router (a page-cache hit). */
  nameRoute(res: ServerResponse, route: string): void {
    this.routeLabels.set(res, route);
  }

  liveStreamOpened(): void {
    this.liveStreams.inc();
  }

  liveStreamClosed(): void {
    this.liveStreams.dec();
  }

  changeHeard(event: ChangeEvent): void {
    if (event.sentAt !== undefined) this.changeLag.observe(Math.max(0, Date.now() - event.sentAt) / 1000);
  }

  /**
   * A label with few values whatever the URLs: a page's React Router route id, Express's route pattern
   * for the other endpoints, the folder of static files, or "(other)"; never the path itself.
   */
  private routeOf(req: IncomingMessage, res: ServerResponse): string {
    const named = this.routeLabels.get(res);
    if (named) return named;
    const pattern = (req as Partial<Request>).route?.path;
    if (typeof pattern === "string" && pattern !== CATCH_ALL) return pattern;
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (pathname.startsWith("/assets/")) return "/assets";
    if (pattern === CATCH_ALL) return this.routeIdOf(pathname) ?? OTHER_ROUTE;
    return OTHER_ROUTE;
  }
}

/** The pattern every page request reaches React Router through (http/app.ts). */
export const CATCH_ALL = "/{*path}";

/** Finds the deepest route a path renders, as React Router matches it; data requests by their page. */
function routeMatcher(build: ServerBuild): (pathname: string) => string | undefined {
  const routeIdsOf = createRouteMatcher(build);
  return (pathname) => {
    const unprefixed = withoutLanguagePrefix(pathname);
    const page = unprefixed === "/_root.data" ? "/" : unprefixed.replace(/\.data$/, "");
    return routeIdsOf(page)?.at(-1);
  };
}

/**
 * `/metrics` is for the operator: from this machine (a loopback connection that no proxy forwarded),
 * or, when METRICS_TOKEN is set, from anywhere with `Authorization: Bearer <token>` instead.
 */
export function serveMetrics(metrics: ServerMetrics, token: string | undefined) {
  const expected = token ? digest(token) : null;
  return async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    if (expected) {
      const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
      if (!given || !timingSafeEqual(digest(given), expected)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        refuseRequest(
          req,
          res,
          401,
          "Metrics need the bearer token set in METRICS_TOKEN.",
          "text/plain; charset=utf-8",
        );
        return;
      }
    } else if (!fromThisMachine(req)) {
      refuseRequest(
        req,
        res,
        403,
        "Metrics are served only to this machine; set METRICS_TOKEN to read them from elsewhere.",
        "text/plain; charset=utf-8",
      );
      return;
    }
    try {
      const text = await metrics.registry.metrics();
      res.setHeader("Content-Type", metrics.registry.contentType);
      res.send(text);
    } catch (error) {
      next(error);
    }
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/** A proxy on this machine also connects from loopback: what it forwarded came from elsewhere. */
function fromThisMachine(req: Request): boolean {
  return (
    LOOPBACK.has(req.socket.remoteAddress ?? "") && FORWARDING_HEADERS.every((name) => req.get(name) === undefined)
  );
}
