/**
 * What a visitor on a slow phone meets, measured in a real browser rather than estimated: Debian's
 * Chromium with the network throttled through the DevTools protocol (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) and the CPU slowed 4×, a phone's screen, an empty cache each time. For each of
 * the five budget pages of the demo catalog: the largest contentful paint and the time until React has
 * hydrated the page (`data-hydrated`), both from the start of navigation, median of RUNS.
 * `npm run bench:visitors` (also part of `npm run bench`).
 */
import { chromium as playwright } from "@playwright/test";
import { ensureDebianPackages } from "../scripts/system-packages.js";
import { startChromium } from "./lib/chromium";
import { budgetPages, buildSite, startDemoSite, warmImages, writeResult } from "./lib/site";
import { percentile } from "./lib/stats";

const RUNS = 5;
const NETWORK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

export interface VisitorPage {
  page: string;
  path: string;
  lcpMs: number;
  hydratedMs: number;
  /** Every run's figures, in order, to see the spread. */
  runs: { lcpMs: number; hydratedMs: number }[];
}

export interface VisitorsResult {
  /** The browser's version: its network and CPU emulation decide these figures as much as the site. */
  browser: string;
  pages: VisitorPage[];
}

/** Stamps, in the page, the largest contentful paint so far and the moment hydration marked the document. */
const OBSERVE = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  // The document's element is made by the parser, after this runs: the whole document is watched.
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.hydrated === "true") {
      window.__hydrated = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
`;

export async function measureVisitors(): Promise<VisitorsResult> {
  const site = await startDemoSite();
  const browserProcess = await startChromium();
  try {
    const browser = await playwright.connectOverCDP(`http://127.0.0.1:${browserProcess.port}`);
    const version = browser.version();
    console.log(`Chromium ${version}`);
    const results: VisitorPage[] = [];
    for (const { name, path } of await budgetPages(site)) {
      // Image variants are made on their first request; a real visitor after the first never waits for that.
      await warmImages(site.url, path);
      const runs: VisitorPage["runs"] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A new context each time: nothing cached from the run before.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const devtools = await context.newCDPSession(page);
        await devtools.send("Network.enable");
        await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
        await devtools.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
        await devtools.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await page.addInitScript(OBSERVE);
        await page.goto(`${site.url}${path}`, { waitUntil: "load" });
        await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached", timeout: 60_000 });
        // LCP entries stop at the first input; without one, the last entry once the page settled.
        await page.waitForTimeout(500);
        const [lcpMs, hydratedMs] = await page.evaluate<[number, number]>("[window.__lcp, window.__hydrated]");
        runs.push({ lcpMs: Math.round(lcpMs), hydratedMs: Math.round(hydratedMs) });
        await context.close();
      }
      results.push({
        page: name,
        path,
        lcpMs: percentile(
          runs.map((run) => run.lcpMs),
          0.5,
        ),
        hydratedMs: percentile(
          runs.map((run) => run.hydratedMs),
          0.5,
        ),
        runs,
      });
      console.log(`${name}: ${JSON.stringify(results.at(-1))}`);
    }
    await browser.close();
    return { browser: version, pages: results };
  } finally {
    await browserProcess.stop();
    await site.stop();
  }
}

if (import.meta.filename === process.argv[1]) {
  ensureDebianPackages(["chromium"]);
  if (!process.argv.includes("--no-build")) buildSite();
  writeResult("visitors", await measureVisitors());
}
