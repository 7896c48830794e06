import { count } from "drizzle-orm";
import { categories, products } from "../db/schema";
import type { Database } from "../db/client.server";

/** How many categories and products there are, for the dashboard's summary. */
export function createCatalogCounts({ db }: { db: Database }) {
  async function catalogCounts(): Promise<{ categories: number; products: number }> {
    const [[categoryCount], [productCount]] = await Promise.all([
      db.select({ value: count() }).from(categories),
      db.select({ value: count() }).from(products),
    ]);
    return { categories: categoryCount?.value ?? 0, products: productCount?.value ?? 0 };
  }

  return { catalogCounts };
}
