import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDataFolder } from "#tests/support/pglite-template";
import { adminEnv, signIn } from "#tests/support/http";
import { startServer } from "#tests/support/server";

// VANTAGE_REWRITES=off builds the server with React Router and React as they are installed (vite/README.md):
// the way out when a new version breaks a rewrite. That build must serve the same site as this checkout's
// own build (with its rewrites, as every other test serves it): every public page the same HTML, every
// dashboard page answered.

const root = path.resolve(import.meta.dirname, "../..");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-no-rewrites-"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-no-rewrites-data-"));
/** What is not a source of the build: node_modules is shared, the rest is made or kept by tools. */
const NOT_SOURCES = new Set(["node_modules", "build", ".git", "test-results", "playwright-report", "data"]);

beforeAll(() => {
  // Everything else, as it is in this checkout: the stylesheet's classes are read from every file.
  for (const entry of fs.readdirSync(root)) {
    if (!NOT_SOURCES.has(entry)) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  seedDemoDataFolder(dataDir);
});

/**
 * The copy built without its rewrites. Waited for, not run synchronously: a build takes a minute on a
 * busy machine, and a test worker that answers nothing for a minute fails the run (Vitest's worker calls
 * time out after 60 s).
 */
function buildCopyWithoutRewrites(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["node_modules/@react-router/dev/bin.js", "build"],
      { cwd: copy, env: { ...process.env, VANTAGE_REWRITES: "off" }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`The build without rewrites failed:\n${stdout}\n${stderr}`)) : resolve(),
    );
  });
}

afterAll(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Whether a checkout's server bundle holds React Router as the rewrites leave it (decision 037's grouping). */
function serverIsRewritten(checkout: string): boolean {
  const folder = path.join(checkout, "build", "server");
  return fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .some((file) => fs.readFileSync(path.join(folder, file), "utf8").includes("branchesByFirstSegment"));
}

/** The public pages a visitor can reach, from the sitemap and the menus. */
async function publicPaths(url: string): Promise<string[]> {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] || "/");
  return [...new Set([...listed, "/", "/catalog", "/support", "/about", "/contact", "/privacy", "/search?q=dome"])];
}

const DASHBOARD_PAGES = ["/dashboard", "/dashboard/categories/", "/dashboard/products/", "/dashboard/downloads/"];

/**
 * Every page as a checkout's build serves it on the shared data. The browser's files a page names are
 * built from the same sources by either build: their names, and the route manifest's version, are
 * compared without the hash that a build in another folder gives them.
 */
async function crawl(checkout: string): Promise<Map<string, string>> {
  const server = await startServer({ ...adminEnv(), DATA_DIR: dataDir, DEMO_DATA: "1" }, { checkout });
  try {
    const pages = new Map<string, string>();
    for (const pathname of await publicPaths(server.url)) {
      const response = await fetch(`${server.url}${pathname}`);
      const html = (await response.text())
        .replaceAll(server.url, "ORIGIN")
        // A fresh render carries a nonce, a page from the cache none (decision 007): either is the same page.
        .replace(/nonce="[^"]*"/g, 'nonce=""')
        .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css)\b/g, "$1.$2")
        // The route manifest's version: a hash of those files.
        .replace(/"version": "[0-9a-f]{8}"/, '"version": ""')
        .replace(/\\"nonce\\",\\"[^"\\]*\\"/g, '\\"nonce\\",\\"\\"');
      pages.set(pathname, `${response.status} ${html}`);
    }
    const { cookie } = await signIn(server.url);
    for (const pathname of DASHBOARD_PAGES) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      pages.set(pathname, String(response.status));
    }
    return pages;
  } finally {
    await server.stop();
  }
}

describe("the server built without any rewrite", () => {
  it("serves every page as the rewritten build does", async () => {
    expect(serverIsRewritten(root)).toBe(true);
    const rewritten = await crawl(root);
    await buildCopyWithoutRewrites();
    expect(serverIsRewritten(copy)).toBe(false);
    const plain = await crawl(copy);
    expect(rewritten.size).toBeGreaterThan(30);
    expect([...plain.keys()]).toEqual([...rewritten.keys()]);
    for (const [pathname, page] of rewritten) {
      expect(plain.get(pathname), pathname).toBe(page);
      expect(page.startsWith("200"), pathname).toBe(true);
    }
  });
});
