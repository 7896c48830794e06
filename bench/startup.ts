/**
 * Start-up: `npm start` (with the build in place) on an existing data folder holding a catalog of
 * 1,000 and one of 50,000 products (`--products=N,M` for others), from spawn until /readyz answers 200
 * (the catalog read into memory: decision 066). Median and worst of five starts. `npm run bench:startup`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { freePort } from "../tests/support/ports";
import { generateCatalog } from "./lib/catalog";
import { buildSite, root, writeResult } from "./lib/site";
import { percentile } from "./lib/stats";

const RUNS = 5;

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group: npm, the start script and the server all stop together.
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}

export async function measureStartup(productCount = 1000) {
  const dataDir = await generateCatalog(productCount);
  try {
    await startOnce(dataDir); // The first start may still migrate or settle the folder.
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await startOnce(dataDir));
    return { products: productCount, runs: RUNS, medianMs: percentile(times, 0.5), maxMs: percentile(times, 1) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const sizes = (process.argv.find((arg) => arg.startsWith("--products="))?.slice("--products=".length) ?? "1000,50000")
    .split(",")
    .map(Number);
  const results = [];
  for (const size of sizes) {
    const result = await measureStartup(size);
    console.log(result);
    results.push(result);
  }
  writeResult("startup", results);
}
