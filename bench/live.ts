/**
 * Live-update latency at 1,000 products: a visitor's browser shows /catalog while an admin saves the site settings 50
 * times (each a new copyright holder, shown in every page's footer). Measured from the moment the
 * save's response arrives to the moment the new text is in the visitor's DOM (a MutationObserver
 * stamps it; browser and benchmark share the machine's clock). `npm run bench:live`.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { adminEnv, signIn } from "../tests/support/http";
import { startServer } from "../tests/support/server";
import { generateCatalog } from "./lib/catalog";
import { startChromium } from "./lib/chromium";
import { buildSite, writeResult } from "./lib/site";
import { percentile } from "./lib/stats";

const WRITES = 50;

export async function measureLiveUpdates(productCount = 1000) {
  const dataDir = await generateCatalog(productCount);
  const site = await startServer({ ...adminEnv(), DATA_DIR: dataDir });
  const browserProcess = await startChromium();
  try {
    const { cookie } = await signIn(site.url);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${browserProcess.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${site.url}/catalog`);
    await page.locator('html[data-live="connected"]').waitFor();
    const latencies: number[] = [];
    for (let write = 0; write < WRITES; write += 1) {
      const holder = `Bench Holder ${write} ${Date.now()}`;
      // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
      const shown = page.evaluate<number>(`new Promise((resolve) => {
        const text = ${JSON.stringify(holder)};
        const observer = new MutationObserver(() => {
          if (document.body.textContent.includes(text)) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      })`);
      const response = await fetch(`${site.url}/dashboard/settings`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          companyName: "Vantage",
          contactEmail: "info@vantage.example",
          "socialLinks[0].label": "YouTube",
          "socialLinks[0].url": "https://www.youtube.com/",
          "socialLinks[1].label": "LinkedIn",
          "socialLinks[1].url": "https://www.linkedin.com/",
          copyrightHolder: holder,
        }),
      });
      const answered = Date.now();
      if (response.status >= 400) throw new Error(`The settings save answered ${response.status}`);
      latencies.push(Math.max(0, (await shown) - answered));
    }
    await browser.close();
    return {
      products: productCount,
      writes: WRITES,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
    };
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await browserProcess.stop();
  }
}

if (import.meta.filename === process.argv[1]) {
  if (!process.argv.includes("--no-build")) buildSite();
  const result = await measureLiveUpdates();
  console.log(result);
  writeResult("live", result);
}
