/**
 * Pages without a scenario of their own, rendered on every request: /about, the home page and a
 * product page of the demo catalog, each URL made distinct by a parameter the page does not read (so
 * the page cache never keeps one). 20 connections, 3,000 requests after 1,000 to warm up; the server's
 * CPU time per request beside requests/s and latency. `npm run bench:rendered`.
 */
import autocannon from "autocannon";
import { startServer } from "../tests/support/server";
import { cpuMsPerRequest, cpuTimeMs } from "./lib/cpu";
import { buildSite, writeResult } from "./lib/site";

export interface RenderedPage {
  page: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest: number;
  errors: number;
}

const CONNECTIONS = 20;

export async function measureRendered(): Promise<RenderedPage[]> {
  const site = await startServer({ DEMO_DATA: "1" });
  try {
    const catalog = await (await fetch(`${site.url}/catalog`)).text();
    const product = /href="(\/catalog\/products\/[^"?]+)"/.exec(catalog)?.[1];
    if (!product) throw new Error("No product on /catalog");
    const pages: [string, string][] = [
      ["/about", "/about"],
      ["home page", "/"],
      ["product page", product],
    ];
    const results: RenderedPage[] = [];
    for (const [page, path] of pages) {
      let next = 0;
      const run = (amount: number) =>
        autocannon({
          url: site.url,
          connections: CONNECTIONS,
          amount,
          requests: [{ setupRequest: (request) => ({ ...request, path: `${path}?ref=${next++}` }) }],
        });
      await run(1000);
      const before = cpuTimeMs(site.pid);
      const result = await run(3000);
      const cpuMs = cpuTimeMs(site.pid) - before;
      results.push({
        page,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        cpuMsPerRequest: cpuMsPerRequest(cpuMs, result.requests.total),
        errors: result.errors + result.timeouts + result.non2xx,
      });
    }
    return results;
  } finally {
    await site.stop();
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const results = await measureRendered();
  for (const result of results) console.log(JSON.stringify(result));
  writeResult("rendered", results);
}
