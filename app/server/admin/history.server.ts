import type { RevisionedType } from "#app/domain/record-kinds";
import type { RevisionData } from "../records/registry.server";
import type { Revisions, StoredRevision } from "./revisions.server";
import {
  databaseError,
  FieldRuleError,
  NotFoundError,
  RestoreRefusedError,
  UNIQUE_VIOLATION,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";

/** The admin service that restores each kind of record. */
export type Restorers = { [Type in RevisionedType]: Restorer<RevisionData<Type>> };

/**
 * Putting revisions back: an earlier revision of a record (saved like an edit, through its conflict
 * check) or a deleted record whole (from Recently deleted). Each goes through the record's own write
 * (its Restorer), so the rules, the audit log and the new revision are the same as for any save.
 */
export function createHistory({ revisions, restorers }: { revisions: Revisions; restorers: Restorers }) {
  async function find<Type extends RevisionedType>(type: Type, id: string, revisionId: string) {
    const revision = await revisions.get(type, id, revisionId);
    if (!revision) throw new NotFoundError();
    return revision;
  }

  /**
   * A name or model taken since, said in the words a person can act on; the same record restored by
   * someone else at the same moment (its id taken) is a record that is back already.
   */
  function explained<T>(work: Promise<T>): Promise<T> {
    return work.catch((error: unknown) => {
      if (error instanceof FieldRuleError) throw new RestoreRefusedError(error.message);
      if (databaseError(error)?.code === UNIQUE_VIOLATION) throw new NotFoundError();
      throw error;
    });
  }

  /**
   * Saves revision `revisionId` of the record as its newest state, over the version the page was
   * opened at (ConflictError when someone saved since). Returns the revision it put back. What it puts
   * back is the content: whether visitors see the record stays as it is (publishing is its own step).
   */
  async function restoreRevision<Type extends RevisionedType>(
    type: Type,
    id: string,
    revisionId: string,
    version: number,
    origin: WriteOrigin,
  ): Promise<StoredRevision<Type>> {
    const revision = await find(type, id, revisionId);
    const restoring: Restoring = { revisionNumber: revision.number, files: revision.files };
    const restorer: Restorer<RevisionData<Type>> = restorers[type];
    await explained(restorer.restoreRevision(id, version, revision.data, origin, restoring));
    return revision;
  }

  /**
   * Brings a deleted record back whole, under its own id, from its "deleted" revision: a product with
   * its pictures, downloads, features and the accessories that still exist. Refused (with the reason)
   * when its name is taken since or what it belongs to is gone.
   */
  async function restoreDeleted<Type extends RevisionedType>(
    type: Type,
    id: string,
    revisionId: string,
    origin: WriteOrigin,
  ): Promise<void> {
    const revision = await find(type, id, revisionId);
    // A stale page or a second click: the record was restored since (and may have changed again).
    if (!(await revisions.isLatestDeletion(revision.id))) throw new NotFoundError();
    const restorer: Restorer<RevisionData<Type>> = restorers[type];
    if (!restorer.restoreDeleted) throw new NotFoundError();
    const restoring: Restoring = { revisionNumber: revision.number, files: revision.files, recordId: id };
    await explained(restorer.restoreDeleted(revision.data, origin, restoring));
  }

  return { restoreRevision, restoreDeleted };
}

export type History = ReturnType<typeof createHistory>;
