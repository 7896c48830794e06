/**
 * `npm run bench`: builds once, runs every benchmark (each its own script, its own temp data folder and
 * server on loopback) and writes bench/RESULTS.md: every figure against its target, with the machine,
 * the date and the commit. The raw figures stay in bench/results/*.json.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDebianPackages } from "../scripts/system-packages.js";
import type { ImportResult } from "./import";
import type { RenderedPage } from "./rendered";
import type { PageThroughput } from "./throughput";
import type { UncachedResult } from "./uncached";
import type { VisitorsResult } from "./visitors";
import { buildSite, root } from "./lib/site";

/** Each benchmark with its arguments: some run again in German, or with English alone (decision 086). */
const SCRIPTS: readonly (readonly string[])[] = [
  ["throughput"],
  ["throughput", "--language", "de"],
  ["uncached"],
  ["uncached", "--english-alone"],
  ["rendered"],
  ["search"],
  ["live"],
  ["upload"],
  ["import"],
  ["startup"],
  ["load"],
  ["lighthouse"],
  ["lighthouse", "--language", "de"],
  ["visitors"],
];

const TARGETS = {
  ratio: 0.25,
  p99Ms: 25,
  uncachedRequestsPerSecond: 150,
  uncachedP99Ms: 50,
  uncachedCpuMs: 5,
  /** Category pages filtered by two bounds of typed values and sorted by one (decision 070). */
  valueFiltersCpuMs: 3,
  aboutCpuMs: 2,
  distinctUrlsGrowthMb: 100,
  searchP95Ms: 5,
  pickerP95Ms: 10,
  firstPlaceRate: 0.9,
  liveP95Ms: 300,
  uploadRssMb: 30,
  importMs: 30_000,
  startupMs: 3000,
  largeStartupMs: 10_000,
  lighthouse: 100,
  javascriptBytes: 120_000,
  burstGrowthMb: 300,
  loadRssMb: 1024,
  loadVisitorP99Ms: 500,
  loadVisitorMaxMs: 2000,
  afterSaveMs: 50,
  adminP95Ms: 300,
  dashboardP95Ms: 100,
  dashboardHtmlKb: 200,
  visitorLcpMs: 1500,
  visitorHydratedMs: 2500,
};

interface BurstResult {
  requests: number;
  failed: number;
  beforeMb: number;
  peakMb: number;
  growthMb: number;
}

interface LoadResult {
  products: number;
  burst: { newPages: BurstResult; samePage: BurstResult };
  afterSave: {
    saves: number;
    failed: number;
    catalogPageP50Ms: number;
    catalogPageMaxMs: number;
    searchP50Ms: number;
    searchMaxMs: number;
  };
  load: {
    seconds: number;
    visitors: number;
    streams: number;
    requests: number;
    requestsPerSecond: number;
    timeouts: number;
    errors: number;
    visitorP50Ms: number;
    visitorP99Ms: number;
    visitorMaxMs: number;
    visitorOver2s: number;
    adminWrites: number;
    adminWriteErrors: number;
    adminP50Ms: number;
    adminP95Ms: number;
    healthP99Ms: number;
    peakRssMb: number;
    streamsWithEveryChange: number;
  };
}

