import { eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "./db/client.server";
import { catalogVersions, products } from "./db/schema";

/** Between the fields of one product, so that no match can run from one field into the next. */
const FIELD_SEPARATOR = "\u0000";

interface Entry {
  id: string;
  /** Model, description, specs text and every specs table cell, letter case folded. */
  text: string;
}

interface Built {
  version: number;
  /** By model ignoring letter case: the order results are listed in. */
  entries: Entry[];
}

/** Letter case folded the same way for the products' text and the query, whatever the database's locale. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/**
 * The searchable text of every product, held in this process: a substring test over it takes a few
 * milliseconds at 10,000 products, where the same test in SQL must read every row for a short query
 * (no trigram to use) and count every match (decision 008). It is never stale: each search first reads
 * the products' version counter (one primary-key row, moved on by a trigger at every change of
 * products, however made) and rebuilds when it moved. Concurrent searches share one rebuild.
 */
export class ProductSearchIndex {
  private built: Built | undefined;
  private building: Promise<Built> | undefined;

  constructor(private readonly db: Database) {}

  /** The ids of the first `limit` products (by model ignoring case) whose text holds `term`, and how many do. */
  async match(term: string, limit: number): Promise<{ ids: string[]; total: number }> {
    const needle = foldCase(term);
    const { entries } = await this.current();
    const ids: string[] = [];
    let total = 0;
    for (const entry of entries) {
      if (!entry.text.includes(needle)) continue;
      total += 1;
      if (ids.length < limit) ids.push(entry.id);
    }
    return { ids, total };
  }

  private async current(): Promise<Built> {
    const version = await this.readVersion(this.db);
    if (this.built?.version === version) return this.built;
    this.building ??= this.build().finally(() => (this.building = undefined));
    const built = await this.building;
    // A rebuild started before the change this search saw may still hold the older rows.
    if (built.version < version) return this.current();
    return built;
  }

  private async readVersion(db: Queryable): Promise<number> {
    const [row] = await db
      .select({ version: catalogVersions.version })
      .from(catalogVersions)
      .where(eq(catalogVersions.name, "products"));
    return row?.version ?? 0;
  }

  private async build(): Promise<Built> {
    // One snapshot for the counter and the rows, so the version names exactly the rows read.
    const built = await this.db.transaction(
      async (tx) => {
        const version = await this.readVersion(tx);
        const rows = await tx
          .select({
            id: products.id,
            model: products.model,
            description: products.description,
            specs: products.specs,
            specsTable: products.specsTable,
          })
          .from(products)
          .orderBy(sql`lower(${products.model})`, products.model);
        const entries = rows.map((row) => ({
          id: row.id,
          text: foldCase(
            [row.model, row.description, row.specs ?? "", ...(row.specsTable ?? []).flat()].join(FIELD_SEPARATOR),
          ),
        }));
        return { version, entries };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (!this.built || built.version >= this.built.version) this.built = built;
    return built;
  }
}
