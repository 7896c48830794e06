import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { ChangeTopic } from "#app/domain/live";
import { createRouteContext, type RequestScope } from "#app/server/runtime/context.server";
import { getEnv, type Env } from "#app/server/platform/env.server";
import { startRuntime, type Runtime } from "#app/server/runtime/runtime.server";
// The stylesheet every page inlines (app/entry.server.tsx), for the CSP hash that allows it.
import inlineStylesheet from "#app/app.css?inline";
import { writeBackup } from "#app/server/import-export/backup.server";
import { foldersOpenToOthers } from "#app/server/platform/private-files.server";
import { storageLocation } from "#app/server/runtime/storage-location.server";
import { listenForAdminCommands } from "./admin-socket";
import { precompressedAssets } from "./assets";
import { SENT_BROTLI_PARAMS, SENT_GZIP_LEVEL } from "./compression";
import { liveStreamCapacity, liveStreamGate, liveStreams } from "./events";
import { CATCH_ALL, PAGE_CACHE_ROUTE, ServerMetrics, serveMetrics } from "./metrics";
import { serveFile } from "./files";
import { serveDatasheet } from "./datasheets";
import { serveSecurityTxt } from "./security-txt";
import { csafDistribution } from "./csaf";
import { advisoryFeeds } from "./advisory-feeds";
import { SESSION_COOKIE_PREFIX } from "#app/server/people/auth.server";
import { SCHEDULE_CHECK_MS } from "#app/server/admin/publication.server";
import { serveImageVariant } from "./images";
import { cachePolicy, fillPageCache, PageCache, pageCacheHits, type CachePolicy, type ProxyTrust } from "./page-cache";
import { expressMessages } from "../vite/express-messages";
import { languageSegmentOf, pageLanguageOf, type PageLanguage } from "./language-routing";
import { reactRouterHandler } from "./react-router";
import { renderQueue } from "./render-queue";
import { documentEntry, RenderThreads } from "./render-threads";
import { acceptRequest, logRequest, refuseRequest, requestHeaders, requestId } from "./request";
import { createLogger, loggableUrl, type Logger } from "#app/server/platform/logger.server";
import { capRequestBodies, sameOriginWrites, securityHeaders } from "./security";
import { stageUpload } from "./uploads";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, unavailableDocument } from "#app/server/platform/unavailable.server";

const STAGED_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * Visitors' page renders at once. A turn lasts until the answer is written (decision 047), and writing a
 * large page (a listing of 24 products is 110–135 KB) holds back while the visitor reads all but its last
 * few kilobytes: with four turns the server sat idle an eighth of the time while visitors queued
 * (decision 030). Still few enough that a flood holds little memory, and admins never wait behind them.
 */
const RENDER_CONCURRENCY = 16;
/** Visitors waiting for a render; a flood beyond this is told to come back. */
const RENDER_WAITING_MAX = 1_000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface AppOptions {
  /** The React Router build, or (in development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  development?: boolean;
  /** Mounted before the app in development (Vite's middlewares). */
  before?: express.RequestHandler;
  /**
   * The built server module, which a render thread loads to render documents (decision 049); without
   * it, documents are rendered on the main thread.
   */
  renderThreadEntry?: string;
}

export { loadBuild } from "./server-build";
export { servePageRenders } from "./render-threads";

/**
 * Starts the site: the runtime (`start`) and the HTTP server over it. The render threads begin loading
 * the build first, while the database opens: each takes about a second, which a start otherwise spent
 * waiting for them once the rest was up.
 */
export async function startSite(options: AppOptions): Promise<{ runtime: Runtime; site: SiteServer }> {
  const env = getEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const threads = renderThreads(env, logger, options);
  let runtime: Runtime | undefined;
  try {
    runtime = await start(env, logger);
    return { runtime, site: createServer(runtime, options, threads) };
  } catch (error) {
    await threads?.close();
    await runtime?.close();
    throw error;
  }
}

/**
 * Opens the database and storage, makes sure the configured admin and the demo catalog exist, and
 * takes `npm run admin` commands while it runs.
 */