function loadSection(result: LoadResult): string[] {
  const { burst, afterSave, load } = result;
  const burstRow = (label: string, figures: BurstResult) =>
    `| ${label} | ${figures.beforeMb} → ${figures.peakMb} MB (+${figures.growthMb} MB), ${figures.failed} failed | growth ≤ ${TARGETS.burstGrowthMb} MB | ${mark(figures.growthMb <= TARGETS.burstGrowthMb && figures.failed === 0)} |`;
  return [
    `### Burst and load at ${result.products.toLocaleString("en-US")} products`,
    "",
    "| Figure | Measured | Target | |",
    "|---|---|---|---|",
    burstRow(
      `Burst: ${burst.newPages.requests} simultaneous requests to new product pages, server memory`,
      burst.newPages,
    ),
    burstRow(
      `Burst: ${burst.samePage.requests} simultaneous requests to one new catalog page, server memory`,
      burst.samePage,
    ),
    `| After each of ${afterSave.saves} product saves, the next new catalog page / new search: p50, slowest | ${afterSave.catalogPageP50Ms}, ${afterSave.catalogPageMaxMs} ms / ${afterSave.searchP50Ms}, ${afterSave.searchMaxMs} ms; ${afterSave.failed} failed | ≤ ${TARGETS.afterSaveMs} ms each | ${mark(Math.max(afterSave.catalogPageMaxMs, afterSave.searchMaxMs) <= TARGETS.afterSaveMs && afterSave.failed === 0)} |`,
    `| Load, ${load.seconds} s of ${load.visitors} visitors + ${load.streams} live streams + a product save a second: visitor requests timed out (10 s) / failed | ${load.timeouts} / ${load.errors} of ${load.requests.toLocaleString("en-US")} (${load.requestsPerSecond} req/s) | 0 / 0 | ${mark(load.timeouts === 0 && load.errors === 0)} |`,
    `| Load: visitor latency p50 / p99 / slowest, requests over 2 s | ${load.visitorP50Ms} / ${load.visitorP99Ms} / ${load.visitorMaxMs} ms, ${load.visitorOver2s} | p99 ≤ ${TARGETS.loadVisitorP99Ms} ms, none over ${TARGETS.loadVisitorMaxMs} ms | ${mark(load.visitorP99Ms <= TARGETS.loadVisitorP99Ms && load.visitorOver2s === 0)} |`,
    `| Load: server peak memory | ${load.peakRssMb} MB | ≤ ${TARGETS.loadRssMb} MB | ${mark(load.peakRssMb <= TARGETS.loadRssMb)} |`,
    `| Load: product saves, p50 / p95, failed | ${load.adminP50Ms} / ${load.adminP95Ms} ms, ${load.adminWriteErrors} of ${load.adminWrites} | p95 ≤ ${TARGETS.adminP95Ms} ms, 0 | ${mark(load.adminP95Ms <= TARGETS.adminP95Ms && load.adminWriteErrors === 0)} |`,
    `| Load: live streams that received every change | ${load.streamsWithEveryChange} of ${load.streams} | all | ${mark(load.streamsWithEveryChange === load.streams)} |`,
    `| Load: /healthz p99 | ${load.healthP99Ms} ms | | |`,
    "",
  ];
}

interface LighthouseResult {
  scores: {
    page: string;
    path: string;
    scores: Record<string, number>;
    lcpMs: number;
    tbtMs: number;
    cls: number;
  }[];
  javascript: { page: string; path: string; gzipBytes: number }[];
}

function readResult<T>(name: string): T | undefined {
  const file = path.join(root, "bench/results", `${name}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : undefined;
}

const mark = (ok: boolean) => (ok ? "met" : "**missed**");

function throughputSection(bySize: Record<string, PageThroughput[]>, inLanguage = ""): string[] {
  const lines: string[] = [];
  for (const [size, pages] of Object.entries(bySize)) {
    lines.push(
      `### Throughput at ${Number(size).toLocaleString("en-US")} products${inLanguage} (autocannon, 20 connections, 15 s after a warm-up)`,
      "",
      "| Page | Bytes | Ours req/s | Ours p50 / p99 ms | nginx req/s | nginx p50 / p99 ms | Ours / nginx | Server CPU µs per request, ours / nginx | Target ≥ 25% and p99 ≤ 25 ms |",
      "|---|---|---|---|---|---|---|---|---|",
    );
    for (const page of pages) {
      const ok = page.ratio >= TARGETS.ratio && page.ours.p99Ms <= TARGETS.p99Ms && page.ours.errors === 0;
      lines.push(
        `| ${page.page} (\`${page.path.length > 40 ? `${page.path.slice(0, 40)}…` : page.path}\`) | ${page.bytes.toLocaleString("en-US")} | ${page.ours.requestsPerSecond.toLocaleString("en-US")} | ${page.ours.p50Ms} / ${page.ours.p99Ms} | ${page.nginx.requestsPerSecond.toLocaleString("en-US")} | ${page.nginx.p50Ms} / ${page.nginx.p99Ms} | ${(page.ratio * 100).toFixed(1)}% | ${page.ours.cpuUsPerRequest} / ${page.nginx.cpuUsPerRequest} | ${mark(ok)} |`,
      );
    }
    lines.push("");
  }
  return lines;
}

