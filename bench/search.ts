/**
 * Search latency at 10,000 products: 200 queries of 1 to 12 characters (prefixes of words the catalog
 * holds, and some that match nothing) and the relevance set's queries (several words, typos), timed
 * inside the server's search service on the built catalog, so the figure is the server's time without
 * HTTP; the short queries also through the accessory picker's search by model. Then search quality:
 * the relevance set over the demo catalog, its first-place rate and mean reciprocal rank.
 * `npm run bench:search`.
 */
import fs from "node:fs";
import { parseEnv } from "../app/server/platform/env.server";
import { startRuntime } from "../app/server/runtime/runtime.server";
import os from "node:os";
import path from "node:path";
import { loadDemoCatalogIfEmpty } from "../demo/load";
import { RELEVANCE_SET, rankOfMeant, relevanceScore } from "../tests/support/relevance-set";
import { generateCatalog } from "./lib/catalog";
import { writeResult } from "./lib/site";
import { percentile } from "./lib/stats";

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 10_000);
const QUERIES = 200;
const WORDS = [
  "dome",
  "bullet",
  "starlight",
  "VNT-D4M",
  "thermal",
  "fisheye",
  "license plate",
  "PoE",
  "warranty",
  "ONVIF",
  "junction",
  "4MP",
  "zzqx",
  "panorama",
  "IR",
  "siren",
  "microSD",
  "corrosion",
  "varifocal",
  "qqq",
];

/** 1 to 12 characters: a prefix of one of the words, cycling through lengths. */
export function searchQueries(count = QUERIES): string[] {
  return Array.from({ length: count }, (_, index) => {
    const word = WORDS[index % WORDS.length] ?? "dome";
    const length = 1 + (index % 12);
    return word.slice(0, length);
  });
}

export async function measureSearch(productCount = PRODUCTS) {
  const dataDir = await generateCatalog(productCount);
  const runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
  try {
    const queries = searchQueries();
    for (const query of queries.slice(0, 20)) await runtime.services.catalog.search(query); // warm-up: plans and caches
    const timed = async (asked: string[], run: (query: string) => Promise<unknown>) => {
      const times: number[] = [];
      for (const query of asked) {
        const started = performance.now();
        await run(query);
        times.push(performance.now() - started);
      }
      return times;
    };
    const times = await timed(queries, (query) => runtime.services.catalog.search(query));
    const relevanceQueries = RELEVANCE_SET.map((relevanceCase) => relevanceCase.query);
    const wordTimes = await timed(relevanceQueries, (query) => runtime.services.catalog.search(query));
    const modelTimes = await timed(queries, (query) => runtime.services.catalog.searchProductModels(query));
    return {
      products: productCount,
      queries: queries.length,
      p50Ms: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      relevanceQueries: relevanceQueries.length,
      relevanceQueriesP50Ms: percentile(wordTimes, 0.5),
      relevanceQueriesP95Ms: percentile(wordTimes, 0.95),
      modelP50Ms: percentile(modelTimes, 0.5),
      modelP95Ms: percentile(modelTimes, 0.95),
      ...(await measureRelevance()),
    };
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The relevance set over the demo catalog: the share of queries whose meant result comes first, and the mean reciprocal rank. */
async function measureRelevance() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-relevance-"));
  const runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
  try {
    await loadDemoCatalogIfEmpty(runtime);
    const ranks: number[] = [];
    for (const relevanceCase of RELEVANCE_SET) {
      ranks.push(rankOfMeant(relevanceCase, await runtime.services.catalog.search(relevanceCase.query)));
    }
    const { firstPlace, meanReciprocalRank } = relevanceScore(ranks);
    return {
      relevanceCases: ranks.length,
      firstPlaceRate: Math.round(firstPlace * 1000) / 1000,
      meanReciprocalRank: Math.round(meanReciprocalRank * 1000) / 1000,
    };
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const result = await measureSearch();
  console.log(result);
  writeResult("search", result);
}
