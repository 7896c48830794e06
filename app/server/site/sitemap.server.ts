import { asc, eq } from "drizzle-orm";
import { STATIC_PUBLIC_PATHS, type SitemapEntry } from "#app/domain/seo";
import { categories, products } from "../db/schema";
import type { Database } from "../db/client.server";
import type { AdvisoryReads } from "./advisories.server";
import { catalogCategoryPath, catalogProductPath } from "#app/domain/paths";

/** The entries of /sitemap.xml. */
export function createSitemap({ db, advisories }: { db: Database; advisories: AdvisoryReads }) {
  /**
   * Every public page of the live catalog: the fixed pages, each category, each product and each
   * published security advisory. Two queries of slugs and dates, whatever the size of the catalog.
   */
  async function listSitemapEntries(): Promise<SitemapEntry[]> {
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
