import { count } from "drizzle-orm";
import { categories, products } from "./db/schema";
import { runtime } from "./runtime.server";

export async function catalogCounts(): Promise<{ categories: number; products: number }> {
  const db = runtime().database.db;
  const [[categoryCount], [productCount]] = await Promise.all([
    db.select({ value: count() }).from(categories),
    db.select({ value: count() }).from(products),
  ]);
  return { categories: categoryCount?.value ?? 0, products: productCount?.value ?? 0 };
}
