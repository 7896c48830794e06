/**
 * Pages the cache cannot answer: at 10,000 products, 20 connections, every request a URL never asked
 * before, so each one is rendered. Six scenarios, as visitors and crawlers meet them:
 * - crawler: every product page once, none of them in the cache (as right after a write dropped them);
 * - filter explorer: category pages with random combinations of features and page numbers;
 * - new searches: /search with words nobody asked before (pieces of real models and descriptions);
 * - catalog pages: /catalog?page=1…N, each once;
 * - value filters: category pages with two bounds of typed values and an order by one (decision 070);
 * - crawler, compressed: other product pages, asked for as search engines and browsers ask, taking
 *   brotli or gzip (the other scenarios take the plain bytes, as autocannon does by default);
 * - crawler in German, filter explorer in Arabic: the same kinds of page in two of the site's other
 *   languages (decision 086), which the site has five of, as the demo's owner would: German, French,
 *   Spanish, Japanese and Arabic.
 * The server first serves other pages of each kind (a warm-up, reported on its own): the scenarios are
 * of a server that has been up a while, its code compiled by earlier visitors.
 * For each: requests per second, latency, and the server's CPU time per request; the server's memory
 * right after start and after each scenario. Then memory after 100,000 distinct anonymous URLs: every
 * product page, filters, searches, catalog pages, unknown pages, and each of them again with query
 * parameters the site does not know (trackers' `utm_…`, `fbclid`), which must not make new cache entries.
 * Then the dashboard at the same size, signed in: every kind
 * of dashboard page, each asked for one at a time as an admin does, with its server time and its size.
 * `npm run bench:uncached` (also part of `npm run bench`).
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { CATALOG_PAGE_SIZE } from "../app/domain/catalog-views";
import { adminEnv, signIn } from "../tests/support/http";
import { OTHER_LANGUAGES } from "../tests/support/site-languages";
import { startServer, type RunningServer } from "../tests/support/server";
import { createRandom } from "../demo/random";
import { generateCatalog } from "./lib/catalog";
import { cpuMsPerRequest, cpuTimeMs } from "./lib/cpu";
import { measureFloor, type Floor } from "./lib/floor";
import { askAtRate, type PacedAnswers } from "./lib/paced";
import { buildSite, giveSiteLanguages, sitemapPaths, writeResult } from "./lib/site";
import { percentile, round } from "./lib/stats";

const CONNECTIONS = 20;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
/** Requests per scenario at most: enough for steady figures, few enough that no URL repeats. */
const REQUESTS = Number(process.env.BENCH_UNCACHED_REQUESTS ?? 3_000);
/** Pages of each kind served before the scenarios, none of them among the measured ones. */
const WARM_UP_PER_KIND = Number(process.env.BENCH_UNCACHED_WARM_UP ?? 1_000);
/**
 * The rate the budget asks for: each scenario is run again at this many requests a second, with
 * other URLs, to show the latency a visitor meets while the server serves that much (a run with
 * every connection always busy shows its capacity, and latency there is mostly waiting in line).
 */
const TARGET_RATE = 150;
/** Requests of each run at TARGET_RATE: six seconds of them. */
const PACED_REQUESTS = Number(process.env.BENCH_UNCACHED_PACED ?? 900);
/** Distinct URLs of the memory scenario. */
const MEMORY_URLS = Number(process.env.BENCH_MEMORY_URLS ?? 100_000);
/**
 * The site has English alone (`-- --english-alone`), not the five other languages it has otherwise:
 * what the languages cost in memory, measured against the same code.
 */
const ENGLISH_ALONE = process.argv.includes("--english-alone");
/** Each of the site's languages' prefix, English's none (decision 086). */
const PREFIXES = ["", ...(ENGLISH_ALONE ? [] : OTHER_LANGUAGES.split("\n").map((tag) => `/${tag}`))];

export interface UncachedScenario {
  scenario: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Answers the page cache gave: each URL is new, so anything but 0 means the figures are not of misses. */
  cacheHits: number;
  /** CPU time of the server process per answered request, in milliseconds. */
  cpuMsPerRequest: number;
  rssAfterMb: number;
  /** The same requests to a server that spends the same CPU on each and does nothing else (bench/lib/floor.ts). */
  floor?: Floor;
  /** Other URLs of the same kind, asked for at TARGET_RATE a second rather than as fast as answered. */
  atTargetRate?: PacedRun;
}

export interface PacedRun extends PacedAnswers {
  cpuMsPerRequest: number;
}

