import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { formatFileSize } from "#app/domain/format";
import type { ChangeTopic } from "#app/domain/live";
import type { RevisionView } from "#app/domain/revisions";
import type { TranslatableField } from "#app/domain/translations";
import type { Queryable } from "../db/client.server";
import {
  type advisories,
  type categories,
  type downloads,
  files,
  firmwareProducts,
  firmwareReleases,
  type infoItems,
  products,
  type specAttributes,
} from "../db/schema";
import { isUuid } from "../files/files.server";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** A record's whole state, as a revision keeps it. */
export interface Snapshot<Data> {
  label: string;
  view: RevisionView;
  /** What a restore puts back. */
  data: Data;
  /** Every stored file the state needs. */
  files: string[];
}

/** The record as it is now: its version (what a restore is checked against) and its name. */
export interface CurrentRecord {
  version: number;
  label: string;
}

/** How a kind of record that can be a draft or scheduled is published. */
export interface Publishing {
  /** The change feed's topic its writes announce. */
  topic: ChangeTopic;
  /** Whether any of its records is scheduled for a time that has come, as an SQL condition. */
  due: SQL;
  /** Publishes those records (their version moves on: an open form saw them scheduled), named. */
  publishDue(tx: Queryable): Promise<{ id: string; label: string }[]>;
  /**
   * Marks the record's files as a draft's (served to signed-in people only) or a published record's,
   * as its status now says: called in a write once the record and its files are as they will stay.
   */
  syncFiles(tx: Queryable, id: string): Promise<void>;
}

/**
 * One kind of record whose saves are kept as revisions: how it is snapshotted, named and (where it
 * can be a draft) published. Each kind's admin service restores it (Restorer, in ../admin/write.server).
 */
export interface RecordKind<Data> {
  /** The records' whole states, by id; a record that is gone has none. */
  snapshots(tx: Queryable, ids: string[]): Promise<Map<string, Snapshot<Data>>>;
  /** The record as it is now, or null when it is gone (or `id` could name none). */
  current(db: Queryable, id: string): Promise<CurrentRecord | null>;
  publication?: Publishing;
  /** Its texts that can be translated into the site's other languages (decision 094), in the order shown. */
  translatable?: readonly TranslatableField[];
}

/**
 * `current` for a kind whose name is one column of its table: the record's version and that column, or
 * null when it is gone.
 */
export async function versionAndName(
  db: Queryable,
  table: typeof products | typeof categories | typeof downloads | typeof specAttributes,
  name: AnyPgColumn,
  id: string,
): Promise<CurrentRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ version: table.version, label: sql<string>`${name}` })
    .from(table)
    .where(eq(table.id, id));
  return row ?? null;
}

/** At most this many records' rows are asked for in one query (parameters have a limit). */
export const SNAPSHOT_BATCH = 1000;

/** Records whose state takes a few queries each, read one after another. */
export function oneByOne<Data>(
  read: (tx: Queryable, id: string) => Promise<Snapshot<Data> | undefined>,
): RecordKind<Data>["snapshots"] {
  return async (tx, ids) => {
    const snapshots = new Map<string, Snapshot<Data>>();
    for (const id of ids) {
      const snapshot = await read(tx, id);
      if (snapshot) snapshots.set(id, snapshot);
    }
    return snapshots;
  };
}

export type FileRow = typeof files.$inferSelect;
const FILE_BATCH = 5000;

/** A file as a revision names it: its name and size. */
export const fileLine = (file: FileRow | null | undefined) =>
  file ? `${file.originalName} (${formatFileSize(file.size)})` : "";

export async function filesById(tx: Queryable, ids: (string | null)[]): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const found = new Map<string, FileRow>();
  // In parts: a batch of products can name more files than one statement takes parameters.
  for (let start = 0; start < wanted.length; start += FILE_BATCH) {
    const rows = await tx
      .select()
      .from(files)
      .where(inArray(files.id, wanted.slice(start, start + FILE_BATCH)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The tables of records that can be drafts or scheduled. */
export type PublishableTable =
  typeof products | typeof downloads | typeof infoItems | typeof firmwareReleases | typeof advisories;

/**
 * Marks the files `filesOfRecord` (a subquery) names as a draft's or a published record's, as the
 * status of record `id` in `table` says.
 */
export async function syncOwnFiles(tx: Queryable, table: PublishableTable, id: string, filesOfRecord: SQL) {
  await tx.execute(sql`update files set draft = coalesce(
      (select ${table.status} <> 'published' from ${table} where ${table.id} = ${id}), false)
    where id in (${filesOfRecord})`);
}

/** Whether any record of `table` is scheduled for a time that has come. */
export function scheduledAndDue(table: PublishableTable): SQL {
  return sql`exists (select 1 from ${table} where ${table.status} = 'scheduled' and ${table.publishAt} <= now())`;
}

/** The rows of `table` scheduled for a time that has come, and what publishing them sets. */
export function duePublication<T extends PublishableTable>(table: T) {
  return {
    where: and(eq(table.status, "scheduled"), lte(table.publishAt, sql`now()`)),
    set: { status: "published" as const, publishAt: null, version: sql`${table.version} + 1` },
  };
}

/** The firmware releases a product is on. */
export async function releasesOf(tx: Queryable, productId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: firmwareProducts.releaseId })
    .from(firmwareProducts)
    .where(eq(firmwareProducts.productId, productId));
  return rows.map((row) => row.id);
}

/**
 * A release's file is served to visitors only while its page is shown to them: the release published,
 * for at least one published product. Call it whenever either side changes (a product's status, its
 * deletion, a release's products).
 */
export async function syncReleaseFiles(tx: Queryable, releaseIds: string[]): Promise<void> {
  if (!releaseIds.length) return;
  await tx.execute(sql`update files set draft = not exists (
      select 1 from ${firmwareReleases} as r
        join ${firmwareProducts} as fp on fp.release_id = r.id
        join ${products} as p on p.id = fp.product_id
      where files.id in (r.file_id, r.sbom_file_id) and r.status = 'published' and p.status = 'published')
    where id in (select ${firmwareReleases.fileId} from ${firmwareReleases} where ${firmwareReleases.id} in ${releaseIds}
      union select ${firmwareReleases.sbomFileId} from ${firmwareReleases}
        where ${firmwareReleases.id} in ${releaseIds} and ${firmwareReleases.sbomFileId} is not null)`);
}
