/**
 * The site under load at 10,000 and 50,000 products (`npm run bench:load`; `--products=N,M` for
 * other sizes):
 *
 * - **Burst**: on a fresh server, 200 simultaneous requests to 200 product pages never asked for
 *   before, then 200 to one new catalog page; the server's peak resident memory over its level before (sampled every 20 ms).
 * - **After a save**: 20 product saves, each followed at once by a catalog page and a search nobody
 *   asked for before: how long those two take (the catalog takes the save in place, decision 066).
 *   Visitors have searched and paged the catalog before (20 of each, other queries and pages), as on
 *   any server that has been up a while: the first search a process ever makes compiles its code and
 *   took two to five times as long, which is the start's cost, not the save's.
 * - **Load**: for 60 s, 200 visitors (each reads a random public page of the whole catalog, then
 *   thinks for 0.5–1.5 s; one request in twenty a new search), 500 live-update streams from 500
 *   addresses, and an admin saving a product every second (through the edit form, as the dashboard
 *   does). Reported: visitor latency (p50, p99, slowest, over 2 s), requests not answered within 10 s
 *   or answered with an error, the server's peak memory, the saves' times, /healthz times, and how
 *   many streams got every change.
 *
 * One trusted proxy hop lets the streams come from distinct addresses, as real visitors' would.
 */
import fs from "node:fs";
import { adminEnv, signIn } from "../tests/support/http";
import { openEventStream, type EventStreamReader } from "../tests/support/event-stream";
import { residentBytes } from "../tests/support/memory";
import { startServer, type RunningServer } from "../tests/support/server";
import { editableProducts, generateCatalog, productEditForm, type EditableProduct } from "./lib/catalog";
import { buildSite, sitemapPaths, writeResult } from "./lib/site";
import { percentile, round } from "./lib/stats";

const BURST = 200;
const VISITORS = 200;
const STREAMS = 500;
const LOAD_SECONDS = 60;
const TIMEOUT_MS = 10_000;

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Peak resident memory of `pid` while `work` runs, sampled every `everyMs`. */
async function peakMemory<T>(pid: number, everyMs: number, work: () => Promise<T>) {
  let peak = residentBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), everyMs);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, residentBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function burst(site: RunningServer, paths: string[]) {
  const before = residentBytes(site.pid);
  const { result: statuses, peak } = await peakMemory(site.pid, 20, () =>
    Promise.all(paths.map(async (path) => (await fetch(`${site.url}${path}`)).status)),
  );
  return {
    requests: paths.length,
    failed: statuses.filter((status) => status !== 200).length,
    beforeMb: mb(before),
    peakMb: mb(peak),
    growthMb: mb(peak - before),
  };
}

/** The pages visitors read: any public page of the catalog, and one time in twenty a search never made before. */
async function visitorPages(site: RunningServer): Promise<() => string> {
  const locations = await sitemapPaths(site.url);
  const catalogPages = Array.from({ length: 20 }, (_, page) => `/catalog?page=${page + 1}`);
  const pages = [...locations, ...catalogPages, "/support", "/support?q=manual"];
  let search = 0;
  return () =>
    Math.random() < 0.05
      ? `/search?q=${encodeURIComponent(`camera ${Date.now().toString(36)}${search++}`)}`
      : (pages[Math.floor(Math.random() * pages.length)] ?? "/");
}

