/**
 * A 20,000,000-byte upload through the staged-upload endpoint as a signed-in admin, on a site with
 * 1,000 products: wall time and the server's peak resident memory growth over its level before
 * (sampled every 5 ms from /proc). Median of three. `npm run bench:upload`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { MAX_UPLOAD_BYTES } from "../app/domain/limits";
import { adminEnv, sendRaw, signIn } from "../tests/support/http";
import { residentBytes } from "../tests/support/memory";
import { startServer } from "../tests/support/server";
import { generateCatalog } from "./lib/catalog";
import { buildSite, writeResult } from "./lib/site";
import { percentile } from "./lib/stats";

export async function measureUpload(productCount = 1000) {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({ ...adminEnv(), DATA_DIR: dataDir });
  try {
    const { cookie } = await signIn(site.url);
    const bytes = randomBytes(MAX_UPLOAD_BYTES);
    const send = async (name: string) => {
      const response = await sendRaw(`${site.url}/uploads?name=${name}`, {
        method: "POST",
        headers: { Origin: site.url, Cookie: cookie, "Content-Length": String(bytes.byteLength) },
        body: bytes,
      });
      if (response.status !== 201) throw new Error(`The upload answered ${response.status}`);
    };
    await send("warm-up.bin");
    const times: number[] = [];
    const growth: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const baseline = residentBytes(site.pid);
      let peak = baseline;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, residentBytes(site.pid));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const started = performance.now();
      await send(`run-${run}.bin`);
      times.push(performance.now() - started);
      sampling = false;
      await sampler;
      growth.push((peak - baseline) / 1024 / 1024);
    }
    return { bytes: MAX_UPLOAD_BYTES, wallMs: percentile(times, 0.5), rssGrowthMb: percentile(growth, 0.5) };
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const result = await measureUpload();
  console.log(result);
  writeResult("upload", result);
}
