import { and, asc, desc, eq, inArray, lt, lte, max, notExists, sql } from "drizzle-orm";
import type { RevisionedType } from "#app/domain/record-kinds";
import {
  RECENTLY_DELETED_DAYS,
  revisionChanges,
  type RevisionChange,
  type RevisionKind,
  type RevisionView,
} from "#app/domain/revisions";
import type { Actor } from "./audit.server";
import { selectRows, type Database, type Queryable } from "../db/client.server";
import { revisionFiles, revisions } from "../db/schema";
import { isUuid, type FileService } from "../files/files.server";
import { SNAPSHOT_BATCH, type CurrentRecord, type Snapshot } from "../records/kind.server";
import { recordKind, type RevisionData } from "../records/registry.server";

/**
 * Revisions kept per record: a team's years of saves of one product, while a record saved by a script
 * every minute cannot keep every file it ever had.
 */
export const MAX_REVISIONS_PER_RECORD = 50;

/** A revision as the History page shows it, with what changed since the one before. */
export interface RevisionEntry {
  id: string;
  number: number;
  kind: RevisionKind;
  at: string;
  person: string | null;
  label: string;
  changes: RevisionChange[];
}

export interface StoredRevision<Type extends RevisionedType = RevisionedType> {
  id: string;
  number: number;
  kind: RevisionKind;
  label: string;
  data: RevisionData<Type>;
  files: string[];
}

/**
 * A revision that is a deletion and its record's newest: the record is gone (a restore since would
 * have added a later revision).
 */
const isDeletion = and(
  eq(revisions.kind, "deleted"),
  // Spelled out: drizzle writes a one-table query's columns unqualified, and inside this subquery a
  // bare "number" would be the later revision's own.
  notExists(
    sql`(select 1 from "revisions" as later where later.record_type = "revisions"."record_type"
      and later.record_id = "revisions"."record_id" and later.number > "revisions"."number")`,
  ),
);

/**
 * Revisions are numbered per record; these locks keep two writes of one record from taking a number
 * twice. Taken in one order, so two writes of many records cannot each wait for the other.
 */
