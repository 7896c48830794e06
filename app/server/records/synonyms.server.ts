import { asc } from "drizzle-orm";
import { SYNONYMS_ID } from "#app/domain/revisions";
import type { Queryable } from "../db/client.server";
import { searchSynonyms } from "../db/schema";
import { type RecordKind, type Snapshot } from "./kind.server";

/** The synonym sets, each its phrases, in the owner's order. */
export type SynonymsData = { sets: string[][] };

/** Every set, in the owner's order. */
export async function readSynonymSets(db: Queryable): Promise<string[][]> {
  const rows = await db
    .select({ phrases: searchSynonyms.phrases })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.position));
  return rows.map((row) => row.phrases);
}

async function synonymsSnapshot(tx: Queryable): Promise<Snapshot<SynonymsData>> {
  const sets = await readSynonymSets(tx);
  return {
    label: "Search synonyms",
    view: { fields: [], lists: [["Sets", sets.map((set) => set.join(" = "))]] },
    data: { sets },
    files: [],
  };
}

/** The search synonyms: one record (SYNONYMS_ID), with revisions and a History; never deleted. */
export const synonymsRecords = {
  snapshots: async (tx, ids) => new Map(ids.includes(SYNONYMS_ID) ? [[SYNONYMS_ID, await synonymsSnapshot(tx)]] : []),
  // No version: the synonyms are saved whole, each save over the last.
  current: async (_db, id) => (id === SYNONYMS_ID ? { version: 0, label: "Search synonyms" } : null),
} satisfies RecordKind<SynonymsData>;
