import { Readable } from "node:stream";
import { parentPort, Worker } from "node:worker_threads";
import {
  createStaticHandler,
  type DataRouteObject,
  type EntryContext,
  type RouteObject,
  type ServerBuild,
  type StaticHandlerContext,
} from "react-router";
import type { renderPage } from "#app/entry.server";
import type { Logger } from "#app/server/platform/logger.server";
import type { PageRender, PageRenderer } from "#app/server/render/page-render.server";
import { loadBuild } from "./server-build";

/** What a build's entry module gives besides React Router's handler (app/entry.server.tsx). */
export interface DocumentEntry {
  renderPage: typeof renderPage;
  stylesheetBytes: Buffer;
}

export function documentEntry(build: ServerBuild): DocumentEntry {
  return build.entry.module as unknown as DocumentEntry;
}

export interface RenderThreadsOptions {
  /** The built server module; each thread loads it and renders with its build. */
  entry: string;
  count: number;
  /** This thread's own entry: for pages no render thread takes, and those whose thread stopped. */
  here: DocumentEntry;
  logger: Logger;
}

/**
 * Documents rendered on threads of their own, so that the main thread loads pages' data and answers
 * while the other cores render (decision 049). Each thread loads the same server build; it is given a
 * page's loaded data and sends back the document's bytes. Pages nobody else can render are rendered
 * on the main thread: before a thread is ready, those with an error to show (React Router renders them
 * twice, with what failed), and those whose data cannot be copied across.
 */
export class RenderThreads implements PageRenderer {
  private readonly threads: RenderThread[];

  /** Settles once every thread is ready, or has stopped before it got there. */
  readonly started: Promise<void>;

  constructor(options: RenderThreadsOptions) {
    this.threads = Array.from({ length: options.count }, () => new RenderThread(options));
    this.started = Promise.all(this.threads.map((thread) => thread.started)).then(() => undefined);
  }

  render(context: EntryContext, page: PageRender): Promise<Readable | null> {
    let chosen: RenderThread | undefined;
    for (const thread of this.threads) {
      if (thread.ready && (!chosen || thread.inFlight < chosen.inFlight)) chosen = thread;
    }
    if (!chosen || context.staticHandlerContext.errors || context.isSpaMode) return Promise.resolve(null);
    return chosen.render(context, page);
  }

  get readyCount(): number {
    return this.threads.filter((thread) => thread.ready).length;
  }

