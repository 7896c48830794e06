// `npm run bench:rebuild`: what a catalog write costs the server's readers, at 10,000 and 50,000 products
// (`BENCH_PRODUCTS=N` for one other size). The in-memory catalog is read whole once, at start (in
// slices: decision 031); after that each write is applied in place (decision 066). Measured on a
// runtime of its own: the first read (the whole catalog), then twenty writes of four kinds (a product's
// text, its features, its publication, a category's name), each until a listing and a search read it,
// with the longest the event loop went without a turn meanwhile.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { parseEnv } from "../app/server/platform/env.server";
import { startRuntime, type Runtime } from "../app/server/runtime/runtime.server";
import { generateCatalog } from "./lib/catalog";
import { writeResult } from "./lib/site";
import { percentile, round } from "./lib/stats";

const SIZES = process.env.BENCH_PRODUCTS ? [Number(process.env.BENCH_PRODUCTS)] : [10_000, 50_000];
const WRITES = 20;

export interface RebuildResult {
  products: number;
  /** The first read: the whole catalog read and built, and the longest stretch without a turn meanwhile. */
  firstRead: { ms: number; longestStallMs: number };
  /** Each write until a listing and a search read it (one after the other), and the longest stretch without a turn. */
  inPlace: { p50Ms: number; maxMs: number; longestStallMs: number; byKind: Record<string, number[]> };
}

/** The longest the event loop goes without a turn while `work` runs, and how long it takes. */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; longestStallMs: number }> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const startedAt = performance.now();
  await work();
  const ms = performance.now() - startedAt;
  running = false;
  // The stretch from the last turn to the end counts too.
  return { ms, longestStallMs: Math.max(longest, performance.now() - last) };
}

/** Writes as another instance, a script or the dashboard would: raw statements, heard through the database. */
function writes(runtime: Runtime) {
  const db = runtime.database.db;
  return {
    text: () =>
      db.execute(
        sql`update products set description = description || ' ' where id = (select id from products order by model limit 1 offset 7)`,
      ),
    features: () =>
      db.execute(
        sql`delete from product_features where ctid = (select ctid from product_features order by product_id limit 1 offset 11)`,
      ),
    publication: () =>
      db.execute(
        sql`update products set status = case when status = 'published' then 'draft' else 'published' end where id = (select id from products order by model limit 1 offset 13)`,
      ),
    category: () =>
      db.execute(
        sql`update categories set description = description || ' ' where id = (select id from categories order by name limit 1)`,
      ),
  };
}

export async function measureRebuild(productCount: number): Promise<RebuildResult> {
  const dataDir = await generateCatalog(productCount);
  const runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
  try {
    const snapshot = runtime.catalogSnapshot;
    const firstRead = await timed(() => snapshot.listCategories());
    console.log(`${productCount} products · first read: ${JSON.stringify(firstRead)}`);
    const kinds = writes(runtime);
    const byKind: Record<string, number[]> = {};
    const all: number[] = [];
    let longestStallMs = 0;
    for (let done = 0; done < WRITES; done += 1) {
      const [kind, write] = Object.entries(kinds)[done % 4] ?? ["text", kinds.text];
      await write();
      // What this instance's own write does before its answer leaves (the admin write path).
      runtime.ownWrites.publish({ topics: ["products"] });
      const took = await timed(async () => {
        await snapshot.catchUp();
        await snapshot.listProducts({ page: 3 });
        await snapshot.search("camera", 20, []);
      });
      longestStallMs = Math.max(longestStallMs, took.longestStallMs);
      all.push(round(took.ms, 1));
      (byKind[kind] ??= []).push(round(took.ms, 1));
    }
    const result = {
      products: productCount,
      firstRead: { ms: round(firstRead.ms, 0), longestStallMs: round(firstRead.longestStallMs, 1) },
      inPlace: {
        p50Ms: round(percentile(all, 0.5), 1),
        maxMs: round(percentile(all, 1), 1),
        longestStallMs: round(longestStallMs, 1),
        byKind,
      },
    };
    console.log(`${productCount} products · in place: ${JSON.stringify(result.inPlace)}`);
    return result;
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const results = [];
  for (const size of SIZES) results.push(await measureRebuild(size));
  writeResult("rebuild", results);
}
