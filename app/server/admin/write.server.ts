import { and, eq, sql } from "drizzle-orm";
import type { ChangeTopic } from "#app/domain/live";
import { isRevisionedType, type RevisionedType } from "#app/domain/record-kinds";
import type { RevisionKind } from "#app/domain/revisions";
import { recordAudit, type Actor, type AuditEntry } from "./audit.server";
import type { Database, Transaction } from "../db/client.server";
import type { FileService } from "../files/files.server";
import {
  type categories,
  type downloads,
  type firmwareReleases,
  type infoItems,
  type products,
  type specAttributes,
  type advisories,
} from "../db/schema";
import { notifyChange, type ChangeHub } from "../db/live.server";
import type { Revisions } from "./revisions.server";

/** The record changed since the form was opened (its version moved on). */
export class ConflictError extends Error {
  constructor() {
    super("The record changed since it was opened");
  }
}

/** The record is gone (deleted meanwhile, or never existed). */
export class NotFoundError extends Error {
  constructor() {
    super("The record does not exist");
  }
}

/**
 * A rule of requirements §5 only the service can check (a duplicate name or model), on one field, and
 * on more at once where one check finds several (a product's specification values).
 */
export class FieldRuleError extends Error {
  constructor(
    public readonly field: string,
    message: string,
    /** The other fields' messages, by field name. */
    public readonly others: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The record a restore would put back cannot come back as it was: the message says why. */
export class RestoreRefusedError extends Error {}

/** Who writes, and from which browser tab (that tab is not told of its own write). */
export interface WriteOrigin {
  actor: Actor;
  tabId?: string;
}

export interface WriteScope {
  tx: Transaction;
  /**
   * Says what the write did, for the audit log: every write says it at least once. Said *before* the
   * record changes: a save or delete keeps the state it starts from as a revision when the record has
   * none yet, and a delete keeps the state it ends (see createAdminWrite).
   */
  audit(entry: AuditEntry): Promise<void>;
  /** Says many things at once (an import's thousands of records), in a few statements. */
  auditMany(entries: AuditEntry[]): Promise<void>;
  /** Stored files: a write claims what it keeps and releases what it drops, inside `tx`. */
  fileService: FileService;
  /** Files whose rows this write dropped (files.release): their bytes go once it has committed. */
  purgeAfterCommit(storageKeys: string[]): void;
}

/**
 * A write that puts back an earlier revision of a record (recorded as "restored", not as a save or a
 * creation): the files that revision kept may be taken back.
 */
export interface Restoring {
  revisionNumber: number;
  /** The files that revision kept. */
  files: string[];
  /** A deleted record comes back under its own id (links to it work again). */
  recordId?: string;
}

/**
 * How a kind of record's admin service puts a revision back (History, Recently deleted): through its own
 * writes, so the rules, the audit log and the new revision are the same as for any save. A rule the
 * state no longer meets throws RestoreRefusedError or FieldRuleError, saying why.
 */
export interface Restorer<Data> {
  /** Saves revision `data` as the record's newest state, over the version the page showed. */
  restoreRevision(id: string, version: number, data: Data, origin: WriteOrigin, restoring: Restoring): Promise<void>;
  /** Makes the deleted record again under its own id (restoring.recordId); absent for a kind never deleted. */
  restoreDeleted?(data: Data, origin: WriteOrigin, restoring: Restoring): Promise<void>;
}

/**
 * One admin write: a transaction that records what it did in the audit log and keeps the records it
 * saved as revisions, announces `topics` on the change feed when (and only if) it commits, then
 * removes the bytes of files it let go.
 */
export type AdminWrite = <T>(
  topics: ChangeTopic[],
  origin: WriteOrigin,
  work: (scope: WriteScope) => Promise<T>,
  restoring?: Restoring,
) => Promise<T>;

/** The one AdminWrite of a process: every dashboard write goes through it. */
export function createAdminWrite({
  db,
  files,
  ownWrites,
  revisions,
  takenIn,
}: {
  db: Database;
  files: FileService;
  /** This instance's own writes, announced at once (see Runtime.ownWrites). */
  ownWrites: ChangeHub;
  revisions: Revisions;
  /**
   * What a committed write awaits before it returns: the in-memory copies taking it in (the catalog
   * applies it), so that the answer's next request, and the page cache, find it there.
   */
  takenIn?: (topics: ChangeTopic[]) => Promise<void>;
}): AdminWrite {
  return async (topics, origin, work, restoring) => {
    const doomed: string[] = [];
    const reusable = new Set(restoring?.files);
    // A file this write claimed is one it uses, even when a row it replaced used it too (a restore
    // puts back pictures the product had): releasing the old row must not retire it.
    const claimedHere = new Set<string>();
    const fileService: FileService = {
      ...files,
      claim: async (tx, ids, options) => {
        const rows = await files.claim(tx, ids, { ...options, reusable });
        for (const row of rows) claimedHere.add(row.id);
        return rows;
      },
      release: (tx, ids) =>
        files.release(
          tx,
          ids.filter((id) => !claimedHere.has(id)),
        ),
    };
    const result = await db.transaction(async (tx) => {
      let audited = false;
      /** Records saved by this write, kept as revisions once it has done all its work. */
      const saved = new Map<string, { type: RevisionedType; id: string; kind: RevisionKind }>();
      const auditMany = async (said: AuditEntry[]) => {
        if (!said.length) return;
        audited = true;
        const entries = said.map((entry): AuditEntry =>
          restoring && (entry.kind === "updated" || entry.kind === "created")
            ? { ...entry, kind: "restored", details: { ...entry.details, revision: String(restoring.revisionNumber) } }
            : entry,
        );
        await recordAudit(tx, origin.actor, entries);
        const baselines = new Map<RevisionedType, string[]>();
        for (const { kind, record } of entries) {
          if (!record || !isRevisionedType(record.type)) continue;
          if (kind === "deleted") {
            doomed.push(...(await revisions.keep(tx, record.type, [record.id], "deleted", origin.actor)));
          } else if (kind === "updated" || kind === "restored" || kind === "created" || kind === "published") {
            if (kind !== "created") baselines.set(record.type, [...(baselines.get(record.type) ?? []), record.id]);
            saved.set(`${record.type}:${record.id}`, { type: record.type, id: record.id, kind });
          }
        }
        for (const [type, ids] of baselines) await revisions.ensureBaseline(tx, type, ids);
      };
      const value = await work({
        tx,
        fileService,
        purgeAfterCommit: (keys) => doomed.push(...keys),
        audit: (entry) => auditMany([entry]),
        auditMany,
      });
      // A write nobody could trace afterwards is a bug in that write: it does not happen.
      if (!audited) throw new Error("This admin write did not record what it did in the audit log");
      const toKeep = new Map<string, { type: RevisionedType; kind: RevisionKind; ids: string[] }>();
      for (const { type, id, kind } of saved.values()) {
        const group = toKeep.get(`${type}:${kind}`);
        if (group) group.ids.push(id);
        else toKeep.set(`${type}:${kind}`, { type, kind, ids: [id] });
      }
      for (const { type, kind, ids } of toKeep.values()) {
        doomed.push(...(await revisions.keep(tx, type, ids, kind, origin.actor)));
      }
      await notifyChange(tx, topics, origin.tabId);
      return value;
    });
    // This instance's next request must see the write: the feed's own notice arrives a moment later.
    ownWrites.publish({ topics });
    // Committed whatever happens here: a copy that could not take it in reads it at its next read.
    await takenIn?.(topics).catch(() => undefined);
    if (doomed.length) await files.purge(doomed);
    return result;
  };
}

type VersionedTable =
  | typeof categories
  | typeof products
  | typeof downloads
  | typeof infoItems
  | typeof firmwareReleases
  | typeof specAttributes
  | typeof advisories;

/**
 * Claims the right to change a record opened at `version`: bumps the version, or throws ConflictError
 * when someone saved first and NotFoundError when it is gone. Call it first in the transaction; the row
 * stays locked until commit, so two saves from the same version cannot both pass.
 */
export async function claimVersion(tx: Transaction, table: VersionedTable, id: string, version: number) {
  const updated = await tx
    .update(table)
    .set({ version: sql`${table.version} + 1` })
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning({ id: table.id });
  if (updated.length) return;
  const existing = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  throw existing.length ? new ConflictError() : new NotFoundError();
}

/** The tab id a dashboard form sends (see TabIdInput), if it looks like one. */
export function formTabId(form: FormData): string | undefined {
  const value = form.get("tab");
  return typeof value === "string" && /^[\w-]{8,64}$/.test(value) ? value : undefined;
}

/**
 * The version a delete was confirmed at (ConfirmDelete's hidden field). A delete without one is taken
 * for one over a newer version (ConflictError), as a save without one is. Saves read theirs through
 * their form's schema (openedVersion): a delete has no form of its own.
 */
export function confirmedVersion(form: FormData): number {
  const value = form.get("version");
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) throw new ConflictError();
  return Number(value);
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/**
 * Whether `error` is a save stopped by the unique index `constraint` (two saves of the same name or id
 * can both pass a check made before): the one a form's field answers for, where any other unique key
 * broken (a record's own id, taken by a restore racing another) is not that field's doing.
 */
export function breaksUnique(error: unknown, constraint: string): boolean {
  const broken = databaseError(error);
  return broken?.code === UNIQUE_VIOLATION && broken.constraint === constraint;
}

/**
 * The PostgreSQL error anywhere in an error's cause chain (drizzle wraps the driver's): its code and,
 * where the driver names it, the constraint it broke. PGlite names no constraint; its message does.
 */
export function databaseError(error: unknown): { code: string; constraint: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return undefined;
    const code: unknown = "code" in current ? current.code : undefined;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const named: unknown = "constraint" in current ? current.constraint : undefined;
      const message = current instanceof Error ? current.message : "";
      return { code, constraint: typeof named === "string" ? named : (/"([a-z0-9_]+)"/.exec(message)?.[1] ?? "") };
    }
    current = "cause" in current ? current.cause : undefined;
  }
  return undefined;
}
