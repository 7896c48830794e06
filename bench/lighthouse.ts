// Lighthouse 12 (mobile, its default emulation and simulated throttling) on the five public pages with the
// demo catalog, plus the gzip bytes of JavaScript each public page's first load fetches. With
// `--language de` (any of the benchmarks' languages), the same pages in that language, on a site with
// all six (decision 086).
// Usage: npm run bench:lighthouse [-- --javascript-only] [--language TAG] [--no-build]
import lighthouse from "lighthouse";
import { adminEnv } from "../tests/support/http";
import { ensureDebianPackages } from "../scripts/system-packages.js";
import { startChromium } from "./lib/chromium";
import { firstLoadJavaScript } from "./lib/javascript";
import {
  askedLanguage,
  budgetPages,
  buildSite,
  giveSiteLanguages,
  startDemoSite,
  warmImages,
  writeResult,
} from "./lib/site";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const javascriptBudget = 120_000;
const javascriptOnly = process.argv.includes("--javascript-only");
const asked = askedLanguage();
/** The prefix of the measured pages' addresses: none in English. */
const prefix = asked ? `/${asked}` : "";
/** What the results' files are called after: "lighthouse", "lighthouse-de". */
const resultName = asked ? `lighthouse-${asked}` : "lighthouse";

ensureDebianPackages(["chromium"]);
if (!process.argv.includes("--no-build")) buildSite();
const site = await startDemoSite(asked ? adminEnv() : {});
const chromium = await startChromium();
try {
  if (asked) await giveSiteLanguages(site);
  const pages = (await budgetPages(site)).map((page) => ({ ...page, path: `${prefix}${page.path}` }));
  const scores = [];
  for (const page of javascriptOnly ? [] : pages) {
    await warmImages(site.url, page.path);
    const result = await lighthouse(site.url + page.path, {
      port: chromium.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const { lhr } = result;
    // The whole report, to see which requests and elements a score comes from.
    writeResult(`${resultName}-${page.name.toLowerCase()}`, lhr);
    const failing = categories.flatMap((category) =>
      lhr.categories[category]?.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
    );
    scores.push({
      page: page.name,
      path: page.path,
      scores: Object.fromEntries(
        categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
      ) as Record<(typeof categories)[number], number>,
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      failing,
    });
  }

  const javascriptPages: { name: string; path: string; status?: number }[] = [
    ...pages,
    ...[
      { name: "About", path: "/about" },
      { name: "Contact", path: "/contact" },
      { name: "Privacy", path: "/privacy" },
      { name: "Search", path: "/search?q=camera" },
      { name: "Security advisories", path: "/support/security" },
      { name: "Advisory", path: "/support/security/vsa-2026-002" },
      { name: "Login", path: "/login" },
      { name: "Forgot", path: "/forgot" },
      { name: "Not found", path: "/no-such-page", status: 404 },
    ].map((page) => ({ ...page, path: `${prefix}${page.path}` })),
  ];
  const javascript = [];
  for (const page of javascriptPages) {
    javascript.push({
      page: page.name,
      path: page.path,
      ...(await firstLoadJavaScript(site.url, page.path, page.status ?? 200)),
    });
  }

  if (!javascriptOnly) {
    writeResult(resultName, { date: new Date().toISOString(), language: asked ?? "en", scores, javascript });
  }

  if (scores.length) {
    console.log(`\nLighthouse 12, mobile${asked ? `, the pages in ${asked}` : ""}\n`);
    console.log("| Page | Performance | Accessibility | Best Practices | SEO | LCP ms | TBT ms | CLS |");
    console.log("|---|---|---|---|---|---|---|---|");
  }
  for (const row of scores) {
    console.log(
      `| ${row.page} | ${row.scores.performance} | ${row.scores.accessibility} | ${row.scores["best-practices"]} | ${row.scores.seo} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} |`,
    );
    for (const audit of row.failing) console.log(`|   ↳ ${audit} | | | | | | | |`);
  }
  console.log(
    `\nFirst-load JavaScript${asked ? `, the pages in ${asked}` : ""}, gzip bytes on the wire (budget ${javascriptBudget.toLocaleString("en-US")})\n`,
  );
  console.log("| Page | Files | Bytes | Within budget |");
  console.log("|---|---|---|---|");
  for (const row of javascript) {
    console.log(
      `| ${row.page} | ${row.files} | ${row.gzipBytes.toLocaleString("en-US")} | ${row.gzipBytes <= javascriptBudget ? "yes" : "no"} |`,
    );
  }
} finally {
  await chromium.stop();
  await site.stop();
}
