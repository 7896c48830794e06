import { asc, count, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { pageWindow, type Paged } from "#app/domain/paging";
import type { Queryable } from "./client.server";
import { products } from "./schema";

/** The order every list of products is read in, public or dashboard: by model ignoring letter case. */
export function byModel(model: AnyColumn) {
  return [sql`lower(${model})`, asc(model)] as const;
}

/** `byModel` of the products table itself. */
export const BY_MODEL = byModel(products.model);

/**
 * A page of an ordered query: how many rows match (`countAll`), then that page's window
 * (`rowsAt(offset, limit)`). An old link past the end (the list shrank since) gets the last page. The
 * total is counted on its own, not by a window over every match (`count(*) over ()`): such a window
 * makes the database read and sort every matching row to return one page, where the page alone
 * follows an index (decision 058).
 */
export async function readPage<Row>(
  rowsAt: (offset: number, limit: number) => Promise<Row[]>,
  countAll: () => Promise<number>,
  requested: number,
  pageSize: number,
): Promise<Paged<Row>> {
  const total = await countAll();
  const { page, pageCount, offset } = pageWindow(total, requested, pageSize);
  const items = total > 0 ? await rowsAt(offset, pageSize) : [];
  return { items, total, page, pageCount, pageSize };
}

/** How many rows of `table` match `where`: the count `readPage` pages through. */
export async function countRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}
