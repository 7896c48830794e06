import { SYNONYMS_ID } from "#app/domain/revisions";
import type { AdminWrite, Restorer, Restoring, WriteOrigin } from "./write.server";
import { readSynonymSets, type SynonymsData } from "../records/synonyms.server";
import type { Database } from "../db/client.server";
import { searchSynonyms } from "../db/schema";
import { keptUntilChanged, type DataWatch, type WatchedData } from "../platform/data-watch.server";

const SYNONYMS_DATA: readonly WatchedData[] = ["synonyms"];

/**
 * The owner's search synonyms (decision 067), read and saved. Every search expands its words with
 * them: they are kept in memory and read again only once the data watch says they may have changed.
 */
export function createSearchSynonyms({ db, write, watch }: { db: Database; write: AdminWrite; watch: DataWatch }) {
  const keptSets = keptUntilChanged(watch, SYNONYMS_DATA, () => readSynonymSets(db));

  /** Every set, in the owner's order. Shared between requests: callers never change it. */
  function getSynonymSets(): Promise<readonly (readonly string[])[]> {
    return keptSets();
  }

  /** Stores the sets whole, in one write, and tells open pages (searches, /support) to refresh. */
  async function saveSynonyms(input: SynonymsData, origin: WriteOrigin, restoring?: Restoring): Promise<void> {
    await write(
      ["synonyms"],
      origin,
      async ({ tx, audit }) => {
        await audit({ kind: "updated", record: { type: "synonyms", id: SYNONYMS_ID, label: "Search synonyms" } });
        await tx.delete(searchSynonyms);
        if (input.sets.length > 0) {
          await tx.insert(searchSynonyms).values(input.sets.map((phrases, position) => ({ phrases, position })));
        }
      },
      restoring,
    );
  }

  /** The synonyms are saved whole, each save over the last: a restore has no version to check. */
  const restorer: Restorer<SynonymsData> = {
    restoreRevision: (_id, _version, data, origin, restoring) => saveSynonyms(data, origin, restoring),
  };

  return { getSynonymSets, saveSynonyms, ...restorer };
}

export type SearchSynonyms = ReturnType<typeof createSearchSynonyms>;