async function start(env: Env, logger: Logger): Promise<Runtime> {
  const started = await startRuntime(env, logger);
  const { admins } = started;
  const storage = storageLocation(env);
  const privateFolders = [env.dataDir, ...(storage.kind === "disk" ? [storage.root] : [])];
  for (const { folder, mode } of foldersOpenToOthers(privateFolders)) {
    logger.warn(
      { folder, mode },
      `${folder} is open to other users of this machine (mode ${mode}); it holds the database or stored files: run chmod -R go= ${folder}`,
    );
  }
  // Node prints its warnings as plain text on stderr; here they join the log like everything else.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logger.warn({ err: warning }, `Node.js warning: ${warning.message}`));
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await admins.ensure(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  else if ((await admins.count()) === 0) logger.warn(NO_ADMIN_HINT);
  if (env.DEMO_DATA) {
    // The demo catalog is a large module of data: loaded only where it is asked for, as its own chunk.
    const { loadDemoCatalogIfEmpty } = await import("../demo/load");
    await loadDemoCatalogIfEmpty(started);
  }
  // On the embedded database no other process writes: whatever was stored before this one started
  // and is not recorded was cut off by a crash. On a shared database other instances may be in the
  // middle of an upload, so only what is older than the staged-file limit counts.
  const startedAt = new Date();
  const cleanUp = (writtenBefore: Date) =>
    started.files
      .finishInterrupted(writtenBefore)
      .then(({ partial, orphans }) => {
        if (partial + orphans > 0) logger.info({ partial, orphans }, "removed what interrupted writes left behind");
      })
      .catch((error: unknown) => logger.error({ err: error }, "cleaning up after interrupted writes failed"));
  const sweep = async () => {
    try {
      const count = await started.files.sweepStaged(STAGED_FILE_MAX_AGE_MS);
      if (count > 0) logger.info({ count }, "swept abandoned uploads");
    } catch (error) {
      logger.error({ err: error }, "sweeping abandoned uploads failed");
    }
    await cleanUp(new Date(Date.now() - STAGED_FILE_MAX_AGE_MS));
    try {
      const analyzed = await started.database.keepStatistics();
      if (analyzed.length > 0) logger.info({ tables: analyzed.length }, "gathered the query planner's statistics");
    } catch (error) {
      logger.error({ err: error }, "gathering the query planner's statistics failed");
    }
    try {
      const purged = await started.services.revisions.purgeExpired();
      if (purged > 0) logger.info({ purged }, "purged records deleted longer ago than Recently deleted keeps them");
    } catch (error) {
      logger.error({ err: error }, "purging long-deleted records failed");
    }
  };
  // Before serving: a crash's leftovers are gone by the time anyone can look.
  if (!env.DATABASE_URL) await cleanUp(startedAt);
  void sweep();
  setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  // Every instance looks; each scheduled record is published by exactly one of them (publishDue).
  const publishDue = () =>
    started.services.scheduler
      .publishDue()
      .then((published) => {
        if (published > 0) logger.info({ published }, "published scheduled records");
      })
      .catch((error: unknown) => logger.error({ err: error }, "publishing scheduled records failed"));
  void publishDue();
  setInterval(() => void publishDue(), SCHEDULE_CHECK_MS).unref();
  const stopAdminCommands = await listenForAdminCommands({
    dataDir: env.dataDir,
    admins,
    backup: (file, passphrase) => writeBackup({ db: started.database.db, storage: started.storage, file, passphrase }),
    logger,
  });
  // The catalog is read into memory while the server starts listening: /readyz says ready once it is.
  started.catalogSnapshot
    .start()
    .catch((error: unknown) =>
      logger.error({ err: error }, "reading the catalog failed: the next request tries again"),
    );
  return {
    ...started,
    async close() {
      await stopAdminCommands();
      await started.close();
    },
  };
}

const NO_ADMIN_HINT =
  "No admin yet: to sign in, run `npm run admin -- create you@example.com` (it works while the site runs), " +
  "or start with ADMIN_EMAIL and ADMIN_PASSWORD set";

/**
 * Behind a TLS proxy the request React Router sees may say http://internal-host while the browser's
 * Origin is PUBLIC_URL; React Router would then refuse every form post. Writes reach it only after
 * `sameOriginWrites` checked their Origin, so the public origin can be allowed here too.
 */
function allowPublicOrigin(build: ServerBuild, publicUrl: string): ServerBuild {
  const host = new URL(publicUrl).host;
  const allowed = Array.isArray(build.allowedActionOrigins) ? build.allowedActionOrigins : [];
  return { ...build, allowedActionOrigins: [...allowed, host] };
}

export interface SiteServer {
  readonly http: http.Server;
  /**
   * Settles once everything the server starts beside the HTTP listener is up (the render threads):
   * pages are served before, on the main thread.
   */
  readonly started: Promise<void>;
  /**
   * Stops taking connections and ends the live streams (their pages reconnect at once, through a
   * proxy to another instance); requests in flight finish, for up to `graceMs`, then whatever is left
   * is cut. Resolves to whether everything finished in time.
   */
  drain(graceMs: number): Promise<boolean>;
}

/**
 * The HTTP server: page cache hits are answered straight from Node's request event (decision 007),
 * everything else goes through the Express app.
 */
function createServer(runtime: Runtime, options: AppOptions, threads: RenderThreads | null): SiteServer {
  const { logger, changes, ownWrites } = runtime;
  const build = options.build;
  // Development rebuilds routes on every change: only a production build's pages are cached.
  const cachePages = typeof build !== "function" && !options.development ? cachePolicy(build) : null;
  // Pages go when any instance's write touches what they show, and at once for this instance's own.
  const pageCache = new PageCache();
  const dropPages = ({ topics }: { topics: ChangeTopic[] }) => pageCache.invalidate(topics);
  const unsubscribe = [
    changes.subscribe(dropPages),
    ownWrites.subscribe(dropPages),
    // Pages that follow the catalog by record go when a change the catalog applied touches what they read.
    runtime.catalogSnapshot.subscribe((change) => pageCache.dropShowing(change)),
  ];
  const metrics = new ServerMetrics(
    { pageCache, database: runtime.database, renderThreads: threads },
    typeof build === "function" ? null : build,
  );
  unsubscribe.push(changes.subscribe((event) => metrics.changeHeard(event)));
  const live = liveStreams(changes, liveStreamGate(liveStreamCapacity(runtime.env.LIVE_CONNECTIONS_MAX)), metrics);
  const app = createApp(runtime, options, pageCache, cachePages, metrics, live, threads);
  const answerHit = cachePages
    ? pageCacheHits(
        pageCache,
        cachePages,
        proxyTrust(app),
        logger,
        // While the database is away, kept pages are what visitors get: a catch-up would wait for it.
        () => runtime.catalogSnapshot.behind && runtime.database.availability.available,
      )
    : () => false;
  const server = http.createServer({ ...SERVER_TIMEOUTS, ...expressMessages(app) }, (req, res) => {
    metrics.track(req, res);
    if (!acceptRequest(req, res)) return;
    // Counted when the answer is flushed, after this: the label is in place by then.
    if (answerHit(req, res)) metrics.nameRoute(res, PAGE_CACHE_ROUTE);
    else app(req, res);
  });
  server.setTimeout(IDLE_SOCKET_MS);
  server.on("close", () => {
    unsubscribe.forEach((stop) => stop());
    void threads?.close();
  });
  return {
    http: server,
    started: threads?.started ?? Promise.resolve(),
    drain: (graceMs) => drain(server, live.endAll, graceMs),
  };
}

/**
 * Threads that render documents beside the main thread, one for each core but the main thread's
 * (RENDER_THREADS sets the number; 0 renders everything on the main thread). Only a production build
 * started from its file has them: the threads load that file.
 */
function renderThreads(env: Env, logger: Logger, options: AppOptions): RenderThreads | null {
  const count = env.RENDER_THREADS ?? os.availableParallelism() - 1;
  if (typeof options.build === "function" || options.development || !options.renderThreadEntry || count < 1)
    return null;
  return new RenderThreads({
    entry: options.renderThreadEntry,
    count,
    here: documentEntry(options.build),
    logger,
  });
}

async function drain(server: http.Server, endLiveStreams: () => void, graceMs: number): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  endLiveStreams();
  // A kept-alive connection (a proxy's, most often) that finishes its request is closed at once,
  // rather than left open for requests this server would no longer take.
  const closeIdle = setInterval(() => server.closeIdleConnections(), DRAIN_CHECK_MS);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    closed.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  clearInterval(closeIdle);
  if (!finished) server.closeAllConnections();
  await closed;
  return finished;
}

