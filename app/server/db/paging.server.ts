import { asc, count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { pageWindow, type Paged } from "#app/domain/paging";
import type { Queryable } from "./client.server";
import { products } from "./schema";

/** The order every list of products is read in, public or dashboard: by model ignoring letter case. */
export const BY_MODEL = [sql`lower(${products.model})`, asc(products.model)] as const;

/** A select column: how many rows the query matches in all, counted before its LIMIT and OFFSET. */
export const matchingRowCount = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * A page of an ordered query in one pass. `rowsAt(offset, limit)` runs the query for that window, each
 * row carrying `matchingRowCount` as `total`. Past the last page (an old link, or the list shrank) that
 * window is empty and says nothing of the total: `countAll` then tells it, and the last page is read.
 */
export async function readPage<Row extends { total: number }>(
  rowsAt: (offset: number, limit: number) => Promise<Row[]>,
  countAll: () => Promise<number>,
  requested: number,
  pageSize: number,
): Promise<Paged<Omit<Row, "total">>> {
  const wanted = Math.max(1, Math.floor(requested));
  let rows = await rowsAt((wanted - 1) * pageSize, pageSize);
  let total = rows[0]?.total ?? 0;
  let { page, pageCount } = pageWindow(total, wanted, pageSize);
  if (rows.length === 0 && wanted > 1) {
    total = await countAll();
    const last = pageWindow(total, wanted, pageSize);
    ({ page, pageCount } = last);
    rows = total > 0 ? await rowsAt(last.offset, pageSize) : [];
  }
  return { items: rows.map(({ total: _total, ...row }) => row), total, page, pageCount, pageSize };
}

/** How many rows of `table` match `where`: what `readPage` asks when a window comes back empty. */
export async function countRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}
