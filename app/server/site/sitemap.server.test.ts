import { describe, expect, it } from "vitest";
import { SITEMAP_PART_PAGES, sitemapDocument } from "./sitemap.server";

const site = "https://vantage.example";
const entries = Array.from({ length: SITEMAP_PART_PAGES + 1 }, (_, at) => ({
  path: `/catalog/products/p${at}`,
  ...(at === 0 ? { lastModified: new Date("2026-12-01T00:00:00Z") } : {}),
}));
const english = [{ tag: "en", base: "" }];
const three = [...english, { tag: "de", base: "/de" }, { tag: "ar", base: "/ar" }];

describe("the sitemap", () => {
  it("lists every page in one document while the site has English alone", () => {
    const whole = sitemapDocument(entries, site, english, null) ?? "";
    expect(whole.match(/<url>/g)).toHaveLength(entries.length);
    expect(whole).not.toContain("xhtml:link");
    expect(sitemapDocument(entries, site, english, 1)).toBeNull();
  });

  it("with other languages, is an index of parts, each page in every language with its alternates", () => {
    const index = sitemapDocument(entries, site, three, null) ?? "";
    expect(index).toContain("<sitemapindex");
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${site}/sitemap.xml?part=1`,
      `${site}/sitemap.xml?part=2`,
    ]);
    const first = sitemapDocument(entries, site, three, 1) ?? "";
    expect(first.match(/<url>/g)).toHaveLength(SITEMAP_PART_PAGES * 3);
    const alternates =
      `<xhtml:link rel="alternate" hreflang="en" href="${site}/catalog/products/p0"/>` +
      `<xhtml:link rel="alternate" hreflang="de" href="${site}/de/catalog/products/p0"/>` +
      `<xhtml:link rel="alternate" hreflang="ar" href="${site}/ar/catalog/products/p0"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${site}/catalog/products/p0"/>`;
    for (const base of ["", "/de", "/ar"]) {
      expect(first).toContain(
        `<url><loc>${site}${base}/catalog/products/p0</loc><lastmod>2026-12-01T00:00:00.000Z</lastmod>${alternates}</url>`,
      );
    }
    const second = sitemapDocument(entries, site, three, 2) ?? "";
    expect(second.match(/<url>/g)).toHaveLength(3);
    expect(second).toContain(`<loc>${site}/de/catalog/products/p${SITEMAP_PART_PAGES}</loc>`);
    for (const part of [0, 3, Number.NaN]) expect(sitemapDocument(entries, site, three, part)).toBeNull();
  });
});
