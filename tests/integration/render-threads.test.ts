import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminEnv, signIn } from "#tests/support/http";
import { PATIENCE_MS, TEST_PATIENCE_MS } from "#tests/support/patience";
import { seedEmbeddedDatabase } from "#tests/support/pglite-template";
import { startServer, type RunningServer } from "#tests/support/server";
import { sample } from "#tests/support/metrics";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function metric(server: RunningServer, series: string): Promise<number | undefined> {
  return sample(await (await fetch(`${server.url}/metrics`)).text(), series);
}

async function waitForThreads(server: RunningServer, count: number): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while ((await metric(server, "vantage_render_threads")) !== count) {
    if (Date.now() > deadline) throw new Error(`No ${count} render threads ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A page as a visitor gets it, without the per-request nonce (in attributes and in the page's data). */
async function page(server: RunningServer, address: string, headers: Record<string, string>) {
  const response = await fetch(`${server.url}${address}`, { headers });
  const html = (await response.text())
    .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
    .replaceAll(/\\"nonce\\",\\"[^\\]*\\"/g, '\\"nonce\\",\\"\\"');
  return { status: response.status, html };
}

function asCrawler(address: string): string {
  return `${address}${address.includes("?") ? "&" : "?"}via=crawler`;
}

describe("render threads", { timeout: TEST_PATIENCE_MS }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-render-threads-"));
  seedEmbeddedDatabase(dataDir);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("render every kind of page as the main thread does, byte for byte", async () => {
    const env = { ...adminEnv(), DATA_DIR: dataDir, DEMO_DATA: "1" };
    const onThreads = await startServer({ ...env, RENDER_THREADS: "2" });
    let addresses: string[];
    const threadPages = new Map<string, { status: number; html: string }>();
    try {
      await waitForThreads(onThreads, 2);
      const catalog = await (await fetch(`${onThreads.url}/catalog`)).text();
      const product = /href="(\/catalog\/products\/[a-z0-9-]+)"/.exec(catalog)?.[1];
      const category = /href="(\/catalog\/categories\/[^"?]+)"/.exec(catalog)?.[1];
      expect(product).toBeDefined();
      expect(category).toBeDefined();
      addresses = [
        "/",
        "/about",
        "/catalog?page=2",
        `${category}?page=1`,
        `${product}`,
        "/search?q=dome",
        "/support",
        "/support/firmware",
        "/compare",
        "/contact",
        "/login",
        "/privacy",
        "/no-such-page",
      ];
      const before = (await metric(onThreads, "vantage_render_thread_documents_total")) ?? 0;
      for (const address of addresses) {
        threadPages.set(`browser ${address}`, await page(onThreads, address, { "User-Agent": BROWSER }));
        // A crawler gets the whole document at once (React's other way of finishing a page); a parameter
        // the page does not read keeps the page cache from answering with the browser's copy.
        threadPages.set(`crawler ${address}`, await page(onThreads, asCrawler(address), { "User-Agent": CRAWLER }));
      }
      const { cookie } = await signIn(onThreads.url);
      const dashboard = await fetch(`${onThreads.url}/dashboard/products`, { headers: { cookie } });
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain("<h1");
      // Every page but the one with an error to show (React Router renders those twice, on the main thread).
      const rendered = ((await metric(onThreads, "vantage_render_thread_documents_total")) ?? 0) - before;
      expect(rendered).toBeGreaterThanOrEqual(2 * (addresses.length - 1) + 1);
    } finally {
      await onThreads.stop();
    }

    // On the same port: pages carry the site's address.
    const onMain = await startServer({ ...env, RENDER_THREADS: "0" }, { port: onThreads.port });
    try {
      expect(await metric(onMain, "vantage_render_threads")).toBe(0);
      for (const address of addresses) {
        for (const [who, userAgent] of [
          ["browser", BROWSER],
          ["crawler", CRAWLER],
        ] as const) {
          const here = await page(onMain, who === "crawler" ? asCrawler(address) : address, {
            "User-Agent": userAgent,
          });
          const there = threadPages.get(`${who} ${address}`);
          expect(there?.status, `${who} ${address}`).toBe(here.status);
          expect(there?.html, `${who} ${address}`).toBe(here.html);
        }
      }
      expect(threadPages.get("browser /no-such-page")?.status).toBe(404);
      expect(await metric(onMain, "vantage_render_thread_documents_total")).toBe(0);
    } finally {
      await onMain.stop();
    }
  });
});