  /** Documents the threads have rendered (their shell is in) since the server started. */
  get documentsRendered(): number {
    return this.threads.reduce((sum, thread) => sum + thread.documentsRendered, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

/** A page's router state as it crosses to a render thread: data only, its routes by their ids. */
interface RenderJob {
  type: "render";
  id: number;
  page: Omit<PageRender, "onError">;
  state: Omit<StaticHandlerContext, "matches" | "loaderHeaders" | "actionHeaders" | "errors">;
  matches: { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; routeId: string }[];
  criticalCss: EntryContext["criticalCss"];
  serverHandoffString: string | undefined;
  /** The page's data as React Router encoded it for the browser, in the pieces it was read in. */
  handoff: Uint8Array[];
}

type ToRenderThread = RenderJob | { type: "abort"; id: number };

type FromRenderThread =
  | { type: "ready" }
  | { type: "error"; id: number; error: unknown; shellSent: boolean }
  /**
   * The document's pieces written since the last message, views of one transferred buffer; null
   * where the site's stylesheet goes (each thread has its own copy). The first of a page's messages
   * is its shell; `end` marks its last.
   */
  | { type: "pieces"; id: number; pieces: (Uint8Array | null)[]; end: boolean }
  | { type: "failed"; id: number; error: unknown };

interface Job {
  page: PageRender;
  /** Until the shell is in: where the document goes, and how to render it here instead. */
  shell: { resolve: (body: Readable | Promise<Readable>) => void; renderHere: () => Promise<Readable> } | null;
  sentAt: number;
  body: Readable | null;
}

// A worker started from text finds the server build by its path, so it works from any folder.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
import(workerData.entry).then((server) => server.servePageRenders());
`;

/** How long a thread that stopped waits before its successor starts. */
const RESTART_DELAY_MS = 1_000;
/**
 * A shell this late means the thread is stuck (a render gives up after six seconds on its own): it is
 * stopped, and its pages are rendered on the main thread.
 */
const SHELL_PATIENCE_MS = 15_000;
/**
 * Pages a thread holds at once: the one it renders and the next, so it never waits for the main
 * thread. The rest wait on the main thread, where their data already is: copied to the thread early,
 * they would outlive the thread's young generation and be promoted, to be collected in full later.
 */
const PAGES_ON_A_THREAD = 2;

class RenderThread {
  ready = false;
  documentsRendered = 0;
  /** Settles when the first thread is ready, or has stopped before it got there. */
  readonly started: Promise<void>;
  private settleStart: () => void = () => {};
  private worker: Worker | null = null;
  private closed = false;
  private nextId = 1;
  private readonly jobs = new Map<number, Job>();
  /** Pages sent to the thread or given their turn to be sent; at most PAGES_ON_A_THREAD. */
  private taken = 0;
  /** Pages waiting their turn on this thread, first come first sent. */
  private readonly waiting: (() => void)[] = [];
  private watchdog: NodeJS.Timeout | null = null;

  constructor(private readonly options: RenderThreadsOptions) {
    this.started = new Promise((resolve) => (this.settleStart = resolve));
    this.start();
  }

  get inFlight(): number {
    return this.taken + this.waiting.length;
  }

  private async takeTurn(): Promise<void> {
    if (this.taken < PAGES_ON_A_THREAD) {
      this.taken += 1;
      return;
    }
    // The turn is handed over by `leave`, without ever being counted free in between.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private leave() {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken -= 1;
  }

  private start() {
    let wasReady = false;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry: this.options.entry } });
    this.worker = worker;
    // The server's own shutdown decides when the process ends, not a thread.
    worker.unref();
    worker.on("message", (message: FromRenderThread) => {
      if (message.type === "ready") {
        wasReady = this.ready = true;
        this.settleStart();
      } else this.receive(message);
    });
    worker.on("error", (error) => this.options.logger.error({ err: error }, "a render thread failed"));
    worker.on("exit", (code) => {
      this.worker = null;
      this.ready = false;
      this.settleStart();
      if (this.watchdog) clearInterval(this.watchdog);
      for (const [id, job] of this.jobs) this.fail(id, job, new Error(`The render thread stopped (exit code ${code})`));
      // One that never got ready would fail the same way again: its pages stay on the main thread.
      if (!this.closed && wasReady) setTimeout(() => this.start(), RESTART_DELAY_MS).unref();
    });
    this.watchdog = setInterval(() => {
      const now = performance.now();
      for (const job of this.jobs.values()) {
        if (job.shell && now - job.sentAt > SHELL_PATIENCE_MS) {
          this.options.logger.error("a render thread stopped answering; starting another");
          void worker.terminate();
          return;
        }
      }
    }, SHELL_PATIENCE_MS / 3).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }

  async render(context: EntryContext, page: PageRender): Promise<Readable> {
    const state = context.staticHandlerContext;
    const handoff = context.serverHandoffStream ? await readPieces(context.serverHandoffStream) : [];
    // The pieces are read: a render here needs a stream of them again.
    const renderHere = () => {
      context.serverHandoffStream = streamOfPieces(handoff);
      return this.options.here.renderPage(context, page);
    };
    await this.takeTurn();
    // The thread may have stopped while the page's data was read or while it waited (a stopped
    // thread's pages have all left, so its turns are free at once).
    const worker = this.worker;
    if (!worker || !this.ready) {
      this.leave();
      return renderHere();
    }
    const id = this.nextId++;
    const job: RenderJob = {
      type: "render",
      id,
      page: { url: page.url, nonce: page.nonce, whole: page.whole },
      state: {
        basename: state.basename,
        location: state.location,
        loaderData: state.loaderData,
        actionData: state.actionData,
        statusCode: state.statusCode,
        _deepestRenderedBoundaryId: state._deepestRenderedBoundaryId,
      },
      matches: state.matches.map((match) => ({
        params: match.params,
        pathname: match.pathname,
        pathnameBase: match.pathnameBase,
        routeId: match.route.id,
      })),
      criticalCss: context.criticalCss,
      serverHandoffString: context.serverHandoffString,
      handoff,
    };
    try {
      worker.postMessage(job satisfies ToRenderThread);
    } catch {
      // Data the structured clone cannot copy (a function, a stream): rendered here.
      this.leave();
      return renderHere();
    }
    return new Promise<Readable>((resolve) => {
      this.jobs.set(id, { page, shell: { resolve, renderHere }, sentAt: performance.now(), body: null });
    });
  }

  private receive(message: Exclude<FromRenderThread, { type: "ready" }>) {
    const job = this.jobs.get(message.id);
    if (!job) return;
    switch (message.type) {
      case "error":
        job.page.onError(message.error, message.shellSent);
        break;
      case "pieces": {
        const id = message.id;
        let body = job.body;
        if (!body) {
          body = new Readable({
            read() {},
            destroy: (error, callback) => {
              // Gone before its end (the visitor left): the thread stops rendering it.
              if (this.forget(id)) this.worker?.postMessage({ type: "abort", id } satisfies ToRenderThread);
              callback(error);
            },
          });
          job.body = body;
          this.documentsRendered += 1;
          job.shell?.resolve(body);
          job.shell = null;
        }
        for (const piece of message.pieces) {
          body.push(
            piece ? Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength) : this.options.here.stylesheetBytes,
          );
        }
        if (message.end) {
          this.forget(id);
          body.push(null);
        }
        break;
      }
      case "failed":
        this.fail(message.id, job, message.error);
        break;
    }
  }

  /** Whether the page was still on the thread; its turn passes to the next page waiting. */
  private forget(id: number): boolean {
    if (!this.jobs.delete(id)) return false;
    this.leave();
    return true;
  }

  private fail(id: number, job: Job, error: unknown) {
    this.forget(id);
    // Before its shell a page can still be rendered whole on the main thread; after, it is cut short
    // like any render that fails half-way.
    if (job.shell) job.shell.resolve(job.shell.renderHere());
    else job.body?.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

async function readPieces(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const pieces: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
  return pieces;
}

function streamOfPieces(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

/** A render thread's side: loads the server build, then renders what it is sent. */
export async function servePageRenders(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("servePageRenders runs on a render thread");
  const build = await loadBuild();
  const entry = documentEntry(build);
  const routeModules: EntryContext["routeModules"] = {};
  for (const [id, route] of Object.entries(build.routes)) if (route) routeModules[id] = route.module;
  // The same route tree the main thread matched against, for what the document's scripts list.
  const matcher = createStaticHandler(routeTree(build.routes));
  const routesById = new Map<string, DataRouteObject>();
  const collect = (routes: DataRouteObject[]) => {
    for (const route of routes) {
      routesById.set(route.id, route);
      if (route.children) collect(route.children);
    }
  };
  collect(matcher.dataRoutes);
  const renders = new Map<number, Readable>();
  const post = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  const render = async (job: RenderJob) => {
    const { id } = job;
    let body: Readable;
    try {
      const context: EntryContext = {
        manifest: build.assets,
        branches: matcher._internalRouteBranches,
        routeModules,
        staticHandlerContext: {
          ...job.state,
          errors: null,
          matches: job.matches.map(({ routeId, ...match }) => {
            const route = routesById.get(routeId);
            if (!route) throw new Error(`No route ${routeId} in the render thread's build`);
            return { ...match, route };
          }),
          loaderHeaders: {},
          actionHeaders: {},
        },
        criticalCss: job.criticalCss,
        serverHandoffString: job.serverHandoffString,
        serverHandoffStream: streamOfPieces(job.handoff),
        renderMeta: {},
        future: build.future,
        ssr: build.ssr,
        routeDiscovery: build.routeDiscovery,
        isSpaMode: false,
      };
      body = await entry.renderPage(context, {
        ...job.page,
        onError: (error, shellSent) => post({ type: "error", id, error: cloneable(error), shellSent }),
      });
    } catch (error) {
      post({ type: "failed", id, error: cloneable(error) });
      return;
    }
    renders.set(id, body);
    // What the page wrote in one turn goes in one message, its bytes copied into one buffer: React
    // writes a whole document in a turn or two once its data is in.
    let written: (Buffer | null)[] = [];
    let sending: NodeJS.Immediate | null = null;
    const send = (end: boolean) => {
      if (sending) clearImmediate(sending);
      sending = null;
      let size = 0;
      for (const piece of written) size += piece?.byteLength ?? 0;
      const buffer = new ArrayBuffer(size);
      let offset = 0;
      const pieces = written.map((piece) => {
        if (!piece) return null;
        const view = new Uint8Array(buffer, offset, piece.byteLength);
        view.set(piece);
        offset += piece.byteLength;
        return view;
      });
      written = [];
      post({ type: "pieces", id, pieces, end }, [buffer]);
    };
    body.on("data", (chunk: Buffer) => {
      // The stylesheet every page shares goes through `oncePerTurn` as the same buffer each time.
      written.push(chunk === entry.stylesheetBytes ? null : chunk);
      sending ??= setImmediate(() => send(false));
    });
    body.once("end", () => {
      if (renders.delete(id)) send(true);
    });
    body.once("close", () => {
      if (sending) clearImmediate(sending);
      if (renders.delete(id))
        post({ type: "failed", id, error: cloneable(body.errored ?? "The render stopped short") });
    });
  };

  port.on("message", (message: ToRenderThread) => {
    if (message.type === "abort") renders.get(message.id)?.destroy();
    else void render(message);
  });
  post({ type: "ready" });
}

/** An error as the structured clone copies it: anything else thrown becomes an Error with its text. */
function cloneable(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** A build's route tree, for matching only: which routes an address reaches. */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const toRoute = ({ id, path, index, caseSensitive }: BuildRoute): RouteObject =>
    index
      ? { id, path, index: true, caseSensitive }
      : { id, path, caseSensitive, children: (byParent.get(id) ?? []).map(toRoute) };
  return (byParent.get(undefined) ?? []).map(toRoute);
}