function uncachedSection(result: UncachedResult, site: string): string[] {
  const lines = [
    `### Pages the cache cannot answer, ${result.products.toLocaleString("en-US")} products, ${site} (autocannon, 20 connections, every URL asked once)`,
    "",
    `Server memory right after start: ${result.rssAfterStartMb} MB.`,
    "",
    `| Scenario | Requests | Req/s | p50 / p99 ms | Server CPU ms per request | Floor at that CPU: req/s, p50 / p99 ms | At ${TARGETS.uncachedRequestsPerSecond} req/s: p50 / p99 / max ms, CPU ms | Cache hits | Errors | Server RSS after, MB | Target ≥ ${TARGETS.uncachedRequestsPerSecond} req/s, p99 ≤ ${TARGETS.uncachedP99Ms} ms at ${TARGETS.uncachedRequestsPerSecond} req/s, CPU ≤ ${TARGETS.uncachedCpuMs} ms |`,
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const row of result.scenarios) {
    // The budget's latency is the one at its rate (docs/requirements.md §10): as fast as answered, with every
    // connection always busy, a request mostly waits behind the 19 ahead of it (bench/NOTES.md). A result without
    // the run at that rate is judged by the one as fast as answered.
    const paced = row.atTargetRate;
    const ok =
      row.requestsPerSecond >= TARGETS.uncachedRequestsPerSecond &&
      (paced ?? row).p99Ms <= TARGETS.uncachedP99Ms &&
      Math.max(row.cpuMsPerRequest, paced?.cpuMsPerRequest ?? 0) <=
        (row.scenario === "value filters" ? TARGETS.valueFiltersCpuMs : TARGETS.uncachedCpuMs) &&
      row.errors === 0 &&
      (paced?.errors ?? 0) === 0;
    const atRate = paced
      ? `${paced.p50Ms} / ${paced.p99Ms} / ${paced.maxMs}, ${paced.cpuMsPerRequest}`
      : "not measured";
    lines.push(
      `| ${row.scenario} | ${row.requests.toLocaleString("en-US")} | ${row.requestsPerSecond} | ${row.p50Ms} / ${row.p99Ms} | ${row.cpuMsPerRequest} | ${row.floor ? `${row.floor.requestsPerSecond}, ${row.floor.p50Ms} / ${row.floor.p99Ms}` : "not measured"} | ${atRate} | ${row.cacheHits} | ${row.errors} | ${row.rssAfterMb} | ${mark(ok)} |`,
    );
  }
  lines.push("");
  if (result.warmUp) {
    const { warmUp } = result;
    lines.push(
      `Before the scenarios, the server had just started: it first served ${warmUp.requests.toLocaleString("en-US")} other pages of the same kinds, mixed (none of them measured above; the catalog pages as links with a tracker's parameter, which the cache never keeps), at ${warmUp.requestsPerSecond} req/s, p50 / p99 ${warmUp.p50Ms} / ${warmUp.p99Ms} ms and ${warmUp.cpuMsPerRequest} ms of server CPU a request, with its code still being compiled.`,
      "",
    );
  }
  if (result.memory) {
    const { memory } = result;
    const sinceStart = memory.rssAfterMb - result.rssAfterStartMb;
    const heldGrowth = memory.heldAfter.rssMb - memory.heldBefore.rssMb;
    // Measured from the server the scenarios above warmed up, each time once all garbage is collected
    // (bench/lib/gc-probe.cjs): what the server holds, not what V8 has not collected yet.
    lines.push(
      `| Memory over ${memory.urls.toLocaleString("en-US")} distinct anonymous URLs after the scenarios (half of them pages, half the same with trackers' query parameters) | Measured | Target growth ≤ ${TARGETS.distinctUrlsGrowthMb} MB |`,
      "|---|---|---|",
      `| Server RSS once garbage is collected, before / after, MB | ${memory.heldBefore.rssMb} → ${memory.heldAfter.rssMb} (${heldGrowth >= 0 ? "+" : ""}${heldGrowth}) | ${mark(heldGrowth <= TARGETS.distinctUrlsGrowthMb && memory.errors === 0)} |`,
      `| JavaScript heap in use once garbage is collected, before / after, MB | ${memory.heldBefore.heapUsedMb} → ${memory.heldAfter.heapUsedMb} | |`,
      `| External memory (page bodies, compressed copies, the database's memory) once garbage is collected, MB | ${memory.heldBefore.externalMb} → ${memory.heldAfter.externalMb} | |`,
      `| Server RSS as measured, before / after, MB | ${memory.rssBeforeMb} → ${memory.rssAfterMb} (+${memory.growthMb}; +${sinceStart} since start) | |`,
      `| Answered from the page cache / errors | ${memory.cacheHits.toLocaleString("en-US")} / ${memory.errors} | |`,
      "",
    );
  }
  if (result.dashboard?.length) {
    lines.push(
      `#### The dashboard at ${result.products.toLocaleString("en-US")} products, signed in (each page asked for 20 times in a row)`,
      "",
      `| Page | Server time p50 / p95 ms | HTML KB | Target p95 ≤ ${TARGETS.dashboardP95Ms} ms, ≤ ${TARGETS.dashboardHtmlKb} KB |`,
      "|---|---|---|---|",
    );
    for (const row of result.dashboard) {
      const ok = row.p95Ms <= TARGETS.dashboardP95Ms && row.htmlKb <= TARGETS.dashboardHtmlKb;
      lines.push(`| ${row.page} | ${row.p50Ms} / ${row.p95Ms} | ${row.htmlKb} | ${mark(ok)} |`);
    }
    lines.push("");
  }
  return lines;
}