export interface MemoryAfterDistinctUrls {
  urls: number;
  /** Before and after, once all garbage is collected (bench/lib/gc-probe.cjs): what the server holds. */
  heldBefore: MemoryHeld;
  heldAfter: MemoryHeld;
  /** Of them, answered from the page cache: only pages an earlier scenario had kept (a URL with an unknown parameter is rendered, never kept). */
  cacheHits: number;
  /** Answers other than 200 and 404 (the unknown pages are asked for on purpose), and timeouts. */
  errors: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  growthMb: number;
}

/** One dashboard page, asked for DASHBOARD_SAMPLES times in a row by a signed-in admin. */
export interface MemoryHeld {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
}

export interface DashboardPage {
  page: string;
  p50Ms: number;
  p95Ms: number;
  htmlKb: number;
}

export interface UncachedResult {
  products: number;
  rssAfterStartMb: number;
  /** The pages served first, with the code still to be compiled: what a server's first visitors meet. */
  warmUp?: UncachedScenario;
  scenarios: UncachedScenario[];
  memory?: MemoryAfterDistinctUrls;
  dashboard: DashboardPage[];
}

const DASHBOARD_SAMPLES = 20;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

async function text(site: Pick<RunningServer, "url">, path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/**
 * Distinct URLs of each scenario, found from the site itself (its sitemap and pages); with
 * `inLanguages`, those of German and Arabic too (a site that has them).
 */
export async function scenarioUrls(
  site: Pick<RunningServer, "url">,
  random: () => number,
  limit = REQUESTS,
  inLanguages = false,
): Promise<Record<string, string[]>> {
  const paths = await sitemapPaths(site.url);
  const productPaths = paths.filter((path) => path.startsWith("/catalog/products/"));
  const categoryPaths = paths.filter((path) => path.startsWith("/catalog/categories/"));
  if (productPaths.length < PRODUCTS) throw new Error(`The sitemap lists ${productPaths.length} products`);

  const filters = new Set<string>();
  const categories = await Promise.all(
    categoryPaths.map(async (path) => {
      const page = await text(site, path);
      const features = [...page.matchAll(/name="feature" value="([^"]+)"/g)].map((match) => match[1] ?? "");
      const pageCount = Math.max(1, ...[...page.matchAll(/[?&;]page=(\d+)/g)].map((match) => Number(match[1])));
      // Its filters by typed values (decision 070): the numbers' bounds, and the orders by them.
      const bounded = [...page.matchAll(/name="([a-z0-9-]+)-min"/g)].map((match) => match[1] ?? "");
      const sorts = [...page.matchAll(/<option value="([a-z0-9-]+-(?:desc|asc))"/g)].map((match) => match[1] ?? "");
      return { path, features, pageCount, bounded, sorts };
    }),
  );
  for (let attempt = 0; filters.size < limit && attempt < limit * 20; attempt += 1) {
    const category = categories[Math.floor(random() * categories.length)];
    if (!category) break;
    const chosen = category.features.filter(() => random() < 0.3);
    const params = new URLSearchParams(chosen.map((feature) => ["feature", feature]));
    // Fewer products match more features: the later pages are for the broad combinations.
    const page = 1 + Math.floor(random() * Math.max(1, Math.ceil(category.pageCount / (1 + chosen.length * 2))));
    if (page > 1) params.set("page", String(page));
    // The bare category page was asked for above, to read its features: it is in the cache.
    if (params.size === 0) continue;
    filters.add(`${category.path}${params.size ? `?${params}` : ""}`);
  }

  // Two bounds of typed values and an order by one, as an installer narrows a category (decision 070).
  const valueFilters = new Set<string>();
  const filterable = categories.filter((category) => category.bounded.length >= 2 && category.sorts.length > 0);
  for (let attempt = 0; filterable.length > 0 && valueFilters.size < limit && attempt < limit * 20; attempt += 1) {
    const category = filterable[Math.floor(random() * filterable.length)];
    if (!category) break;
    const [first, second] = shuffled(category.bounded, random);
    const params = new URLSearchParams();
    params.set(`${first}-min`, String(1 + Math.floor(random() * 30)));
    params.set(`${second}-max`, String(10 + Math.floor(random() * 200)));
    params.set("sort", category.sorts[Math.floor(random() * category.sorts.length)] ?? "");
    valueFilters.add(`${category.path}?${params}`);
  }

  // Pieces of models and descriptions: a visitor's new query finds some products, not none.
  const searches = new Set<string>();
  const sources = productPaths.length;
  const [sampled, unseen] = [productPaths.slice(0, 40), productPaths.slice(40)];
  const pageTexts = await Promise.all(sampled.map((path) => text(site, path)));
  const words = [...new Set(pageTexts.flatMap((page) => page.match(/\b[A-Za-z][A-Za-z0-9-]{3,14}\b/g) ?? []))].filter(
    (word) => !/^(class|href|span|div|script|style|https?|aria|data|button)/i.test(word),
  );
  for (let attempt = 0; searches.size < limit && attempt < limit * 20; attempt += 1) {
    const word = words[Math.floor(random() * words.length)] ?? "camera";
    const start = Math.floor(random() * Math.max(1, word.length - 3));
    const piece = word.slice(start, start + 3 + Math.floor(random() * 6));
    const query = random() < 0.5 ? piece : `${piece}${Math.floor(random() * sources)}`.slice(0, 12);
    searches.add(`/search?q=${encodeURIComponent(query)}`);
  }

  const crawled = shuffled(unseen, random);
  const catalogPageCount = Math.ceil(productPaths.length / CATALOG_PAGE_SIZE);
  const catalogPages = Array.from({ length: catalogPageCount }, (_, index) => `/catalog?page=${index + 1}`);

  return {
    // The sampled product pages were asked for above: they are in the cache.
    crawler: crawled.slice(0, limit),
    "filter explorer": [...filters],
    "new searches": [...searches],
    "catalog pages": shuffled(catalogPages, random).slice(0, limit),
    "value filters": [...valueFilters],
    [COMPRESSED_CRAWLER]: crawled.slice(limit, limit * 2),
    // Other addresses than the English ones': never in the cache.
    ...(inLanguages
      ? {
          "crawler in German": crawled.slice(0, limit).map((path) => `/de${path}`),
          "filter explorer in Arabic": [...filters].map((path) => `/ar${path}`),
        }
      : {}),
  };
}

const COMPRESSED_CRAWLER = "crawler, compressed";

/** The headers a scenario's requests carry: Googlebot's Accept-Encoding for the compressed crawler. */
export function scenarioHeaders(scenario: string): Record<string, string> {
  return scenario === COMPRESSED_CRAWLER ? { "accept-encoding": "gzip, deflate, br" } : {};
}

/** Asks for each path once, CONNECTIONS at a time; counts the answers the page cache gave. */
export async function askEachOnce(
  site: Pick<RunningServer, "url">,
  paths: string[],
  {
    onStatus = () => undefined,
    requestHeaders = {},
  }: { onStatus?: (status: number) => void; requestHeaders?: Record<string, string> } = {},
) {
  let next = 0;
  let cacheHits = 0;
  const result = await autocannon({
    url: site.url,
    connections: CONNECTIONS,
    amount: paths.length,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => ({ ...request, headers: requestHeaders, path: paths[next++ % paths.length] ?? "/" }),
        onResponse: (status, _body, _context, headers) => {
          onStatus(status);
          const cache = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "x-cache")?.[1];
          if (cache === "hit") cacheHits += 1;
        },
      },
    ],
  });
  return { result, cacheHits };
}