/** Saves products through their edit form, one after another round the list, each with a new description. */
function productSaver(site: RunningServer, cookie: string, editable: EditableProduct[]) {
  let next = 0;
  return async (label: string): Promise<{ ms: number; ok: boolean; product: EditableProduct }> => {
    const product = editable[next++ % editable.length];
    if (!product) throw new Error("no product to save");
    const started = performance.now();
    const response = await fetch(`${site.url}/dashboard/products/${product.id}/edit`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: productEditForm(product, `${product.description} (${label})`),
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    // Saved: the form sends the admin to the product's page.
    const ok = response.status === 302 && (response.headers.get("location") ?? "").includes("edited=1");
    if (ok) product.version += 1;
    return { ms, ok, product };
  };
}

/**
 * Saves, each followed at once by a page of the saved product's category with a filter nobody asked
 * for yet and a search never made before: what a visitor waits for right after an editor's save.
 */
async function afterSaves(site: RunningServer, save: ReturnType<typeof productSaver>) {
  for (let visit = 0; visit < 20; visit++) {
    await (await fetch(`${site.url}/search?q=${encodeURIComponent(`VNT-D ${visit + 100}`)}`)).arrayBuffer();
    await (await fetch(`${site.url}/catalog?page=${visit + 30}`)).arrayBuffer();
  }
  const catalogMs: number[] = [];
  const searchMs: number[] = [];
  let failed = 0;
  for (let round = 0; round < 20; round++) {
    const { ok, product } = await save(`after-save ${round}`);
    if (!ok) failed++;
    const timed = async (path: string, into: number[]) => {
      const started = performance.now();
      const response = await fetch(`${site.url}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) failed++;
      into.push(performance.now() - started);
    };
    await timed(`/catalog/categories/${product.categorySlug}?page=${round + 2}`, catalogMs);
    await timed(`/search?q=${encodeURIComponent(`${product.model.slice(0, 6)} ${round}`)}`, searchMs);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    saves: 20,
    failed,
    catalogPageP50Ms: round(percentile(catalogMs, 0.5), 1),
    catalogPageMaxMs: round(percentile(catalogMs, 1), 1),
    searchP50Ms: round(percentile(searchMs, 0.5), 1),
    searchMaxMs: round(percentile(searchMs, 1), 1),
  };
}

async function load(site: RunningServer, save: ReturnType<typeof productSaver>) {
  const nextPage = await visitorPages(site);
  const streams: EventStreamReader[] = [];
  for (let n = 0; n < STREAMS; n++) {
    const address = `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    streams.push(await openEventStream(`${site.url}/events`, { "X-Forwarded-For": address }));
  }
  await Promise.all(streams.map((stream) => stream.waitFor((message) => message.event === "ready")));

  const deadline = Date.now() + LOAD_SECONDS * 1000;
  const visitorMs: number[] = [];
  let timeouts = 0;
  let errors = 0;
  const visitor = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(`${site.url}${nextPage()}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.status >= 400) errors++;
        visitorMs.push(performance.now() - started);
      } catch (error) {
        if (error instanceof DOMException && error.name === "TimeoutError") timeouts++;
        else errors++;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));
    }
  };

  const writeMs: number[] = [];
  let writeErrors = 0;
  const admin = async () => {
    for (let write = 0; Date.now() < deadline; write++) {
      const { ms, ok } = await save(`load ${write}`);
      if (!ok) writeErrors++;
      writeMs.push(ms);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - ms)));
    }
  };

  const healthMs: number[] = [];
  const health = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      await (await fetch(`${site.url}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).arrayBuffer();
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const { peak } = await peakMemory(site.pid, 250, () =>
    Promise.all([...Array.from({ length: VISITORS }, visitor), admin(), health()]),
  );

  // Every committed write is one change on every stream; the last ones may still be on their way.
  const changes = (stream: EventStreamReader) => stream.messages.filter((message) => message.event === "change").length;
  const settled = Date.now() + 30_000;
  while (Date.now() < settled && streams.some((stream) => changes(stream) < writeMs.length)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const complete = streams.filter((stream) => changes(stream) >= writeMs.length).length;
  for (const stream of streams) stream.close();

  return {
    seconds: LOAD_SECONDS,
    visitors: VISITORS,
    streams: STREAMS,
    requests: visitorMs.length,
    requestsPerSecond: round(visitorMs.length / LOAD_SECONDS, 1),
    timeouts,
    errors,
    visitorP50Ms: round(percentile(visitorMs, 0.5), 1),
    visitorP99Ms: round(percentile(visitorMs, 0.99), 1),
    visitorMaxMs: round(percentile(visitorMs, 1), 1),
    visitorOver2s: visitorMs.filter((ms) => ms > 2000).length,
    adminWrites: writeMs.length,
    adminWriteErrors: writeErrors,
    adminP50Ms: round(percentile(writeMs, 0.5), 1),
    adminP95Ms: round(percentile(writeMs, 0.95), 1),
    healthP99Ms: round(percentile(healthMs, 0.99), 1),
    peakRssMb: mb(peak),
    streamsWithEveryChange: complete,
  };
}

export async function measureLoad(productCount: number) {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({
    ...adminEnv(),
    DATA_DIR: dataDir,
    TRUST_PROXY: "1",
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  });
  try {
    const products = (await sitemapPaths(site.url)).filter((path) => path.startsWith("/catalog/products/"));
    // The last products, so the visitors' popular pages (the first ones) are not among them.
    const newPages = await burst(site, products.slice(-BURST));
    const samePage = await burst(
      site,
      Array.from({ length: BURST }, () => "/catalog?page=3"),
    );
    const { cookie } = await signIn(site.url);
    const save = productSaver(site, cookie, editableProducts(dataDir));
    const afterSave = await afterSaves(site, save);
    return { products: productCount, burst: { newPages, samePage }, afterSave, load: await load(site, save) };
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const sizes = (
    process.argv.find((arg) => arg.startsWith("--products="))?.slice("--products=".length) ?? "10000,50000"
  )
    .split(",")
    .map(Number);
  const results = [];
  for (const productCount of sizes) {
    const result = await measureLoad(productCount);
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
  }
  writeResult("load", results);
}
