import { vi } from "vitest";
import type { Database } from "#app/server/db/client.server";

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
