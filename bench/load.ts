/**
 * The site under attack-like load, at 1,000 products (`npm run bench:load`):
 *
 * - **Burst**: on a fresh server, 200 simultaneous requests to 200 product pages never asked for
 *   before, then 200 to one new catalog page; the server's peak resident memory over its level before (sampled every 20 ms).
 * - **Load**: for 60 s, 200 visitors (each reads a page, then thinks for 0.5–1.5 s: popular pages, the
 *   odd new search), 500 live-update streams from 500 addresses, and an admin adding a download every
 *   second. Reported: visitor requests not answered within 10 s (timeouts) or answered with an error,
 *   the server's peak memory, the admin's write times, /healthz times, and how many streams got
 *   every change.
 *
 * One trusted proxy hop lets the streams come from distinct addresses, as real visitors' would.
 */
import fs from "node:fs";
import { adminEnv, sendRaw, signIn } from "../tests/support/http";
import { openEventStream, type EventStreamReader } from "../tests/support/event-stream";
import { residentBytes } from "../tests/support/memory";
import { startServer, type RunningServer } from "../tests/support/server";
import { generateCatalog } from "./lib/catalog";
import { buildSite, writeResult } from "./lib/site";
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

/** The pages visitors read: popular ones over and over, now and then a search never made before. */
async function visitorPages(site: RunningServer): Promise<() => string> {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  const products = locations.filter((path) => path.startsWith("/catalog/products/")).slice(0, 60);
  const categories = locations.filter((path) => path.startsWith("/catalog/categories/"));
  const popular = ["/", "/catalog", "/catalog?page=2", "/support", "/about", "/contact", ...categories, ...products];
  let search = 0;
  return () =>
    Math.random() < 0.05
      ? `/search?q=${encodeURIComponent(`camera ${Date.now().toString(36)}${search++}`)}`
      : (popular[Math.floor(Math.random() * popular.length)] ?? "/");
}

async function load(site: RunningServer, cookie: string) {
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
      const started = performance.now();
      const uploaded = await sendRaw(`${site.url}/uploads?name=load-${write}.txt`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: site.url, "Content-Length": "22" },
        body: Buffer.from("a manual for the bench"),
      });
      const { id } = JSON.parse(uploaded.body.toString("utf8")) as { id: string };
      const created = await fetch(`${site.url}/dashboard/downloads/new`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ description: `Load manual ${write}`, fileId: id }),
      });
      await created.arrayBuffer();
      if (uploaded.status !== 201 || created.status !== 200) writeErrors++;
      const took = performance.now() - started;
      writeMs.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - took)));
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
    adminWrites: writeMs.length,
    adminWriteErrors: writeErrors,
    adminP50Ms: round(percentile(writeMs, 0.5), 1),
    adminP95Ms: round(percentile(writeMs, 0.95), 1),
    healthP99Ms: round(percentile(healthMs, 0.99), 1),
    peakRssMb: mb(peak),
    streamsWithEveryChange: complete,
  };
}

export async function measureLoad(productCount = 1000) {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({ ...adminEnv(), DATA_DIR: dataDir, TRUST_PROXY: "1" });
  try {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const products = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1] ?? "/").pathname)
      .filter((path) => path.startsWith("/catalog/products/"));
    // The last products, so the visitors' popular pages (the first ones) are not among them.
    const newPages = await burst(site, products.slice(-BURST));
    const samePage = await burst(
      site,
      Array.from({ length: BURST }, () => "/catalog?page=3"),
    );
    const { cookie } = await signIn(site.url);
    return { products: productCount, burst: { newPages, samePage }, load: await load(site, cookie) };
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const result = await measureLoad();
  console.log(JSON.stringify(result, null, 2));
  writeResult("load", result);
}
