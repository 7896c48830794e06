import { asc, eq } from "drizzle-orm";
import { STATIC_PUBLIC_PATHS, absoluteUrl, escapeXml, sitemapXml, type SitemapEntry } from "#app/domain/seo";
import { categories, products } from "../db/schema";
import type { Database } from "../db/client.server";
import type { AdvisoryReads } from "./advisories.server";
import { keptUntilChanged, type DataWatch } from "../platform/data-watch.server";
import { catalogCategoryPath, catalogProductPath } from "#app/domain/paths";

/** How long the entries are kept after a read: a crawler asks for a sitemap's parts one after another. */
const ENTRIES_KEPT_MS = 60_000;

/** The entries of /sitemap.xml. */
export function createSitemap({
  db,
  advisories,
  watch,
}: {
  db: Database;
  advisories: AdvisoryReads;
  watch: DataWatch;
}) {
  /**
   * Every public page of the live catalog: the fixed pages, each category, each product and each
   * published security advisory. Two queries of slugs and dates, whatever the size of the catalog,
   * kept until the catalog changes or a minute has passed: at 50,000 products the sitemap is 51
   * parts (decision 086), each read from the same list, and the list is some megabytes to hold.
   */
  const listSitemapEntries = keptUntilChanged(watch, ["products", "categories", "advisories"], readSitemapEntries, {
    forMs: ENTRIES_KEPT_MS,
  });

  async function readSitemapEntries(): Promise<SitemapEntry[]> {
    const [categoryRows, productRows, published] = await Promise.all([
      db
        .select({ slug: categories.slug, updatedAt: categories.updatedAt })
        .from(categories)
        .orderBy(asc(categories.createdAt), asc(categories.id)),
      db
        .select({ slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .where(eq(products.status, "published"))
        .orderBy(asc(products.createdAt), asc(products.id)),
      advisories.listAll(),
    ]);
    return [
      ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
      ...categoryRows.map((row) => ({ path: catalogCategoryPath(row), lastModified: row.updatedAt })),
      ...productRows.map((row) => ({ path: catalogProductPath(row), lastModified: row.updatedAt })),
      ...published.map((advisory) => ({ path: advisory.path, lastModified: new Date(advisory.updated) })),
    ];
  }

  return { listSitemapEntries };
}

/** The most URLs one sitemap may list (sitemaps.org). */
const SITEMAP_MOST_URLS = 50_000;

/**
 * Pages a part of the sitemap lists when it is in parts: each in every language of the site, with
 * its alternates (at 21 languages, 21,000 URLs and about 40 MB, under the protocol's 50,000 and 50 MB).
 */
export const SITEMAP_PART_PAGES = 1_000;

/** A language the sitemap lists pages in: its tag and the prefix of its pages ("" for English). */
export interface SitemapLanguage {
  tag: string;
  base: string;
}

/**
 * /sitemap.xml (`part` null) and its parts (`?part=N`): one list of every page while the site has
 * English alone and the pages fit in one; otherwise an index of parts, each a thousand pages in every
 * language with their `hreflang` alternates and `x-default` (decision 086). Null for a part there is not.
 */
export function sitemapDocument(
  entries: readonly SitemapEntry[],
  publicUrl: string,
  languages: readonly SitemapLanguage[],
  part: number | null,
): string | null {
  const whole = languages.length <= 1 && entries.length <= SITEMAP_MOST_URLS;
  if (whole) return part === null ? sitemapXml(entries, publicUrl) : null;
  const parts = Math.ceil(entries.length / SITEMAP_PART_PAGES);
  if (part === null) {
    return xmlDocument(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      Array.from(
        { length: parts },
        (_, index) =>
          `<sitemap><loc>${escapeXml(absoluteUrl(publicUrl, `/sitemap.xml?part=${index + 1}`))}</loc></sitemap>`,
      ),
      "</sitemapindex>",
    );
  }
  if (!Number.isSafeInteger(part) || part < 1 || part > parts) return null;
  const pages = entries.slice((part - 1) * SITEMAP_PART_PAGES, part * SITEMAP_PART_PAGES);
  const urls: string[] = [];
  for (const entry of pages) {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    const alternates =
      languages.length > 1
        ? [
            ...languages.map(
              ({ tag, base }) =>
                `<xhtml:link rel="alternate" hreflang="${tag}" href="${escapeXml(absoluteUrl(publicUrl, base + entry.path))}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(publicUrl, entry.path))}"/>`,
          ].join("")
        : "";
    for (const { base } of languages) {
      urls.push(`<url><loc>${escapeXml(absoluteUrl(publicUrl, base + entry.path))}</loc>${lastmod}${alternates}</url>`);
    }
  }
  return xmlDocument(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    urls,
    "</urlset>",
  );
}

function xmlDocument(open: string, lines: readonly string[], close: string): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', open, ...lines, close, ""].join("\n");
}
