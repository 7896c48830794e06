import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { extract as tarExtract, pack as tarPack } from "tar-stream";
import { COMMAND_LINE, recordAudit } from "./audit.server";
import { selectRows, type Database, type Queryable } from "./db/client.server";
import type { FileStorage } from "./storage.server";

/**
 * One backup is one gzipped tar archive (decision 021):
 *   vantage-backup.json  what made it, when, the schema it fits, the tables in restore order
 *   db/<table>.jsonl     every row of every table, one JSON object a line, as PostgreSQL writes it
 *   files/<key>          the bytes of every stored file a `files` row names
 *   checksums.json       the SHA-256 and size of every entry above: a restore checks them all first
 */
export const BACKUP_FORMAT = 1;
const MANIFEST = "vantage-backup.json";
const CHECKSUMS = "checksums.json";

/**
 * Counters the catalog's triggers keep and sign-in attempts of the last minutes: made again by the
 * database as the rows are restored, or worthless in another place and time.
 */
const NOT_BACKED_UP = new Set(["catalog_versions", "rate_limits"]);
/** Rows a restore inserts in one statement. */
const INSERT_BATCH = 500;

export class BackupError extends Error {}

/** What a backup holds once written. */
export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  /** Of the stored files. */
  bytes: number;
}

interface Manifest {
  format: number;
  createdAt: string;
  /** Migrations applied to the database the backup was taken from: a restore needs the same. */
  migrations: number;
  tables: { name: string; rows: number }[];
  files: number;
}

interface Checksums {
  entries: Record<string, { sha256: string; size: number }>;
}

interface Schema {
  migrations: number;
  /** Tables in an order where every table comes after those its foreign keys point to. */
  tables: string[];
}

async function readSchema(db: Queryable): Promise<Schema> {
  const [applied] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const tables = (
    await selectRows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !NOT_BACKED_UP.has(name));
  const references = await selectRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`Foreign keys go round in a circle: ${[...path, table].join(" → ")}`);
    for (const { child, parent } of references) {
      if (child === table && parent !== table && tables.includes(parent)) visit(parent, [...path, table]);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return { migrations: applied?.count ?? 0, tables: ordered };
}

const quoted = (table: string) => sql.raw(`"${table.replace(/"/g, '""')}"`);

/**
 * Writes a backup of the database and the stored files to `file`: the rows as one repeatable-read
 * snapshot taken while the site keeps serving, then the bytes of every file those rows name. The archive
 * appears under its name only once it is complete. Returns what it holds.
 */
