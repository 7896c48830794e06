import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startServer, type RunningServer } from "../../tests/support/server";
import { signIn } from "../../tests/support/http";
import { OTHER_LANGUAGES, saveSiteLanguages } from "../../tests/support/site-languages";

export const root = path.resolve(import.meta.dirname, "../..");

/** Builds the production bundle the benchmarks measure; a stale build would measure old code. */
export function buildSite() {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("The production build failed");
}

/**
 * The production server on loopback with the demo catalog in its own temp DATA_DIR (removed by
 * `stop`), with `env` besides (an owner to sign in as).
 */
export async function startDemoSite(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({ ...env, DEMO_DATA: "1" });
}

/** The five public pages the budgets name: home, catalog, a category, a product, support. */
export async function budgetPages(site: RunningServer) {
  const catalog = await (await fetch(`${site.url}/catalog`)).text();
  const category = /href="(\/catalog\/categories\/[^"?]+)"/.exec(catalog)?.[1];
  const product = /href="(\/catalog\/products\/[^"?]+)"/.exec(catalog)?.[1];
  if (!category || !product) throw new Error("The demo catalog has no category or product links");
  // Three products side by side, as a visitor's comparison link names them: by the ids of their "Compare" boxes.
  const compared = [
    ...new Set([...catalog.matchAll(/<input[^>]*\bname="p"[^>]*\bvalue="([0-9a-f-]{36})"/g)].map((m) => m[1])),
  ];
  if (compared.length < 3) throw new Error("The demo catalog's first page has fewer than three products to compare");
  return [
    { name: "Home", path: "/" },
    { name: "Catalog", path: "/catalog" },
    { name: "Category", path: category },
    { name: "Product", path: product },
    { name: "Support", path: "/support" },
    { name: "Compare", path: `/compare?p=${compared.slice(0, 3).join(",")}` },
  ];
}

export function writeResult(name: string, value: unknown) {
  const folder = path.join(root, "bench/results");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`);
}

/** Image variants are made on first request (decision 005); a visitor after the first never waits for that. */
export async function warmImages(origin: string, pagePath: string) {
  const html = await (await fetch(origin + pagePath)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset|href)="([^"]+)"/g)) {
    for (const candidate of (match[1] ?? "").split(",")) {
      const url = candidate.trim().split(/\s+/)[0] ?? "";
      if (url.startsWith("/files/") || url.startsWith("/images/")) urls.add(url.replaceAll("&amp;", "&"));
    }
  }
  await Promise.all([...urls].map(async (url) => (await fetch(origin + url)).arrayBuffer()));
}

/**
 * The paths of every page the site's sitemap lists, its parts followed when it is an index of them
 * (past 50,000 pages, or with other languages: decision 086).
 */
export async function sitemapPaths(origin: string): Promise<string[]> {
  const locations = async (path: string) =>
    [...(await (await fetch(`${origin}${path}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
      const url = new URL((match[1] ?? "/").replaceAll("&amp;", "&"));
      return url.pathname + url.search;
    });
  const listed = await locations("/sitemap.xml");
  const parts = listed.filter((path) => path.startsWith("/sitemap.xml?part="));
  if (parts.length === 0) return listed;
  const pages: string[] = [];
  for (const part of parts) pages.push(...(await locations(part)));
  return pages;
}

/**
 * The language `--language TAG` asks a benchmark's pages in, one of those the benchmarks' site has
 * besides English (`OTHER_LANGUAGES`); none without it, for English.
 */
export function askedLanguage(argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf("--language");
  if (at === -1) return undefined;
  const tag = argv[at + 1] ?? "";
  const offered = OTHER_LANGUAGES.split("\n");
  if (!offered.includes(tag)) throw new Error(`--language takes one of ${offered.join(", ")}`);
  return tag;
}

/** Gives a running site the benchmarks' languages, as its owner (it runs with `adminEnv()`) would. */
export async function giveSiteLanguages(site: Pick<RunningServer, "url">): Promise<void> {
  const saved = await saveSiteLanguages(site.url, (await signIn(site.url)).cookie, OTHER_LANGUAGES);
  if (!saved.includes("Settings saved.")) throw new Error("The site's languages were not saved");
}
