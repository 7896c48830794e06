import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminServer } from "#tests/support/admin-server";

const server = adminServer({ DEMO_DATA: "1" });

async function documentOf(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathname}`, { headers });
  return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
}

/** What a browser must fetch before it can paint, and what it fetches before the page's pictures. */
function firstLoadOf(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    styles: [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? ""),
    stylesheetLinks: head.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [],
    modulePreloads: html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [],
    entryImport: /<script[^>]*type="module"[^>]*>[^<]*import\("(\/assets\/entry\.client-[\w-]+\.js)"\)/.exec(html)?.[1],
  };
}

describe("every document", () => {
  it("carries the whole stylesheet in its head and no file a first paint would wait for", async () => {
    const pages = [
      { pathname: "/", status: 200 },
      { pathname: "/catalog", status: 200 },
      { pathname: "/support", status: 200 },
      { pathname: "/login", status: 200 },
      { pathname: "/no-such-page", status: 404 },
      { pathname: "/dashboard", status: 200, headers: { cookie: server.cookie } },
    ];
    let stylesheet: string | undefined;
    for (const { pathname, status, headers } of pages) {
      const answer = await documentOf(pathname, headers);
      expect([pathname, answer.status]).toEqual([pathname, status]);
      const firstLoad = firstLoadOf(answer.html);
      expect([pathname, firstLoad.styles.length, firstLoad.stylesheetLinks]).toEqual([pathname, 1, []]);
      stylesheet ??= firstLoad.styles[0];
      // One stylesheet for the whole site, the same in every document.
      expect([pathname, firstLoad.styles[0] === stylesheet]).toEqual([pathname, true]);
    }
    // Tailwind's output with the site's own theme, not an empty or escaped text.
    expect(stylesheet).toContain("--color-brand-600:#0284c7");
    expect(stylesheet).toMatch(/\.flex\{display:flex\}/);
    expect(stylesheet).toContain(">");
    expect(stylesheet).not.toContain("&gt;");
    // No stylesheet file is built any more for a page to link to.
    const assets = fs.readdirSync(path.resolve(import.meta.dirname, "../../build/client/assets"));
    expect(assets.filter((name) => name.endsWith(".css"))).toEqual([]);
  });

  it("starts its scripts from the inline module, without preloading them ahead of the page's pictures", async () => {
    for (const pathname of ["/", "/catalog", "/about"]) {
      const miss = firstLoadOf((await documentOf(`${pathname}?fresh=${Date.now()}`)).html);
      const hit = await documentOf(pathname).then(() => documentOf(pathname));
      expect([pathname, hit.cache]).toEqual([pathname, "hit"]);
      for (const firstLoad of [miss, firstLoadOf(hit.html)]) {
        expect([pathname, firstLoad.modulePreloads]).toEqual([pathname, []]);
        expect(firstLoad.entryImport).toMatch(/^\/assets\/entry\.client-/);
        const entry = await fetch(`${server.url}${firstLoad.entryImport}`);
        expect([pathname, entry.status]).toEqual([pathname, 200]);
      }
    }
  });
});
