import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../demo/demo-catalog";
import { startServer, type RunningServer } from "#tests/support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DEMO_DATA: "1" });
});

afterAll(async () => {
  await server?.stop();
});

/** The demo's items as News lists them: by the day each is dated, newest first. */
const byDay = DEMO_CATALOG.infoItems.toSorted((a, b) => a.daysAgo - b.daysAgo);
const newsOnly = DEMO_CATALOG.infoItems.filter((item) => item.newsOnly);
const words = (item: (typeof byDay)[number]) =>
  item.type === "card" ? item.heading : item.type === "banner" ? item.content : "";

async function page(path: string): Promise<{ status: number; html: string; type: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text(), type: response.headers.get("content-type") ?? "" };
}

describe("News", () => {
  it("lists every published item, also those taken off the home page, newest day first, ten a page", async () => {
    expect(newsOnly.length).toBeGreaterThan(0);
    const first = await page("/news");
    expect(first.status).toBe(200);
    expect(first.html).toContain("<h1");
    const shownWords = byDay.slice(0, 10).map(words).filter(Boolean);
    const positions = shownWords.map((text) => first.html.indexOf(text.replace(/&/g, "&amp;")));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual(positions.toSorted((a, b) => a - b));
    expect(first.html).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="News" href="\/news\.atom"\/>/,
    );
    expect(first.html).toContain('rel="next"');

    const second = await page("/news?page=2");
    for (const item of byDay.slice(10)) expect(second.html).toContain(words(item));
    const newest = byDay[0];
    if (!newest) throw new Error("The demo has no items");
    expect(second.html).not.toContain(words(newest));

    const home = await page("/");
    for (const item of newsOnly) expect(home.html).not.toContain(words(item));
    expect(home.html).toContain('href="/news"');
  });

  it("is an Atom feed of the same items, each published on its day", async () => {
    const feed = await page("/news.atom");
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("application/atom+xml; charset=utf-8");
    expect(feed.html).toMatch(
      /^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/,
    );
    const published = [...feed.html.matchAll(/<published>(\d{4}-\d{2}-\d{2})T00:00:00Z<\/published>/g)].map(
      (match) => match[1],
    );
    expect(published).toHaveLength(DEMO_CATALOG.infoItems.length);
    expect(published).toEqual(published.toSorted().reverse());
    expect(feed.html).toContain(`<link rel="alternate" href="${server.url}/catalog/categories/thermal-cameras"/>`);
  });

  it("is found by the site's search, each item at its place on News", async () => {
    const isc = DEMO_CATALOG.infoItems.find((item) => item.type === "card" && item.heading === "Meet us at ISC West");
    if (!isc) throw new Error("The demo has no ISC West item");
    const onPage = Math.floor(byDay.indexOf(isc) / 10) + 1;
    const found = await page("/search?q=booth%2012071");
    expect(found.status).toBe(200);
    expect(found.html).toMatch(
      new RegExp(
        `<section aria-labelledby="search-news"[\\s\\S]*href="/news${onPage > 1 ? `\\?page=${onPage}` : ""}#news-[0-9a-f-]{36}"`,
      ),
    );
    expect(found.html).toContain("Meet us at ISC West");
    // Every word must be there: one the item lacks finds nothing of it.
    expect((await page("/search?q=booth%20zeppelin")).html).not.toContain('aria-labelledby="search-news"');
  });

  it("is in the sitemap", async () => {
    expect((await page("/sitemap.xml")).html).toContain(`<loc>${server.url}/news</loc>`);
  });
});