async function lockRecordHistories(tx: Queryable, type: RevisionedType, ids: string[]) {
  const keys = [...new Set(ids)].sort().map((id) => `revisions:${type}:${id}`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(key)) from
    (select value as key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) order by value) as wanted`);
}

/** Rows written by one statement at most: a revision's state is a few kilobytes. */
const INSERT_BATCH = 500;

/** Keeping and reading revisions: the write path keeps them, the History and Recently deleted pages read them. */
export function createRevisions({ db, files: fileService }: { db: Database; files: FileService }) {
  /**
   * Keeps the records' current states as their next revisions, in `tx`, and lets go of their revisions
   * beyond the newest MAX_REVISIONS_PER_RECORD with the files only they kept. Nothing for a record that
   * is gone (a write that removed what it had just made). Returns the storage keys of files let go,
   * for their bytes to go once `tx` has committed.
   */
  async function keep(
    tx: Queryable,
    type: RevisionedType,
    ids: string[],
    kind: RevisionKind,
    actor: Actor | null,
  ): Promise<string[]> {
    const snapshots: Map<string, Snapshot<unknown>> = await recordKind(type).snapshots(tx, [...new Set(ids)]);
    const present = [...snapshots.keys()];
    if (!present.length) return [];
    await lockRecordHistories(tx, type, present);
    const lastNumber = new Map<string, number>();
    for (let start = 0; start < present.length; start += SNAPSHOT_BATCH) {
      const rows = await tx
        .select({ recordId: revisions.recordId, number: max(revisions.number) })
        .from(revisions)
        .where(
          and(
            eq(revisions.recordType, type),
            inArray(revisions.recordId, present.slice(start, start + SNAPSHOT_BATCH)),
          ),
        )
        .groupBy(revisions.recordId);
      for (const row of rows) lastNumber.set(row.recordId, row.number ?? 0);
    }
    const numberOf = (id: string) => (lastNumber.get(id) ?? 0) + 1;
    for (let start = 0; start < present.length; start += INSERT_BATCH) {
      const batch = present.slice(start, start + INSERT_BATCH);
      const inserted = await tx
        .insert(revisions)
        .values(
          batch.map((id) => {
            const snapshot = snapshots.get(id);
            if (!snapshot) throw new Error(`No snapshot of ${type} ${id}`);
            return {
              recordType: type,
              recordId: id,
              number: numberOf(id),
              kind,
              actorId: actor?.userId ?? null,
              actorEmail: actor?.email ?? null,
              label: snapshot.label,
              state: { view: snapshot.view, data: snapshot.data },
            };
          }),
        )
        .returning({ id: revisions.id, recordId: revisions.recordId });
      const kept = inserted.flatMap((row) =>
        [...new Set(snapshots.get(row.recordId)?.files)].map((fileId) => ({ revisionId: row.id, fileId })),
      );
      for (let from = 0; from < kept.length; from += INSERT_BATCH * 4) {
        await tx.insert(revisionFiles).values(kept.slice(from, from + INSERT_BATCH * 4));
      }
    }
    const doomed: string[] = [];
    for (const id of present) {
      doomed.push(...(await forgetBeyond(tx, type, id, numberOf(id) - MAX_REVISIONS_PER_RECORD)));
    }
    return doomed;
  }

  /**
   * Deletes the record's revisions numbered `upTo` and below, then the files no revision keeps any
   * more. A file the record itself still uses is in its newest revision, which is never among them.
   */
  async function forgetBeyond(tx: Queryable, type: RevisionedType, id: string, upTo: number): Promise<string[]> {
    if (upTo < 1) return [];
    const old = and(eq(revisions.recordType, type), eq(revisions.recordId, id), lte(revisions.number, upTo));
    const oldFiles = await tx
      .selectDistinct({ fileId: revisionFiles.fileId })
      .from(revisionFiles)
      .innerJoin(revisions, eq(revisions.id, revisionFiles.revisionId))
      .where(old);
    const forgotten = await tx.delete(revisions).where(old).returning({ id: revisions.id });
    if (!forgotten.length) return [];
    // Only files no remaining revision keeps: whatever the record uses is in its newest revision, and
    // must neither go nor be retired.
    const stillKept = new Set(
      (
        await tx
          .selectDistinct({ fileId: revisionFiles.fileId })
          .from(revisionFiles)
          .where(
            inArray(
              revisionFiles.fileId,
              oldFiles.map((file) => file.fileId),
            ),
          )
      ).map((file) => file.fileId),
    );
    const unkept = oldFiles.map((file) => file.fileId).filter((fileId) => !stillKept.has(fileId));
    return unkept.length ? fileService.release(tx, unkept) : [];
  }

  /**
   * A record saved before revisions were kept has none: before its first change, its state as it
   * stands becomes revision 1, by nobody known, so the change has something to differ from. For each
   * of `ids` that has none.
   */
  async function ensureBaseline(tx: Queryable, type: RevisionedType, ids: string[]) {
    await lockRecordHistories(tx, type, ids);
    const withHistory = new Set<string>();
    for (let start = 0; start < ids.length; start += SNAPSHOT_BATCH) {
      const rows = await tx
        .selectDistinct({ recordId: revisions.recordId })
        .from(revisions)
        .where(
          and(eq(revisions.recordType, type), inArray(revisions.recordId, ids.slice(start, start + SNAPSHOT_BATCH))),
        );
      for (const row of rows) withHistory.add(row.recordId);
    }
    const without = ids.filter((id) => !withHistory.has(id));
    if (without.length) await keep(tx, type, without, "created", null);
  }

  /** A record's revisions, newest first, each with what changed since the one before. */
  async function history(type: RevisionedType, id: string): Promise<RevisionEntry[]> {
    const rows = await db
      .select()
      .from(revisions)
      .where(and(eq(revisions.recordType, type), eq(revisions.recordId, id)))
      .orderBy(asc(revisions.number));
    let before: RevisionView | null = null;
    const entries: RevisionEntry[] = [];
    for (const row of rows) {
      const view = (row.state as { view: RevisionView }).view;
      entries.push({
        id: row.id,
        number: row.number,
        kind: row.kind as RevisionKind,
        at: row.at.toISOString(),
        person: row.actorEmail,
        label: row.label,
        changes: row.kind === "deleted" ? [] : revisionChanges(before, view),
      });
      before = view;
    }
    return entries.reverse();
  }

  /** One revision of one record, with what it restores. */
  async function get<Type extends RevisionedType>(
    type: Type,
    id: string,
    revisionId: string,
  ): Promise<StoredRevision<Type> | undefined> {
    if (!isUuid(revisionId)) return undefined;
    const [row] = await db
      .select()
      .from(revisions)
      .where(and(eq(revisions.id, revisionId), eq(revisions.recordType, type), eq(revisions.recordId, id)));
    if (!row) return undefined;
    const kept = await db
      .select({ fileId: revisionFiles.fileId })
      .from(revisionFiles)
      .where(eq(revisionFiles.revisionId, row.id));
    return {
      id: row.id,
      number: row.number,
      kind: row.kind as RevisionKind,
      label: row.label,
      data: (row.state as { data: RevisionData<Type> }).data,
      files: kept.map((file) => file.fileId),
    };
  }

  /** The newest revision of each record whose last revision is its deletion, deleted within the window. */
  async function recentlyDeleted() {
    const since = new Date(Date.now() - RECENTLY_DELETED_DAYS * 86_400_000);
    const rows = await db
      .select({
        id: revisions.id,
        recordType: revisions.recordType,
        recordId: revisions.recordId,
        label: revisions.label,
        at: revisions.at,
        person: revisions.actorEmail,
      })
      .from(revisions)
      .where(and(isDeletion, sql`${revisions.at} >= ${since}`))
      .orderBy(desc(revisions.at));
    return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  }

  /**
   * Forgets records deleted more than the window ago, with every revision they had, and the files only
   * those revisions kept. One instance does it at a time (the lock), and each record goes once: a
   * second instance finds nothing left.
   */
  async function purgeExpired(): Promise<number> {
    const cutoff = new Date(Date.now() - RECENTLY_DELETED_DAYS * 86_400_000);
    const doomed: string[] = [];
    const purged = await db.transaction(async (tx) => {
      const [lock] = await selectRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtext('revisions:purge')) as locked`,
      );
      if (!lock?.locked) return 0;
      const expired = await tx
        .select({ recordType: revisions.recordType, recordId: revisions.recordId })
        .from(revisions)
        .where(and(isDeletion, lt(revisions.at, cutoff)));
      for (const record of expired) {
        const ofRecord = and(eq(revisions.recordType, record.recordType), eq(revisions.recordId, record.recordId));
        // A restore keeps its revision under the same lock: one that committed since the list was read
        // shows here, and the record is left alone.
        await lockRecordHistories(tx, record.recordType as RevisionedType, [record.recordId]);
        const [stillDeleted] = await tx
          .select({ id: revisions.id })
          .from(revisions)
          .where(and(ofRecord, isDeletion, lt(revisions.at, cutoff)));
        if (!stillDeleted) continue;
        const kept = await tx
          .selectDistinct({ fileId: revisionFiles.fileId })
          .from(revisionFiles)
          .innerJoin(revisions, eq(revisions.id, revisionFiles.revisionId))
          .where(ofRecord);
        await tx.delete(revisions).where(ofRecord);
        doomed.push(
          ...(await fileService.release(
            tx,
            kept.map((file) => file.fileId),
          )),
        );
      }
      return expired.length;
    });
    if (doomed.length) await fileService.purge(doomed);
    return purged;
  }

  /**
   * The record as it is now: its version (what a restore is checked against; the settings have none)
   * and name, or null when it is gone.
   */
  async function current(type: RevisionedType, id: string): Promise<CurrentRecord | null> {
    return recordKind(type).current(db, id);
  }

  /** Whether `revisionId` is the record's deletion and nothing came after it (it was not restored since). */
  async function isLatestDeletion(revisionId: string): Promise<boolean> {
    if (!isUuid(revisionId)) return false;
    const [row] = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.id, revisionId), isDeletion));
    return Boolean(row);
  }

  return { keep, ensureBaseline, history, get, current, isLatestDeletion, recentlyDeleted, purgeExpired };
}

export type Revisions = ReturnType<typeof createRevisions>;