export async function writeBackup(options: {
  db: Database;
  storage: FileStorage;
  file: string;
}): Promise<BackupSummary> {
  const { db, storage } = options;
  const snapshot = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const schema = await readSchema(tx);
    const dumps: { name: string; rows: number; lines: Buffer }[] = [];
    for (const name of schema.tables) {
      const rows = await selectRows<{ line: string }>(
        tx,
        sql`select row_to_json(t)::text as line from ${quoted(name)} t`,
      );
      dumps.push({ name, rows: rows.length, lines: Buffer.from(rows.map((row) => `${row.line}\n`).join("")) });
    }
    const stored = await selectRows<{ storage_key: string; size: number; sha256: string }>(
      tx,
      sql`select storage_key, size::float8 as size, sha256 from files order by storage_key`,
    );
    return { schema, dumps, stored };
  });

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migrations: snapshot.schema.migrations,
    tables: snapshot.dumps.map(({ name, rows }) => ({ name, rows })),
    files: snapshot.stored.length,
  };
  const checksums: Checksums = { entries: {} };
  const pack = tarPack();
  const target = path.resolve(options.file);
  const partial = `${target}.${randomUUID()}.partial`;
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { flags: "wx" }));
  // Awaited once everything is packed; a failure before then is seen there, not as an unhandled rejection.
  written.catch(() => undefined);

  const addBuffer = async (name: string, bytes: Buffer) => {
    checksums.entries[name] = { sha256: sha256(bytes), size: bytes.byteLength };
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: bytes.byteLength, mode: 0o600 }, bytes, (error) => (error ? reject(error) : resolve())),
    );
  };

  try {
    await addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const dump of snapshot.dumps) await addBuffer(`db/${dump.name}.jsonl`, dump.lines);
    let bytes = 0;
    for (const file of snapshot.stored) {
      const name = `files/${file.storage_key}`;
      const hash = createHash("sha256");
      let size = 0;
      const entry = pack.entry({ name, size: file.size, mode: 0o600 });
      try {
        await pipeline(
          storage.read(file.storage_key),
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              hash.update(chunk);
              size += chunk.byteLength;
              yield chunk;
            }
          },
          entry,
        );
      } catch (error) {
        const missing = (await storage.stat(file.storage_key).catch(() => null)) === null;
        throw new BackupError(
          missing
            ? `The stored file ${file.storage_key} is gone (deleted while the backup ran?); run the backup again.`
            : `The stored file ${file.storage_key} could not be read: ${(error as Error).message}`,
        );
      }
      const digest = hash.digest("hex");
      if (size !== file.size || digest !== file.sha256) {
        throw new BackupError(
          `The stored file ${file.storage_key} is not what the database recorded (${size} bytes, SHA-256 ${digest}).`,
        );
      }
      checksums.entries[name] = { sha256: digest, size };
      bytes += size;
    }
    await addBuffer(CHECKSUMS, Buffer.from(JSON.stringify(checksums)));
    pack.finalize();
    await written;
    fs.renameSync(partial, target);
    const summary = {
      tables: snapshot.dumps.length,
      rows: snapshot.dumps.reduce((sum, dump) => sum + dump.rows, 0),
      files: snapshot.stored.length,
      bytes,
    };
    await recordAudit(db, COMMAND_LINE, {
      kind: "backup",
      details: { file: target, rows: String(summary.rows), files: String(summary.files) },
    });
    return summary;
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Reads every entry of the archive in order; a damaged or cut-off archive throws BackupError. */
async function readArchive(
  file: string,
  onEntry: (name: string, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const extract = tarExtract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  try {
    for await (const entry of extract) {
      await onEntry(entry.header.name, bytesOf(entry));
      // Whatever the handler left unread is skipped, so the next entry can come.
      entry.resume();
    }
    await reading;
  } catch (error) {
    reading.catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive ${file} is damaged or incomplete: ${(error as Error).message}`);
  }
}

/** An entry's content: tar-stream's streams yield untyped chunks, which are Buffers. */
async function* bytesOf(entry: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of entry) {
    if (!Buffer.isBuffer(chunk)) throw new BackupError("The archive holds an entry that is not bytes.");
    yield chunk;
  }
}

async function readEntry(content: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once, checking every entry against its recorded checksum and the list
 * against the manifest, before anything is written anywhere.
 */
async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { sha256: string; size: number }>();
  let manifest: Manifest | undefined;
  let checksums: Checksums | undefined;
  await readArchive(file, async (name, content) => {
    const hash = createHash("sha256");
    let size = 0;
    const kept: Buffer[] = [];
    for await (const chunk of content) {
      hash.update(chunk);
      size += chunk.byteLength;
      if (name === MANIFEST || name === CHECKSUMS) kept.push(chunk);
    }
    if (name === CHECKSUMS) {
      checksums = parseJson<Checksums>(Buffer.concat(kept), file);
      return;
    }
    if (name === MANIFEST) manifest = parseJson<Manifest>(Buffer.concat(kept), file);
    seen.set(name, { sha256: hash.digest("hex"), size });
  });
  if (!manifest || manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} is not a Vantage backup (or one of a format this version cannot read).`);
  }
  if (!checksums) throw new BackupError(`The archive ${file} is incomplete: its list of checksums is missing.`);
  const expected = checksums.entries;
  for (const [name, actual] of seen) {
    const wanted = expected[name];
    if (!wanted) throw new BackupError(`The archive ${file} holds ${name}, which its checksums do not list.`);
    if (wanted.sha256 !== actual.sha256 || wanted.size !== actual.size) {
      throw new BackupError(`The archive ${file} is damaged: ${name} does not match its checksum.`);
    }
  }
  const missing = Object.keys(expected).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new BackupError(`The archive ${file} is incomplete: ${missing[0]} is missing.`);
  return manifest;
}

