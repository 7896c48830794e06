import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#app/server/platform/logger.server";
import { readAll } from "#app/server/platform/streams.server";
import { RenderThreads, type DocumentEntry } from "./render-threads";

const STOPPING_THREAD = fileURLToPath(new URL("../tests/support/render-thread-that-stops.mjs", import.meta.url));
const HOLDING_THREAD = fileURLToPath(new URL("../tests/support/render-thread-that-holds.mjs", import.meta.url));

/** The main thread's renderer: it says where it rendered, and what data it was given. */
const here: DocumentEntry = {
  stylesheetBytes: Buffer.from("body{}"),
  renderPage: async (context) => {
    let data = "";
    const reader = context.serverHandoffStream?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      data += new TextDecoder().decode(read.value);
    }
    return Readable.from([Buffer.from(`rendered here with ${data}`)]);
  },
};

function pageContext(): EntryContext {
  return {
    manifest: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "" },
    routeModules: {},
    branches: [],
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
    staticHandlerContext: {
      basename: "/",
      location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
    },
    serverHandoffStream: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("the page's data"));
        controller.close();
      },
    }),
  };
}

const page = { url: "http://localhost/", nonce: "n", whole: false, onError: () => {} };

const pageAt = (url: string) => ({ ...page, url });

async function text(body: Promise<Readable | null>): Promise<string> {
  const readable = await body;
  if (!readable) throw new Error("no render thread took the page");
  return (await readAll(readable)).toString();
}

describe("render threads", () => {
  let threads: RenderThreads | null = null;
  afterEach(async () => {
    await threads?.close();
  });

  it("render a page on the main thread when its thread stops before the page is out, then start another", async () => {
    threads = new RenderThreads({ entry: STOPPING_THREAD, count: 1, here, logger: createLogger("silent") });
    const started = threads;
    await expect.poll(() => started.readyCount).toBe(1);
    const body = await started.render(pageContext(), page);
    expect(body).not.toBeNull();
    // The data read for the thread reaches the main thread's render whole.
    expect((await readAll(body as Readable)).toString()).toBe("rendered here with the page's data");
    await expect.poll(() => started.readyCount).toBe(0);
    // Its successor gets ready.
    await expect.poll(() => started.readyCount).toBe(1);
    // A page with an error to show is React Router's to render twice, on the main thread: never sent.
    const failed = pageContext();
    failed.staticHandlerContext.errors = { root: new Error("a loader failed") };
    expect(await started.render(failed, page)).toBeNull();
    expect(started.readyCount).toBe(1);
  });

  it("hold two pages at most on a thread, the others waiting their turn in the order they came", async () => {
    threads = new RenderThreads({ entry: HOLDING_THREAD, count: 1, here, logger: createLogger("silent") });
    const started = threads;
    await started.started;
    const urls = Array.from({ length: 6 }, (_, index) => `http://localhost/page-${index}`);
    const bodies = await Promise.all(urls.map((url) => text(started.render(pageContext(), pageAt(url)))));
    const held = bodies.map((body) => Number(/which held (\d+)$/.exec(body)?.[1]));
    expect(bodies.map((body) => body.split(" ")[0])).toEqual(urls);
    expect(Math.max(...held)).toBe(2);
    expect(started.readyCount).toBe(1);
  });

  it("render pages still waiting for a thread that stops on the main thread", async () => {
    threads = new RenderThreads({ entry: STOPPING_THREAD, count: 1, here, logger: createLogger("silent") });
    const started = threads;
    await started.started;
    const bodies = await Promise.all(
      Array.from({ length: 4 }, (_, index) => text(started.render(pageContext(), pageAt(`http://localhost/${index}`)))),
    );
    expect(bodies).toEqual(Array.from({ length: 4 }, () => "rendered here with the page's data"));
  });

  it("count as started once their thread is ready", async () => {
    threads = new RenderThreads({ entry: STOPPING_THREAD, count: 1, here, logger: createLogger("silent") });
    await threads.started;
    expect(threads.readyCount).toBe(1);
  });

  it("count as started when their thread cannot load the build, and leave every page to the main thread", async () => {
    const missing = fileURLToPath(new URL("../tests/support/no-such-build.mjs", import.meta.url));
    threads = new RenderThreads({ entry: missing, count: 1, here, logger: createLogger("silent") });
    await threads.started;
    expect(threads.readyCount).toBe(0);
    expect(await threads.render(pageContext(), page)).toBeNull();
  });

  it("leave pages to the main thread when there is no thread", async () => {
    threads = new RenderThreads({ entry: STOPPING_THREAD, count: 0, here, logger: createLogger("silent") });
    expect(await threads.render(pageContext(), page)).toBeNull();
  });
});