function visitorsSection({ browser, pages }: VisitorsResult): string[] {
  const lines = [
    `### Real visitors on a slow phone (Chromium ${browser}, 150 ms round trip, 1.6 Mbit/s, CPU 4× slower, empty cache; median of 5)`,
    "",
    `| Page | Largest contentful paint ms | Hydrated ms | Runs (LCP / hydrated) | Target LCP ≤ ${TARGETS.visitorLcpMs} ms, hydrated ≤ ${TARGETS.visitorHydratedMs} ms |`,
    "|---|---|---|---|---|",
  ];
  for (const row of pages) {
    const ok = row.lcpMs <= TARGETS.visitorLcpMs && row.hydratedMs <= TARGETS.visitorHydratedMs;
    const runs = row.runs.map((run) => `${run.lcpMs} / ${run.hydratedMs}`).join(", ");
    lines.push(`| ${row.page} | ${row.lcpMs} | ${row.hydratedMs} | ${runs} | ${mark(ok)} |`);
  }
  lines.push("");
  return lines;
}

function report(): string {
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
  const cpus = os.cpus();
  const lines = [
    "# Benchmark results",
    "",
    `Written by \`npm run bench\` on ${new Date().toISOString()} at commit \`${commit}\`.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node.js ${process.version}, ${os.type()} ${os.release()}.`,
    "Everything runs on this one machine over loopback: the load generator, the server and nginx share its cores.",
    "",
  ];

  const throughput = readResult<Record<string, PageThroughput[]>>("throughput");
  if (throughput) lines.push(...throughputSection(throughput));
  const germanThroughput = readResult<Record<string, PageThroughput[]>>("throughput-de");
  if (germanThroughput) lines.push(...throughputSection(germanThroughput, ", the pages in German"));
  const uncached = readResult<UncachedResult>("uncached");
  if (uncached) lines.push(...uncachedSection(uncached, "a site with six languages"));
  const englishAlone = readResult<UncachedResult>("uncached-english-alone");
  if (englishAlone) lines.push(...uncachedSection(englishAlone, "English alone"));
  const visitors = readResult<VisitorsResult>("visitors");
  if (visitors) lines.push(...visitorsSection(visitors));

  lines.push("### Other figures", "", "| Figure | Measured | Target | |", "|---|---|---|---|");
  const search = readResult<{
    products: number;
    queries: number;
    p50Ms: number;
    p95Ms: number;
    modelP50Ms?: number;
    modelP95Ms?: number;
    relevanceQueries?: number;
    relevanceQueriesP50Ms?: number;
    relevanceQueriesP95Ms?: number;
    relevanceCases?: number;
    firstPlaceRate?: number;
    meanReciprocalRank?: number;
  }>("search");
  if (search) {
    lines.push(
      `| Search, ${search.queries} queries of 1–12 characters at ${search.products.toLocaleString("en-US")} products (server time p50 / p95) | ${search.p50Ms} / ${search.p95Ms} ms | p95 ≤ ${TARGETS.searchP95Ms} ms | ${mark(search.p95Ms <= TARGETS.searchP95Ms)} |`,
    );
    if (search.modelP95Ms !== undefined) {
      lines.push(
        `| Accessory picker's search by model, the same queries (server time p50 / p95) | ${search.modelP50Ms} / ${search.modelP95Ms} ms | p95 ≤ ${TARGETS.pickerP95Ms} ms | ${mark(search.modelP95Ms <= TARGETS.pickerP95Ms)} |`,
      );
    }
    if (search.relevanceQueriesP95Ms !== undefined) {
      lines.push(
        `| Search, the relevance set's ${search.relevanceQueries} queries (several words, typos) at ${search.products.toLocaleString("en-US")} products (server time p50 / p95) | ${search.relevanceQueriesP50Ms} / ${search.relevanceQueriesP95Ms} ms | p95 ≤ ${TARGETS.searchP95Ms} ms | ${mark(search.relevanceQueriesP95Ms <= TARGETS.searchP95Ms)} |`,
      );
    }
    if (search.firstPlaceRate !== undefined) {
      lines.push(
        `| Search quality, the relevance set's ${search.relevanceCases} queries on the demo catalog: first-place rate / mean reciprocal rank | ${search.firstPlaceRate} / ${search.meanReciprocalRank} | first place ≥ ${TARGETS.firstPlaceRate} | ${mark(search.firstPlaceRate >= TARGETS.firstPlaceRate)} |`,
      );
    }
  }
  const live = readResult<{ products: number; writes: number; p50Ms: number; p95Ms: number }>("live");
  if (live) {
    lines.push(
      `| Live update at ${live.products.toLocaleString("en-US")} products, ${live.writes} admin writes until on a visitor's screen (p50 / p95) | ${live.p50Ms} / ${live.p95Ms} ms | p95 ≤ ${TARGETS.liveP95Ms} ms | ${mark(live.p95Ms <= TARGETS.liveP95Ms)} |`,
    );
  }
  const upload = readResult<{ bytes: number; wallMs: number; rssGrowthMb: number }>("upload");
  if (upload) {
    lines.push(
      `| Upload of ${upload.bytes.toLocaleString("en-US")} bytes: wall time / server RSS growth | ${upload.wallMs} ms / ${upload.rssGrowthMb} MB | growth ≤ ${TARGETS.uploadRssMb} MB | ${mark(upload.rssGrowthMb <= TARGETS.uploadRssMb)} |`,
    );
  }
  for (const page of readResult<RenderedPage[]>("rendered") ?? []) {
    const target = page.page === "/about" ? TARGETS.aboutCpuMs : TARGETS.uncachedCpuMs;
    lines.push(
      `| ${page.page} rendered on every request (demo catalog, 20 connections, a parameter it does not read): CPU per request, req/s, p50 / p99 | ${page.cpuMsPerRequest} ms, ${page.requestsPerSecond} req/s, ${page.p50Ms} / ${page.p99Ms} ms | CPU ≤ ${target} ms | ${mark(page.cpuMsPerRequest <= target && page.errors === 0)} |`,
    );
  }
  const imported = readResult<ImportResult>("import");
  if (imported) {
    lines.push(
      `| Import of ${imported.products.toLocaleString("en-US")} products, every one changed (CSV through the dashboard): upload + check + apply | ${imported.uploadMs} + ${imported.checkMs} + ${imported.applyMs} = ${imported.totalMs} ms | ≤ ${TARGETS.importMs} ms | ${mark(imported.totalMs <= TARGETS.importMs)} |`,
    );
  }
  const startups = readResult<{ products: number; medianMs: number; maxMs: number }[]>("startup") ?? [];
  for (const startup of startups) {
    const target = startup.products > 1000 ? TARGETS.largeStartupMs : TARGETS.startupMs;
    lines.push(
      `| Start-up on an existing data folder (${startup.products.toLocaleString("en-US")} products) until /readyz: median / worst of 5 | ${startup.medianMs} / ${startup.maxMs} ms | ≤ ${target} ms | ${mark(startup.maxMs <= target)} |`,
    );
  }
  lines.push("");

  for (const loadResult of readResult<LoadResult[]>("load") ?? []) lines.push(...loadSection(loadResult));

  for (const [name, title] of [
    ["lighthouse", "demo catalog"],
    ["lighthouse-de", "demo catalog, the pages in German"],
  ] as const) {
    const lighthouse = readResult<LighthouseResult>(name);
    if (!lighthouse) continue;
    lines.push(
      `### Lighthouse 12, mobile (${title})`,
      "",
      "| Page | Performance | Accessibility | Best Practices | SEO | LCP ms | TBT ms | CLS | Target 100 × 4 |",
      "|---|---|---|---|---|---|---|---|---|",
    );
    for (const page of lighthouse.scores) {
      const values = ["performance", "accessibility", "best-practices", "seo"].map((key) => page.scores[key] ?? 0);
      lines.push(
        `| ${page.page} | ${values.join(" | ")} | ${page.lcpMs} | ${page.tbtMs} | ${page.cls} | ${mark(values.every((value) => value >= TARGETS.lighthouse))} |`,
      );
    }
    lines.push("", "| Page | First-load JavaScript, gzip bytes | Target ≤ 120,000 |", "|---|---|---|");
    for (const page of lighthouse.javascript) {
      lines.push(
        `| ${page.page} (\`${page.path}\`) | ${page.gzipBytes.toLocaleString("en-US")} | ${mark(page.gzipBytes <= TARGETS.javascriptBytes)} |`,
      );
    }
    lines.push("");
  }

  const notes = path.join(root, "bench/NOTES.md");
  if (fs.existsSync(notes)) lines.push(fs.readFileSync(notes, "utf8").trim(), "");
  return lines.join("\n");
}

if (!process.argv.includes("--report-only")) {
  ensureDebianPackages(["chromium", "nginx"]);
  buildSite();
  for (const [script, ...options] of SCRIPTS) {
    console.log(`\n== ${[script, ...options].join(" ")}`);
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        path.join(root, `bench/${script}.ts`),
        ...options,
        "--no-build",
      ],
      { cwd: root, stdio: "inherit" },
    );
    if (result.status !== 0) throw new Error(`bench/${script}.ts ${options.join(" ")} failed`);
  }
}
fs.writeFileSync(path.join(root, "bench/RESULTS.md"), report());
console.log("\nWrote bench/RESULTS.md");