function parseJson<T>(bytes: Buffer, file: string): T {
  try {
    return JSON.parse(bytes.toString("utf8")) as T;
  } catch {
    throw new BackupError(`The archive ${file} is damaged: it does not describe itself.`);
  }
}

/** What a target already holds: rows in the backed-up tables, and stored keys. */
async function contentsOf(db: Database, storage: FileStorage, tables: string[]) {
  let rows = 0;
  for (const table of tables) {
    const [counted] = await selectRows<{ count: number }>(db, sql`select count(*)::int as count from ${quoted(table)}`);
    rows += counted?.count ?? 0;
  }
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return { rows, keys };
}

/**
 * Loads a backup into the database and storage given, which must be empty unless `force` (then what
 * they hold is replaced). The archive is checked whole first; then the files are stored and the rows
 * inserted in one transaction. When anything fails, the files it stored are removed again and the
 * database is as it was; with `force`, the files the target held before are deleted only once the rows
 * are committed.
 */
export async function restoreBackup(options: {
  db: Database;
  storage: FileStorage;
  file: string;
  force?: boolean;
}): Promise<{ tables: number; rows: number; files: number }> {
  const { db, storage, file } = options;
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const manifest = await verifyArchive(file);
  const schema = await readSchema(db);
  if (manifest.migrations !== schema.migrations) {
    throw new BackupError(
      `This backup fits database schema ${manifest.migrations} and this version of Vantage has schema ${schema.migrations}: restore it with the version that made it, then upgrade.`,
    );
  }
  const unknown = manifest.tables.map((table) => table.name).filter((name) => !schema.tables.includes(name));
  if (unknown.length > 0)
    throw new BackupError(`This backup has tables this version does not know: ${unknown.join(", ")}.`);
  const before = await contentsOf(db, storage, schema.tables);
  if (!options.force && (before.rows > 0 || before.keys.length > 0)) {
    throw new BackupError(
      `The target is not empty (${before.rows} rows, ${before.keys.length} stored files): restore into an empty database and storage, or add --force to replace what it holds.`,
    );
  }

  const dumps = new Map<string, Buffer>();
  const stored: string[] = [];
  try {
    await readArchive(file, async (name, content) => {
      if (name.startsWith("db/") && name.endsWith(".jsonl")) {
        dumps.set(name.slice("db/".length, -".jsonl".length), await readEntry(content));
      } else if (name.startsWith("files/")) {
        const key = name.slice("files/".length);
        await storage.write(key, content);
        stored.push(key);
      }
    });
    const rows = await db.transaction(async (tx) => {
      if (options.force) {
        const all = schema.tables.map(quoted);
        await tx.execute(sql`truncate ${sql.join(all, sql`, `)} cascade`);
      }
      let inserted = 0;
      for (const name of schema.tables) {
        const lines = (dumps.get(name)?.toString("utf8") ?? "").split("\n").filter(Boolean);
        for (let start = 0; start < lines.length; start += INSERT_BATCH) {
          const batch = `[${lines.slice(start, start + INSERT_BATCH).join(",")}]`;
          await tx.execute(
            sql`insert into ${quoted(name)} select * from json_populate_recordset(null::${quoted(name)}, ${batch}::json)`,
          );
        }
        inserted += lines.length;
      }
      await recordAudit(tx, COMMAND_LINE, {
        kind: "restore",
        details: { file, made: manifest.createdAt, rows: String(inserted) },
      });
      return inserted;
    });
    const kept = new Set(stored);
    for (const key of before.keys) if (!kept.has(key)) await storage.delete(key);
    return { tables: manifest.tables.length, rows, files: stored.length };
  } catch (error) {
    const previously = new Set(before.keys);
    for (const key of stored) if (!previously.has(key)) await storage.delete(key).catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The restore failed and changed nothing: ${(error as Error).message}`);
  }
}
