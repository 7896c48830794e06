import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATEGORY_NAMES, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_ADVISORIES } from "../../demo/advisories";
import { STATIC_PUBLIC_PATHS } from "#app/domain/seo";
import { plainSlug } from "#tests/support/addresses";
import { startServer, type RunningServer } from "#tests/support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DEMO_DATA: "1" });
});

afterAll(async () => {
  await server?.stop();
});

/** A page's readable address (docs/requirements.md: Addresses). */
const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
}

/**
 * Reads a sitemaps.org `urlset`, checking it against the protocol's grammar on the way: the XML
 * declaration, the namespace, and only `url` elements holding one `loc` and at most one `lastmod`,
 * with no unescaped markup characters in the text.
 */
function parseSitemap(xml: string): SitemapUrl[] {
  const document =
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">([\s\S]*)<\/urlset>\s*$/.exec(
      xml,
    );
  if (!document) throw new Error(`Not a sitemap urlset:\n${xml.slice(0, 300)}`);
  const body = document[1] ?? "";
  const entry = /<url><loc>([^<>]*)<\/loc>(?:<lastmod>([^<>]*)<\/lastmod>)?<\/url>/g;
  const leftover = body.replace(entry, "").trim();
  if (leftover) throw new Error(`Unexpected content in the sitemap: ${leftover.slice(0, 200)}`);
  return [...body.matchAll(entry)].map((match) => {
    const loc = match[1] ?? "";
    // Every & must start an entity; a bare one makes the document ill-formed.
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(loc)) throw new Error(`Unescaped & in ${loc}`);
    return { loc: loc.replace(/&amp;/g, "&"), lastmod: match[2] };
  });
}

async function fetchSitemap(): Promise<{ response: Response; urls: SitemapUrl[] }> {
  const response = await fetch(`${server.url}/sitemap.xml`);
  return { response, urls: parseSitemap(await response.text()) };
}

/** The `<head>` tags a crawler reads: the title, meta tags by name or property, and link rels. */
function headTags(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
  const meta = new Map<string, string[]>();
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const { name, property, content } = attributes(tag);
    const key = name ?? property;
    if (key && content !== undefined) meta.set(key, [...(meta.get(key) ?? []), decodeHtml(content)]);
  }
  const links = [...head.matchAll(/<link [^>]*>/g)].map(([tag]) => attributes(tag));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decodeHtml(match[1] ?? ""));
  return { titles, meta, links };
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe("sitemap.xml", () => {
  it("is a sitemap of absolute URLs, cached for five minutes", async () => {
    const { response, urls } = await fetchSitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(urls.length).toBeGreaterThan(0);
    for (const { loc } of urls) expect(loc.startsWith(`${server.url}/`), loc).toBe(true);
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
  });

  it("lists the fixed public pages, every demo category, product and advisory, with their last change", async () => {
    const { urls } = await fetchSitemap();
    const paths = urls.map((url) => url.loc.slice(server.url.length));
    for (const path of ["/", "/catalog", "/about", "/contact", "/support", "/support/firmware", "/privacy"]) {
      expect(paths).toContain(path);
    }

    const categories = urls.filter((url) => new RegExp(`/catalog/categories/${SLUG}$`).test(url.loc));
    const products = urls.filter((url) => new RegExp(`/catalog/products/${SLUG}$`).test(url.loc));
    expect(categories).toHaveLength(DEMO_CATEGORY_NAMES.length);
    expect(products).toHaveLength(DEMO_PRODUCTS.length);
    const advisories = urls.filter((url) => /\/support\/security\/vsa-\d{4}-\d{3}$/.test(url.loc));
    expect(advisories).toHaveLength(DEMO_ADVISORIES.length);
    expect(urls).toHaveLength(STATIC_PUBLIC_PATHS.length + categories.length + products.length + advisories.length);
    for (const { loc, lastmod } of [...categories, ...products, ...advisories]) {
      expect(lastmod, loc).toMatch(W3C_DATETIME);
      expect(Date.parse(lastmod ?? "")).toBeLessThanOrEqual(Date.now());
    }
  });

  it("names the live catalog: its category pages are the catalog's, its product pages show the demo models", async () => {
    const { urls } = await fetchSitemap();
    const catalogHtml = await (await fetch(`${server.url}/catalog`)).text();
    const linkedCategories = new Set(
      [...catalogHtml.matchAll(new RegExp(`href="/catalog/categories/(${SLUG})"`, "g"))].map((match) => match[1]),
    );
    const listedCategories = urls
      .map((url) => new RegExp(`/catalog/categories/(${SLUG})$`).exec(url.loc)?.[1])
      .filter((id): id is string => Boolean(id));
    expect(new Set(listedCategories)).toEqual(linkedCategories);
    // Each page at an address made of its name or model.
    expect(new Set(listedCategories)).toEqual(new Set(DEMO_CATEGORY_NAMES.map(plainSlug)));

    const productUrls = urls.filter((url) => url.loc.includes("/catalog/products/"));
    const titles = await Promise.all(
      productUrls.map(async ({ loc }) => {
        const response = await fetch(loc);
        expect(response.status, loc).toBe(200);
        // A product page's title is its model and its name.
        return { loc, title: headTags(await response.text()).titles[0]?.split(" | ")[0] };
      }),
    );
    expect(titles.sort((a, b) => (a.loc < b.loc ? -1 : 1))).toEqual(
      DEMO_PRODUCTS.map((product) => ({
        loc: `${server.url}/catalog/products/${plainSlug(product.model)}`,
        title: `${product.model} ${product.name}`,
      })).sort((a, b) => (a.loc < b.loc ? -1 : 1)),
    );
  });
});

describe("robots.txt", () => {
  it("allows the public site, keeps crawlers out of admin and per-visitor pages, and names the sitemap", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/dashboard", "/login", "/forgot", "/reset-password", "/search", "/uploads", "/events"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(200);
  });
});

describe("the home page's head", () => {
  it("has one title, a description, a canonical URL and Open Graph tags, all absolute", async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const { titles, meta, links } = headTags(await response.text());

    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(/ \| Vantage$/);
    const description = meta.get("description");
    expect(description).toHaveLength(1);
    expect(description?.[0]?.length).toBeGreaterThan(50);
    expect(description?.[0]?.length).toBeLessThanOrEqual(160);

    const canonical = links.filter((link) => link.rel === "canonical");
    expect(canonical).toEqual([expect.objectContaining({ href: `${server.url}/` })]);
    expect(meta.get("og:url")).toEqual([`${server.url}/`]);
    expect(meta.get("og:type")).toEqual(["website"]);
    expect(meta.get("og:site_name")).toEqual(["Vantage"]);
    expect(meta.get("og:title")).toEqual([titles[0]?.replace(/ \| Vantage$/, "")]);
    expect(meta.get("og:description")).toEqual(description);
    expect(meta.get("twitter:card")).toHaveLength(1);
    for (const image of meta.get("og:image") ?? []) {
      expect(image.startsWith(`${server.url}/`)).toBe(true);
      expect((await fetch(image, { method: "HEAD" })).status, image).toBe(200);
    }
  });
});
