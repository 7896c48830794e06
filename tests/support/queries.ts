import { sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Database } from "#app/server/db/client.server";
import { searchSynonyms } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";

/**
 * How many queries `read` starts through `db.select` (the spy passes every call through): what shows
 * that a copy kept in memory answered without asking the database.
 */
export async function selectsBy(db: Database, read: () => Promise<unknown>): Promise<number> {
  const selects = vi.spyOn(db, "select");
  try {
    await read();
    return selects.mock.calls.length;
  } finally {
    selects.mockRestore();
  }
}

/**
 * Waits until the database's notices of every write committed so far have been heard by `runtime`.
 * They come in the order of their commits: a statement of our own that says "synonyms" is heard after
 * them, and its notice makes the synonyms' copy ask the database again.
 */
export async function allNoticesHeard(runtime: Runtime): Promise<void> {
  const { db } = runtime.database;
  const synonyms = () => runtime.services.synonyms.getSynonymSets();
  await expect.poll(() => selectsBy(db, synonyms)).toBe(0);
  await db.execute(sql`update ${searchSynonyms} set phrases = phrases where false`);
  await expect.poll(() => selectsBy(db, synonyms)).toBeGreaterThan(0);
}
