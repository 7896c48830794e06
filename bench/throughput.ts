/**
 * Requests per second and latency of the anonymous public pages, ours against nginx serving the very
 * same bytes as static files: autocannon, 20 connections, 15 s after a warm-up, on loopback. Run at
 * 1,000 and 10,000 products. `npm run bench:throughput` (also part of `npm run bench`); with
 * `-- --language de`, the same pages in German on a site with six languages (decision 086).
 */
import fs from "node:fs";
import autocannon from "autocannon";
import { ensureDebianPackages } from "../scripts/system-packages.js";
import { startServer } from "../tests/support/server";
import { adminEnv } from "../tests/support/http";
import { generateCatalog } from "./lib/catalog";
import { cpuTimeMs } from "./lib/cpu";
import { serveWithNginx } from "./lib/nginx";
import { askedLanguage, buildSite, giveSiteLanguages, writeResult } from "./lib/site";

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARMUP_S = 3;
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map(Number);

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU time the serving process(es) spent per answered request, in microseconds. */
  cpuUsPerRequest: number;
}

export interface PageThroughput {
  page: string;
  path: string;
  bytes: number;
  ours: LoadFigures;
  nginx: LoadFigures;
  /** ours / nginx requests per second. */
  ratio: number;
}

/** Loads `url` for `seconds`; `pid` is the server's process, whose CPU time is counted meanwhile. */
async function load(url: string, seconds: number, pid: number): Promise<LoadFigures> {
  const cpuBefore = cpuTimeMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  const cpuMs = cpuTimeMs(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUsPerRequest: Math.round((cpuMs * 1000) / Math.max(1, result.requests.total)),
  };
}

/** The six pages of the issue, found from the catalog itself: a category with a filter, a product. */
async function pagesOf(base: string) {
  const catalog = await (await fetch(`${base}/catalog`)).text();
  const category = /href="(\/catalog\/categories\/[^"?]+)"/.exec(catalog)?.[1];
  const product = /href="(\/catalog\/products\/[^"?]+)"/.exec(catalog)?.[1];
  if (!category || !product) throw new Error("The catalog has no category or product links");
  const categoryPage = await (await fetch(`${base}${category}`)).text();
  const feature = /name="feature" value="([^"]+)"/.exec(categoryPage)?.[1];
  return [
    { page: "Home", path: "/" },
    { page: "Catalog", path: "/catalog" },
    { page: "Category, filtered", path: feature ? `${category}?feature=${feature}` : category },
    { page: "Product", path: product },
    { page: "Support", path: "/support" },
    { page: "Search", path: "/search?q=dome" },
  ];
}

/** The pages at `productCount` products, in `language` (its prefix) when given, else English. */
export async function measureThroughput(productCount: number, language?: string): Promise<PageThroughput[]> {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({ ...(language ? adminEnv() : {}), DATA_DIR: dataDir });
  try {
    if (language) await giveSiteLanguages(site);
    const pages = (await pagesOf(site.url)).map((page) => ({
      ...page,
      path: language ? `/${language}${page.path}` : page.path,
    }));
    const results: PageThroughput[] = [];
    for (const { page, path } of pages) {
      const response = await fetch(`${site.url}${path}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      await load(`${site.url}${path}`, WARMUP_S, site.pid);
      const ours = await load(`${site.url}${path}`, DURATION_S, site.pid);
      const nginx = await serveWithNginx([{ body, contentType: response.headers.get("content-type") ?? "text/html" }]);
      try {
        const staticUrl = `${nginx.url}${nginx.paths[0] ?? "/"}`;
        await load(staticUrl, WARMUP_S, nginx.pid);
        const limit = await load(staticUrl, DURATION_S, nginx.pid);
        results.push({
          page,
          path,
          bytes: body.byteLength,
          ours,
          nginx: limit,
          ratio: Math.round((ours.requestsPerSecond / limit.requestsPerSecond) * 1000) / 1000,
        });
      } finally {
        await nginx.stop();
      }
      console.log(`${productCount} products · ${page}: ${JSON.stringify(results.at(-1))}`);
    }
    return results;
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  ensureDebianPackages(["nginx"]);
  if (!process.argv.includes("--no-build")) buildSite();
  const language = askedLanguage();
  const bySize: Record<string, PageThroughput[]> = {};
  for (const size of SIZES) bySize[size] = await measureThroughput(size, language);
  writeResult(language ? `throughput-${language}` : "throughput", bySize);
}