/** Asks for `paths` at TARGET_RATE a second: the latency of pages rendered as visitors come, not in a line. */
async function runPaced(site: RunningServer, scenario: string, paths: string[]): Promise<PacedRun> {
  const cpuBefore = cpuTimeMs(site.pid);
  const answers = await askAtRate(site.url, paths, {
    requestsPerSecond: TARGET_RATE,
    connections: CONNECTIONS,
    headers: scenarioHeaders(scenario),
  });
  const cpuMs = cpuTimeMs(site.pid) - cpuBefore;
  return { ...answers, cpuMsPerRequest: cpuMsPerRequest(cpuMs, answers.requests) };
}

async function runScenario(
  site: RunningServer,
  scenario: string,
  paths: string[],
  { withFloor, paced = [] }: { withFloor: boolean; paced?: string[] },
): Promise<UncachedScenario> {
  const cpuBefore = cpuTimeMs(site.pid);
  const { result, cacheHits } = await askEachOnce(site, paths, { requestHeaders: scenarioHeaders(scenario) });
  const cpuMs = cpuTimeMs(site.pid) - cpuBefore;
  const perRequest = cpuMsPerRequest(cpuMs, result.requests.total);
  const rssAfterMb = rssMb(site.pid);
  const floor = withFloor
    ? await measureFloor({
        cpuMsPerRequest: perRequest,
        bodyBytes: result.throughput.total / Math.max(1, result.requests.total),
        requests: result.requests.total,
        connections: CONNECTIONS,
      })
    : undefined;
  const atTargetRate = paced.length ? await runPaced(site, scenario, paced) : undefined;
  return {
    scenario,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cacheHits,
    cpuMsPerRequest: perRequest,
    rssAfterMb,
    floor,
    atTargetRate,
  };
}

