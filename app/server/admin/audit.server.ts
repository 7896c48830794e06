import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { COMMAND_LINE_ACTOR, SCHEDULE_ACTOR, AUDIT_KINDS, type AuditKind } from "#app/domain/audit";
import type { RecordType } from "#app/domain/record-kinds";
import type { Paged } from "#app/domain/paging";
import { holdsText } from "../platform/text-pattern.server";
import type { Database, Queryable } from "../db/client.server";
import { auditLog } from "../db/schema";
import { csvLine, UTF8_BOM } from "../platform/csv.server";
import { countRows, readPage } from "../db/paging.server";

/** Who acted: a signed-in person (id and address), or the command line on the server (all null). */
export interface Actor {
  userId: string | null;
  email: string | null;
  clientAddress: string | null;
}

/** The operator's `npm run admin` on the server. */
export const COMMAND_LINE: Actor = { userId: null, email: null, clientAddress: null };

/** The record an entry touched, named as it was then. */
export interface AuditRecord {
  type: RecordType;
  id: string;
  label: string;
}

export interface AuditEntry {
  kind: AuditKind;
  record?: AuditRecord;
  /** A few words more, e.g. the role a person was given. */
  details?: Record<string, string>;
}

/** Rows of the audit log written by one statement at most. */
const AUDIT_INSERT_BATCH = 1000;

/** Adds entries; inside a write's transaction they stand or fall with the write. */
export async function recordAudit(
  executor: Queryable,
  actor: Actor,
  entries: AuditEntry | AuditEntry[],
): Promise<void> {
  const all = Array.isArray(entries) ? entries : [entries];
  for (let start = 0; start < all.length; start += AUDIT_INSERT_BATCH) {
    await executor.insert(auditLog).values(
      all.slice(start, start + AUDIT_INSERT_BATCH).map((entry) => ({
        actorId: actor.userId,
        actorEmail: actor.email,
        clientAddress: actor.clientAddress,
        kind: entry.kind,
        recordType: entry.record?.type ?? null,
        recordId: entry.record?.id ?? null,
        recordLabel: entry.record?.label ?? null,
        details: entry.details ?? null,
      })),
    );
  }
}

export interface AuditFilters {
  /** The person's address, exactly; COMMAND_LINE_ACTOR for the command line, SCHEDULE_ACTOR for the schedule. */
  person?: string;
  kind?: AuditKind;
  /** A record's id, or words in its name. */
  record?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

export interface AuditView {
  id: string;
  at: string;
  person: string;
  clientAddress: string;
  kind: AuditKind;
  kindLabel: string;
  recordType: string;
  recordId: string;
  recordLabel: string;
  details: string;
}

export const AUDIT_PAGE_SIZE = 50;

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // Nobody signed in: the schedule publishes ("published" is only ever its entry), the command line does the rest.
  if (filters.person === COMMAND_LINE_ACTOR) {
    conditions.push(sql`${auditLog.actorEmail} is null and ${auditLog.kind} <> 'published'`);
  } else if (filters.person === SCHEDULE_ACTOR) {
    conditions.push(sql`${auditLog.actorEmail} is null and ${auditLog.kind} = 'published'`);
  } else if (filters.person) conditions.push(eq(auditLog.actorEmail, filters.person));
  if (filters.kind) conditions.push(eq(auditLog.kind, filters.kind));
  const record = filters.record?.trim();
  if (record) {
    conditions.push(or(eq(auditLog.recordId, record), holdsText(auditLog.recordLabel, record)));
  }
  if (filters.from) conditions.push(gte(auditLog.at, filters.from));
  if (filters.until) conditions.push(lt(auditLog.at, filters.until));
  return conditions.length ? and(...conditions) : undefined;
}

type AuditRow = typeof auditLog.$inferSelect;

function toView(row: AuditRow): AuditView {
  const kind = row.kind as AuditKind;
  return {
    id: row.id,
    at: row.at.toISOString(),
    // Nobody signed in: the operator's command line, or the server publishing on schedule.
    person: row.actorEmail ?? (kind === "published" ? SCHEDULE_ACTOR : COMMAND_LINE_ACTOR),
    clientAddress: row.clientAddress ?? "",
    kind,
    kindLabel: AUDIT_KINDS[kind] ?? row.kind,
    recordType: row.recordType ?? "",
    recordId: row.recordId ?? "",
    recordLabel: row.recordLabel ?? "",
    details: Object.entries(row.details ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join("; "),
  };
}

const CSV_COLUMNS = [
  "Time (UTC)",
  "Person",
  "Client address",
  "Action",
  "Record type",
  "Record id",
  "Record",
  "Details",
];
const EXPORT_BATCH = 1000;

/** Reading the audit log: the owners' page and its CSV export. Entries are added by recordAudit only. */
export function createAuditLog({ db }: { db: Database }) {
  const order = [desc(auditLog.at), desc(auditLog.id)] as const;

  return {
    async list(filters: AuditFilters, page: number): Promise<Paged<AuditView>> {
      const where = whereOf(filters);
      const paged = await readPage(
        (offset, limit) =>
          db
            .select({ row: auditLog })
            .from(auditLog)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        () => countRows(db, auditLog, where),
        page,
        AUDIT_PAGE_SIZE,
      );
      return { ...paged, items: paged.items.map(({ row }) => toView(row)) };
    },

    /** Everyone who appears in the log, for the person filter. */
    async people(): Promise<string[]> {
      const rows = await db
        .selectDistinct({
          person: sql<string>`coalesce(${auditLog.actorEmail}, case when ${auditLog.kind} = 'published' then ${SCHEDULE_ACTOR} else ${COMMAND_LINE_ACTOR} end)`,
        })
        .from(auditLog)
        .orderBy(sql`1`);
      return rows.map((row) => row.person);
    },

    /** Every matching entry as CSV lines, newest first, read a batch at a time however long the log. */
    async *csv(filters: AuditFilters, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
      // The byte order mark tells spreadsheet programs the file is UTF-8 (names may hold any letter).
      yield `${UTF8_BOM}${csvLine(CSV_COLUMNS)}`;
      const where = whereOf(filters);
      // Read by position in the order, not by offset: entries added while the export runs (newer, so
      // before the cursor) neither repeat nor push others out.
      // The time as the database holds it (microseconds; a Date would round it to milliseconds).
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const cursor = after
          ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined;
        const found = await db
          .select({ row: auditLog, exactAt: sql<string>`${auditLog.at}::text` })
          .from(auditLog)
          .where(and(where, cursor))
          .orderBy(...order)
          .limit(batchSize);
        const last = found.at(-1);
        if (last) after = { at: last.exactAt, id: last.row.id };
        const rows = found.map(({ row }) => row);
        for (const row of rows) {
          const view = toView(row);
          const fields = [
            view.at,
            view.person,
            view.clientAddress,
            view.kindLabel,
            view.recordType,
            view.recordId,
            view.recordLabel,
            view.details,
          ];
          yield csvLine(fields);
        }
        if (rows.length < batchSize) return;
      }
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
