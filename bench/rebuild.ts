// `npm run bench:rebuild`: what an admin's catalog write costs the server at 10,000 products. The next
// read rebuilds the in-memory catalog (decision 017) in slices (decision 031): catalog readers wait for
// the whole rebuild (searches also for the search index built after it), everything else only for the
// longest slice. Five rebuilds in a row on a runtime of its own, each with its total time, the time until
// searches read the new catalog, and the longest the event loop went without a turn meanwhile.
import fs from "node:fs";
import { parseEnv } from "../app/server/platform/env.server";
import { startRuntime } from "../app/server/runtime/runtime.server";
import { generateCatalog } from "./lib/catalog";
import { writeResult } from "./lib/site";
import { round } from "./lib/stats";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const REBUILDS = 5;

export interface RebuildResult {
  products: number;
  /** Until every page but search reads the new catalog; until search does; the longest stretch without a turn. */
  rebuilds: { totalMs: number; searchReadyMs: number; longestStallMs: number }[];
}

export async function measureRebuild(productCount: number): Promise<RebuildResult> {
  const dataDir = await generateCatalog(productCount);
  const runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
  try {
    const rebuilds: RebuildResult["rebuilds"] = [];
    for (let done = 0; done < REBUILDS; done += 1) {
      // What an admin's write does: a product changes, and the next read finds the catalog changed.
      await runtime.database.db.execute(
        "update products set description = description || ' ' where id = (select id from products limit 1)",
      );
      runtime.ownWrites.publish({ topics: ["products"] });
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
      const since = () => performance.now() - startedAt;
      const [totalMs, searchReadyMs] = await Promise.all([
        runtime.catalogSnapshot.listCategories().then(since),
        runtime.catalogSnapshot.search("camera", 1).then(since),
      ]);
      running = false;
      // The stretch from the last turn to the end of the rebuild counts too.
      longest = Math.max(longest, performance.now() - last);
      rebuilds.push({
        totalMs: round(totalMs, 1),
        searchReadyMs: round(searchReadyMs, 1),
        longestStallMs: round(longest, 1),
      });
      console.log(`${productCount} products · rebuild ${done + 1}: ${JSON.stringify(rebuilds.at(-1))}`);
    }
    return { products: productCount, rebuilds };
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  writeResult("rebuild", await measureRebuild(PRODUCTS));
}