/**
 * Half the URLs are pages (every product, then filters, searches and catalog pages, and unknown pages
 * for the rest), the other half the same pages again with a tracker's parameters added.
 */
async function distinctUrls(site: RunningServer, random: () => number): Promise<string[]> {
  const pages = Math.floor(MEMORY_URLS / 2);
  const kinds = await scenarioUrls(site, random, Math.ceil(pages / 3));
  const mixed = [...(kinds.crawler ?? []), ...Object.values(kinds).slice(1).flat()].slice(0, pages);
  for (let index = 0; mixed.length < pages; index += 1) mixed.push(`/no-such-page-${index}`);
  const tracked = mixed.map((path, index) => {
    const parameter = index % 2 === 0 ? `utm_source=newsletter&utm_id=${index}` : `fbclid=IwAR${index}`;
    return `${path}${path.includes("?") ? "&" : "?"}${parameter}`;
  });
  const inLanguages = [...mixed, ...tracked].map(
    (path) => `${PREFIXES[Math.floor(random() * PREFIXES.length)] ?? ""}${path}`,
  );
  return shuffled(inLanguages, random);
}

/** The server's memory once it has collected all its garbage (it runs with bench/lib/gc-probe.cjs). */
async function memoryHeld(site: RunningServer): Promise<MemoryHeld> {
  const logged = site.logs().length;
  process.kill(site.pid, "SIGUSR2");
  for (let waited = 0; waited < 200; waited++) {
    const line = site
      .logs()
      .slice(logged)
      .split("\n")
      .find((entry) => entry.startsWith("GC-PROBE "));
    if (line) return JSON.parse(line.slice("GC-PROBE ".length)) as MemoryHeld;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The server did not report its memory (is bench/lib/gc-probe.cjs loaded?)");
}

async function measureMemory(site: RunningServer, paths: string[]): Promise<MemoryAfterDistinctUrls> {
  const heldBefore = await memoryHeld(site);
  const rssBeforeMb = rssMb(site.pid);
  let errors = 0;
  const { result, cacheHits } = await askEachOnce(site, paths, {
    onStatus: (status) => {
      if (status !== 200 && status !== 404) errors += 1;
    },
  });
  const rssAfterMb = rssMb(site.pid);
  const heldAfter = await memoryHeld(site);
  return {
    urls: result.requests.total,
    heldBefore,
    heldAfter,
    cacheHits,
    errors: errors + result.errors + result.timeouts,
    rssBeforeMb,
    rssAfterMb,
    growthMb: rssAfterMb - rssBeforeMb,
  };
}

/** The id in the first link to `prefix` + id in `html`. */
function firstId(html: string, prefix: string): string {
  const id = new RegExp(`href="${prefix}([0-9a-f-]{36})/?"`).exec(html)?.[1];
  if (!id) throw new Error(`No link to ${prefix}… in the page`);
  return id;
}

/** Every kind of dashboard page at this catalog's size: lists (first, a middle page, a search), records, forms. */
async function measureDashboard(site: RunningServer): Promise<DashboardPage[]> {
  const { cookie } = await signIn(site.url);
  const get = async (path: string) => {
    const startedAt = performance.now();
    const response = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return { body, ms: performance.now() - startedAt };
  };
  const products = (await get("/dashboard/products")).body;
  const categories = (await get("/dashboard/categories")).body;
  const downloads = (await get("/dashboard/downloads")).body;
  const productId = firstId(products, "/dashboard/products/");
  // The category with the most products: its page is the one that could grow with the catalog.
  const largest = [
    ...categories.matchAll(/href="\/dashboard\/categories\/([0-9a-f-]{36})\/?"[\s\S]{0,400}?\((\d+) product/g),
  ]
    .map((match) => ({ id: match[1] ?? "", count: Number(match[2]) }))
    .sort((a, b) => b.count - a.count)[0];
  const categoryId = largest?.id ?? firstId(categories, "/dashboard/categories/");
  const paths = [
    "/dashboard",
    "/dashboard/products",
    "/dashboard/products?page=100",
    "/dashboard/products?page=200",
    "/dashboard/products?q=9",
    "/dashboard/products/new",
    `/dashboard/products/${productId}`,
    `/dashboard/products/${productId}/edit`,
    "/dashboard/product-models?q=9",
    "/dashboard/categories",
    "/dashboard/categories/new",
    `/dashboard/categories/${categoryId}`,
    `/dashboard/categories/${categoryId}?page=20`,
    `/dashboard/categories/${categoryId}/edit`,
    "/dashboard/downloads",
    "/dashboard/downloads/new",
    ...(downloads.includes('href="/dashboard/downloads/')
      ? [`/dashboard/downloads/${firstId(downloads, "/dashboard/downloads/")}`]
      : []),
    "/dashboard/settings",
  ];
  const measured: DashboardPage[] = [];
  for (const path of paths) {
    const times: number[] = [];
    let size = 0;
    for (let sample = 0; sample < DASHBOARD_SAMPLES; sample += 1) {
      const { body, ms } = await get(path);
      times.push(ms);
      size = Buffer.byteLength(body);
    }
    measured.push({
      page: path.replaceAll(/[0-9a-f-]{36}/g, "ID"),
      p50Ms: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      htmlKb: round(size / 1024, 1),
    });
    console.log(`dashboard ${JSON.stringify(measured.at(-1))}`);
  }
  return measured;
}

export async function measureUncached(productCount: number): Promise<UncachedResult> {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({
    ...adminEnv(),
    DATA_DIR: dataDir,
    NODE_OPTIONS: `--expose-gc --require ${path.join(import.meta.dirname, "lib/gc-probe.cjs")}`,
    // Render threads other than one per core but one (decision 049), when the benchmark is run with a number.
    ...(process.env.RENDER_THREADS ? { RENDER_THREADS: process.env.RENDER_THREADS } : {}),
  });
  try {
    const rssAfterStartMb = rssMb(site.pid);
    if (!ENGLISH_ALONE) await giveSiteLanguages(site);
    // A fixed seed: every run asks for the same URLs in the same order.
    const random = createRandom(20_261_125).next;
    const urls = await scenarioUrls(site, random, REQUESTS + PACED_REQUESTS + WARM_UP_PER_KIND, !ENGLISH_ALONE);
    // The scenarios are of a server that has been up a while, as after an admin's write: its code
    // compiled by earlier visitors. So first it serves pages of each kind other than those measured.
    const warmUp: string[] = [];
    const paced: Record<string, string[]> = {};
    for (const [scenario, paths] of Object.entries(urls)) {
      urls[scenario] = paths.slice(0, REQUESTS);
      paced[scenario] = paths.slice(REQUESTS, REQUESTS + PACED_REQUESTS);
      warmUp.push(...paths.slice(REQUESTS + PACED_REQUESTS));
    }
    // Every catalog page is measured: the warm-up has them as links with a tracker's parameter, which
    // the same route renders and the cache never keeps (a URL with a parameter the page does not read).
    const catalogPages = urls["catalog pages"] ?? [];
    warmUp.push(...catalogPages.slice(0, WARM_UP_PER_KIND).map((path) => `${path}&utm_source=warm-up`));
    // There are fewer catalog pages than requests: the run at the target rate asks for them again
    // with another such parameter, which is rendered anew.
    paced["catalog pages"] = catalogPages.slice(0, PACED_REQUESTS).map((path) => `${path}&utm_medium=paced`);
    const warmedUp = await runScenario(site, "warm-up (other pages of each kind, mixed)", shuffled(warmUp, random), {
      withFloor: false,
    });
    console.log(`${productCount} products · ${JSON.stringify(warmedUp)}`);
    const scenarios: UncachedScenario[] = [];
    for (const [scenario, paths] of Object.entries(urls)) {
      scenarios.push(await runScenario(site, scenario, paths, { withFloor: true, paced: paced[scenario] }));
      console.log(`${productCount} products · ${scenario}: ${JSON.stringify(scenarios.at(-1))}`);
    }
    const memory = await measureMemory(site, await distinctUrls(site, createRandom(20_261_126).next));
    console.log(`${productCount} products · memory: ${JSON.stringify(memory)}`);
    return {
      products: productCount,
      rssAfterStartMb,
      warmUp: warmedUp,
      scenarios,
      memory,
      dashboard: await measureDashboard(site),
    };
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  writeResult(ENGLISH_ALONE ? "uncached-english-alone" : "uncached", await measureUncached(PRODUCTS));
}