const DRAIN_CHECK_MS = 50;

/**
 * The largest legitimate request is a 20 MB upload from an admin on a slow link (at 256 kbit/s about
 * 11 minutes); anything slower than that is let go. Headers are a few kilobytes and get 20 seconds,
 * which ends slow-header attacks long before Node's default of a minute.
 */
const SERVER_TIMEOUTS: http.ServerOptions = {
  requestTimeout: 15 * 60_000,
  headersTimeout: 20_000,
  // Longer than the 60 s idle timeout of common proxies and load balancers, so they close first.
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 5_000,
};
/** A socket with no bytes either way for this long is closed; live streams send a heartbeat sooner. */
const IDLE_SOCKET_MS = 2 * 60_000;

/** The proxy trust Express compiled from TRUST_PROXY, so the page cache reads requests as Express does. */
function proxyTrust(app: express.Express): ProxyTrust {
  return app.get("trust proxy fn") as ProxyTrust;
}

function createApp(
  runtime: Runtime,
  options: AppOptions,
  pageCache: PageCache,
  cachePages: CachePolicy | null,
  metrics: ServerMetrics,
  live: ReturnType<typeof liveStreams>,
  renderThreads: RenderThreads | null,
): express.Express {
  const { env, logger, services } = runtime;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  const security = { publicUrl: env.publicUrl, development: Boolean(options.development), inlineStylesheet };
  // The build's own top-level files and folders (the favicon, the hero pictures) besides /assets.
  const clientEntries = new Set(options.clientDir ? fs.readdirSync(options.clientDir) : []);
  const isPageFile = (path: string) => {
    const first = path.split("/")[1] ?? "";
    return first === "assets" || first === "images" || clientEntries.has(first);
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    const id = requestId(req);
    const startedAt = process.hrtime.bigint();
    // Read now: a handler mounted on a path (/assets) changes req.path while it answers.
    const pageFile = isPageFile(req.path);
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    res.on("finish", () =>
      logRequest(
        logger,
        { id, method: req.method, url: req.originalUrl, status: res.statusCode },
        startedAt,
        pageFile && res.statusCode < 400 ? "debug" : "info",
      ),
    );
    next();
  });
  const build = options.build;
  app.use(securityHeaders(security));
  app.use(sameOriginWrites(security));
  app.use(capRequestBodies());
  app.use(
    compression({
      brotli: { params: SENT_BROTLI_PARAMS },
      level: SENT_GZIP_LEVEL,
      // Event streams must reach the browser as they are written, not when a buffer fills.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  if (cachePages) app.use(fillPageCache(pageCache, cachePages, proxyTrust(app), logger));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  const { availability } = runtime.database;
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    // Known states answer quietly: a proxy probes every second, and each is logged where it begins.
    if (!availability.available) {
      res.status(503).json({ status: "unavailable" });
      return;
    }
    // Ready once the catalog is in memory: until then every catalog page would wait for it.
    if (!runtime.catalogSnapshot.ready) {
      runtime.catalogSnapshot.start().catch(() => undefined);
      res.status(503).json({ status: "starting" });
      return;
    }
    try {
      await Promise.all([
        runtime.database.ping().catch((error: unknown) => {
          availability.failed(error);
          throw error;
        }),
        runtime.storage.ping(),
      ]);
      res.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
  app.get("/metrics", serveMetrics(metrics, env.METRICS_TOKEN));
  app.get("/events", live.handler);
  app.get("/files/:id{/:name}", serveFile(runtime));
  const imageVariants = serveImageVariant(runtime);
  app.get("/images/:fileId/:width.webp", imageVariants);
  app.get("/images/:fileId/:ratio/:width.webp", imageVariants);
  app.post("/uploads", stageUpload(runtime));
  app.get("/catalog/products/:productSlug/datasheet.pdf", serveDatasheet(runtime));
  app.get("/.well-known/security.txt", serveSecurityTxt(runtime));
  app.use(advisoryFeeds(runtime));
  app.use(csafDistribution(runtime));

  if (options.before) app.use(options.before);
  if (options.clientDir) {
    app.use("/assets", precompressedAssets(`${options.clientDir}/assets`));
    app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // Only paths under the build's own top-level files and folders (the favicon, the hero pictures) can
    // be one of them: every other request would cost a file-system lookup before reaching its page.
    const clientFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (clientEntries.has(req.path.split("/")[1] ?? "")) clientFiles(req, res, next);
      else next();
    });
  }

  // An answer to someone signed in may hold what visitors must not see (drafts, the dashboard): no cache
  // keeps it, whichever loaders ran (a client navigation's data request runs only some of them).
  // Routes that say otherwise (the root loader for signed-in people says the same) keep their word.
  app.use((req, res, next) => {
    if (req.headers.cookie?.includes(SESSION_COOKIE_PREFIX)) {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
        return writeHead(...args);
      }) as typeof res.writeHead;
    }
    next();
  });

  // The signed-in admin, looked up at most once per request: by the render queue, then by the routes.
  // While the database cannot be reached, what needs it is answered at once (cached pages, files on
  // their own and the live streams still are), and no render waits for a connection that is not there.
  app.use((req, res, next) => {
    if (availability.available) next();
    else answerUnavailable(req, res, inlineStylesheet);
  });

  const users = new WeakMap<Request, ReturnType<RequestScope["user"]>>();
  const userOf = (req: Request) => {
    let user = users.get(req);
    if (!user) {
      user = runtime.auth.getUser(requestHeaders(req));
      users.set(req, user);
    }
    return user;
  };
  app.all(
    CATCH_ALL,
    renderQueue({
      concurrency: RENDER_CONCURRENCY,
      maxWaiting: RENDER_WAITING_MAX,
      isAdmin: async (req) => Boolean(await userOf(req)),
    }),
    reactRouterHandler({
      async basenameOf(req, res) {
        if (languageSegmentOf(req.path) === null) return "";
        const { languages } = await services.settings.getSiteSettings();
        const page = pageLanguageOf(req.path, languages);
        res.locals.pageLanguage = page;
        return page.basename;
      },
      build:
        typeof build === "function"
          ? async () => allowPublicOrigin(await build(), env.publicUrl)
          : allowPublicOrigin(build, env.publicUrl),
      mode: options.development ? "development" : "production",
      getLoadContext(req, res) {
        return createRouteContext(services, {
          nonce: String(res.locals.nonce),
          requestId: String(res.locals.requestId),
          logger,
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
          publicUrl: env.publicUrl,
          user: () => userOf(req),
          databaseAvailability: availability,
          pageRenderer: renderThreads ?? undefined,
          language: (res.locals.pageLanguage as PageLanguage | undefined)?.language ?? undefined,
        });
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const unreachable = availability.failed(error);
    const where = { err: error, requestId: res.locals.requestId, url: loggableUrl(req.originalUrl) };
    if (unreachable) logger.warn(where, "a request could not reach the database");
    else logger.error(where, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (unreachable) answerUnavailable(req, res, inlineStylesheet);
    else res.status(500).type("text/plain").send("Sorry, an error has occurred.");
  });
  return app;
}

/**
 * 503 with Retry-After, for what needs the database while it cannot be reached: the page that says so
 * to a browser, the same words as JSON to a script (the upload form, a client navigation's data).
 */
function answerUnavailable(req: Request, res: Response, stylesheet: string): void {
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  const page = req.accepts(["html", "json"]) === "html" && !req.path.endsWith(".data");
  refuseRequest(
    req,
    res,
    503,
    page ? unavailableDocument(stylesheet) : JSON.stringify({ error: UNAVAILABLE_MESSAGE, code: "unavailable" }),
    page ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
  );
}
