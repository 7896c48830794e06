import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { extract as tarExtract, pack as tarPack } from "tar-stream";
import { COMMAND_LINE, recordAudit } from "../admin/audit.server";
import { selectRows, type Database, type Queryable } from "../db/client.server";
import { isSafeKey, type FileStorage } from "../files/storage.server";

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
 * Who is signed in, and the links that sign someone in: live sessions, password-reset and other
 * one-time tokens, open invitations. A backup is a copy that travels (another disk, another
 * bucket, an operator's laptop): what it holds must not open the site, so these stay out, and a
 * restore signs everyone out (they sign in again with their passwords, which it keeps as hashes).
 */
const SIGNED_IN = ["session", "verification", "invitations"];

/**
 * Not in a backup: who is signed in (above); the generated session secret, with which a copy of it
 * could sign a session of anyone's (the restored site makes a new one); counters the catalog's triggers
 * keep and sign-in attempts of the last minutes, made again by the database as the rows are restored,
 * or worthless in another place and time.
 */
const NOT_BACKED_UP = new Set([...SIGNED_IN, "deployment", "catalog_versions", "catalog_changes", "rate_limits"]);
/** Rows a restore inserts in one statement. */
const INSERT_BATCH = 500;

export class BackupError extends Error {}

/** How every age file begins (age-encryption.org/v1): an encrypted backup is one. */
const AGE_HEADER = "age-encryption.org/v1\n";
/**
 * The shortest passphrase a backup is encrypted with. Whoever holds a copy can try passphrases
 * offline, each costing them one scrypt (age's work factor 18, about a quarter of a second here):
 * twelve random characters are beyond that.
 */
export const BACKUP_PASSPHRASE_MIN_LENGTH = 12;

/** Whether `file` is an encrypted backup (an age file), which a restore needs the passphrase of. */
export function isEncryptedBackup(file: string): boolean {
  const start = Buffer.alloc(AGE_HEADER.length);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    fs.readSync(fd, start, 0, start.byteLength, 0);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return start.toString("latin1") === AGE_HEADER;
}

/** Node's stream as the web stream age reads, and age's web stream back as Node's. */
function toWeb(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}
function fromWeb(stream: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>);
}

/** The archive's gzipped bytes: the file's own, or an encrypted backup's decrypted with `passphrase`. */
async function archiveBytes(file: string, passphrase: string | undefined): Promise<Readable> {
  if (!isEncryptedBackup(file)) return fs.createReadStream(file);
  if (!passphrase) {
    throw new BackupError(
      `The archive ${file} is encrypted: give its passphrase (BACKUP_PASSPHRASE, or --passphrase-file FILE).`,
    );
  }
  const { Decrypter } = await import("age-encryption");
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    return fromWeb(await decrypter.decrypt(toWeb(fs.createReadStream(file))));
  } catch (error) {
    throw new BackupError(
      /no identity matched/.test((error as Error).message)
        ? `The passphrase does not open the archive ${file}.`
        : `The archive ${file} is damaged or incomplete: ${(error as Error).message}`,
    );
  }
}

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
  /** Encrypts the archive (an age file: `age -d` opens it too) with this passphrase. */
  passphrase?: string;
}): Promise<BackupSummary> {
  const { db, storage, passphrase } = options;
  if (passphrase !== undefined && passphrase.length < BACKUP_PASSPHRASE_MIN_LENGTH) {
    throw new BackupError(`A backup's passphrase needs at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters.`);
  }
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
  // Only its owner may read it, whatever the umask: it holds every record and the passwords' hashes.
  const output = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
  output.on("open", (fd) => fs.fchmodSync(fd, 0o600));
  const compressed = zlib.createGzip({ level: 6 });
  let bytesOut: Readable = compressed;
  if (passphrase !== undefined) {
    const { Encrypter } = await import("age-encryption");
    const encrypter = new Encrypter();
    encrypter.setPassphrase(passphrase);
    bytesOut = fromWeb(await encrypter.encrypt(toWeb(compressed)));
  }
  const written = Promise.all([pipeline(pack, compressed), pipeline(bytesOut, output)]);
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

/** The most a restore reads into memory of the archive's description or its list of checksums. */
const DESCRIPTION_MAX_BYTES = 64 * 1024 * 1024;
/** The longest row a restore takes (a revision's snapshot of a large product is a few hundred KB). */
const ROW_MAX_BYTES = 16 * 1024 * 1024;
/** The most bytes of rows a restore inserts in one statement, beside INSERT_BATCH rows. */
const INSERT_BATCH_BYTES = 8 * 1024 * 1024;

interface ArchiveEntry {
  name: string;
  size: number;
  /** tar's entry type: only plain files belong in a backup. */
  type: string;
  content: AsyncIterable<Buffer>;
}

/** Reads every entry of the archive in order; a damaged or cut-off archive throws BackupError. */
async function readArchive(
  file: string,
  passphrase: string | undefined,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
): Promise<void> {
  const extract = tarExtract();
  const reading = pipeline(await archiveBytes(file, passphrase), zlib.createGunzip(), extract);
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      await onEntry({ name, size: size ?? 0, type: type ?? "file", content: bytesOf(entry) });
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

/** `content`, passed through while its SHA-256 and size are taken. */
function measured(content: AsyncIterable<Buffer>) {
  const hash = createHash("sha256");
  const measure = { size: 0, sha256: () => hash.digest("hex") };
  async function* pass(): AsyncGenerator<Buffer> {
    for await (const chunk of content) {
      hash.update(chunk);
      measure.size += chunk.byteLength;
      yield chunk;
    }
  }
  return { bytes: pass(), measure };
}

/** The lines of `content` (JSON rows, which hold no raw line break), none longer than ROW_MAX_BYTES. */
async function* linesOf(content: AsyncIterable<Buffer>, file: string, entry: string): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of content) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, end));
      const line = Buffer.concat(pending).toString("utf8");
      pending = [];
      pendingBytes = 0;
      start = end + 1;
      if (line) yield line;
    }
    if (start < chunk.byteLength) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.byteLength - start;
      if (pendingBytes > ROW_MAX_BYTES) {
        throw new BackupError(
          `The archive ${file} is damaged: ${entry} holds a row longer than ${ROW_MAX_BYTES / 1024 / 1024} MB.`,
        );
      }
    }
  }
  const last = Buffer.concat(pending).toString("utf8");
  if (last) yield last;
}

async function readDescription(entry: ArchiveEntry, file: string): Promise<Buffer> {
  if (entry.size > DESCRIPTION_MAX_BYTES) {
    throw new BackupError(`The archive ${file} is damaged: its ${entry.name} is far larger than any backup's.`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of entry.content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function parseJson<T>(bytes: Buffer, file: string): T {
  try {
    return JSON.parse(bytes.toString("utf8")) as T;
  } catch {
    throw new BackupError(`The archive ${file} is damaged: it does not describe itself.`);
  }
}

/** A stored file as the archive's `files` rows record it. */
interface RecordedFile {
  size: number;
  sha256: string;
}

/** What a restore learnt of an archive it checked whole, before it writes anything. */
interface CheckedArchive {
  manifest: Manifest;
  checksums: Checksums;
}

/**
 * Reads the whole archive once before anything is written anywhere, and refuses it at the first entry
 * that does not belong: anything but plain files; a name that is not the description, a table the
 * description lists (in its order), a file a `files` row records (under a storage key the server could
 * have made, of the size the row says, read from its header before its bytes) or the checksums, which
 * come last. Then every entry must match its checksum and every recorded file be there. Memory stays
 * bounded whatever the archive holds: descriptions are capped, rows are read a line at a time, file
 * bytes only hashed.
 */
async function checkArchive(file: string, passphrase: string | undefined, schema: Schema): Promise<CheckedArchive> {
  const seen = new Map<string, { sha256: string; size: number }>();
  const recorded = new Map<string, RecordedFile>();
  let manifest: Manifest | undefined;
  let checksums: Checksums | undefined;
  let tableIndex = -1;
  const refuse = (why: string): never => {
    throw new BackupError(`The archive ${file} cannot be restored: ${why}`);
  };
  await readArchive(file, passphrase, async (entry) => {
    const { name } = entry;
    if (entry.type !== "file") refuse(`${JSON.stringify(name)} is not a plain file.`);
    if (checksums) refuse(`${JSON.stringify(name)} comes after the list of checksums, which ends a backup.`);
    if (!manifest) {
      if (name !== MANIFEST) {
        throw new BackupError(`${file} is not a Vantage backup (or one of a format this version cannot read).`);
      }
      const description = await readDescription(entry, file);
      manifest = parseJson<Manifest>(description, file);
      checkManifest(manifest, schema, file);
      seen.set(name, { sha256: sha256(description), size: description.byteLength });
      return;
    }
    if (name === MANIFEST) refuse("it describes itself twice.");
    if (name === CHECKSUMS) {
      checksums = parseJson<Checksums>(await readDescription(entry, file), file);
      return;
    }
    if (seen.has(name)) refuse(`it holds ${JSON.stringify(name)} twice.`);
    const { bytes, measure } = measured(entry.content);
    const table = /^db\/([a-z_]+)\.jsonl$/.exec(name)?.[1];
    if (table !== undefined) {
      const index = manifest.tables.findIndex((listed) => listed.name === table);
      if (index === -1) refuse(`it holds rows of ${table}, a table its description does not list.`);
      if (index < tableIndex) refuse(`its rows of ${table} come out of the order its description gives.`);
      tableIndex = index;
      let rows = 0;
      for await (const line of linesOf(bytes, file, name)) {
        rows++;
        if (table === "files") recordFile(line, recorded, refuse);
      }
      if (rows !== manifest.tables[index]?.rows)
        refuse(`${name} holds ${rows} rows, not the ${manifest.tables[index]?.rows} its description says.`);
    } else if (name.startsWith("files/")) {
      const key = name.slice("files/".length);
      const record = recorded.get(key);
      if (!record) refuse(`it holds ${JSON.stringify(name)}, which no file record of the backup names.`);
      else if (entry.size !== record.size)
        refuse(`${name} is ${entry.size} bytes, and its record says ${record.size}.`);
      for await (const _chunk of bytes) {
        // Only hashed: the bytes are stored in the second reading, once the whole archive is known good.
      }
      const digest = measure.sha256();
      if (digest !== record?.sha256) {
        throw new BackupError(`The archive ${file} is damaged: ${name} does not match its checksum.`);
      }
      seen.set(name, { sha256: digest, size: measure.size });
      return;
    } else {
      refuse(`it holds ${JSON.stringify(name)}, which has no place in a backup.`);
    }
    seen.set(name, { sha256: measure.sha256(), size: measure.size });
  });
  if (!manifest)
    throw new BackupError(`${file} is not a Vantage backup (or one of a format this version cannot read).`);
  if (!checksums) throw new BackupError(`The archive ${file} is incomplete: its list of checksums is missing.`);
  const expected = checksums.entries;
  if (typeof expected !== "object" || expected === null)
    throw new BackupError(`The archive ${file} is damaged: it does not describe itself.`);
  for (const [name, actual] of seen) {
    const wanted = expected[name];
    if (!wanted) throw new BackupError(`The archive ${file} holds ${name}, which its checksums do not list.`);
    if (wanted.sha256 !== actual.sha256 || wanted.size !== actual.size) {
      throw new BackupError(`The archive ${file} is damaged: ${name} does not match its checksum.`);
    }
  }
  const missing = Object.keys(expected).filter((name) => !seen.has(name));
  for (const key of recorded.keys()) if (!seen.has(`files/${key}`)) missing.push(`files/${key}`);
  for (const table of manifest.tables) if (!seen.has(`db/${table.name}.jsonl`)) missing.push(`db/${table.name}.jsonl`);
  if (missing.length > 0) throw new BackupError(`The archive ${file} is incomplete: ${missing[0]} is missing.`);
  return { manifest, checksums };
}

/** A `files` row of the archive: its storage key must be one the server makes, never a path elsewhere. */
function recordFile(line: string, recorded: Map<string, RecordedFile>, refuse: (why: string) => never): void {
  let row: { storage_key?: unknown; size?: unknown; sha256?: unknown };
  try {
    row = JSON.parse(line) as typeof row;
  } catch {
    return refuse("a file record is not JSON.");
  }
  const { storage_key: key, size, sha256: digest } = row;
  if (typeof key !== "string" || !isSafeKey(key)) {
    return refuse(`a file record names ${JSON.stringify(key)}, which is not a place in the file storage.`);
  }
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0 || typeof digest !== "string") {
    return refuse(`the record of ${key} gives no size or checksum.`);
  }
  if (recorded.has(key)) refuse(`two file records name ${key}.`);
  recorded.set(key, { size, sha256: digest });
}

function checkManifest(manifest: Manifest, schema: Schema, file: string): void {
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables)) {
    throw new BackupError(`${file} is not a Vantage backup (or one of a format this version cannot read).`);
  }
  if (manifest.migrations !== schema.migrations) {
    throw new BackupError(
      `This backup fits database schema ${manifest.migrations} and this version of Vantage has schema ${schema.migrations}: restore it with the version that made it, then upgrade.`,
    );
  }
  // Tables a backup no longer keeps (an older backup's sessions and tokens) are known, and skipped.
  const unknown = manifest.tables
    .map((table) => table.name)
    .filter((name) => !schema.tables.includes(name) && !NOT_BACKED_UP.has(name));
  if (unknown.length > 0)
    throw new BackupError(`This backup has tables this version does not know: ${unknown.join(", ")}.`);
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

/** Inserts one table's rows as they are read, a batch at a time. Returns how many. */
async function insertRows(tx: Queryable, table: string, lines: AsyncIterable<string>): Promise<number> {
  let batch: string[] = [];
  let batchBytes = 0;
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, ${`[${batch.join(",")}]`}::json)`,
    );
    inserted += batch.length;
    batch = [];
    batchBytes = 0;
  };
  for await (const line of lines) {
    batch.push(line);
    batchBytes += line.length;
    if (batch.length === INSERT_BATCH || batchBytes >= INSERT_BATCH_BYTES) await flush();
  }
  await flush();
  return inserted;
}

/**
 * Loads a backup into the database and storage given, which must be empty unless `force` (then what
 * they hold is replaced). The archive is checked whole first (`checkArchive`); then, in one
 * transaction, its rows are inserted and its files stored as they are read a second time, each
 * entry checked again against its checksum, so an archive changed in between is refused too. When
 * anything fails, the files it stored are removed again and the database is as it was; with `force`,
 * the files the target held before are deleted only once the rows are committed. Nobody is signed in
 * afterwards: backups keep no sessions, reset links or invitations, and a forced restore ends those
 * the target had.
 */
export async function restoreBackup(options: {
  db: Database;
  storage: FileStorage;
  file: string;
  force?: boolean;
  /** An encrypted backup's passphrase. */
  passphrase?: string;
}): Promise<{ tables: number; rows: number; files: number }> {
  const { db, storage, file, passphrase } = options;
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const schema = await readSchema(db);
  const { manifest, checksums } = await checkArchive(file, passphrase, schema);
  const before = await contentsOf(db, storage, schema.tables);
  if (!options.force && (before.rows > 0 || before.keys.length > 0)) {
    throw new BackupError(
      `The target is not empty (${before.rows} rows, ${before.keys.length} stored files): restore into an empty database and storage, or add --force to replace what it holds.`,
    );
  }

  const stored: string[] = [];
  try {
    const rows = await db.transaction(async (tx) => {
      if (options.force) {
        const present = new Set(
          (
            await selectRows<{ name: string }>(
              tx,
              sql`select tablename as name from pg_tables where schemaname = 'public'`,
            )
          ).map((row) => row.name),
        );
        const replaced = [...schema.tables, ...SIGNED_IN.filter((table) => present.has(table))].map(quoted);
        await tx.execute(sql`truncate ${sql.join(replaced, sql`, `)} cascade`);
      }
      let inserted = 0;
      await readArchive(file, passphrase, async (entry) => {
        const { bytes, measure } = measured(entry.content);
        const table = /^db\/([a-z_]+)\.jsonl$/.exec(entry.name)?.[1];
        if (table !== undefined && schema.tables.includes(table)) {
          inserted += await insertRows(tx, table, linesOf(bytes, file, entry.name));
        } else if (entry.name.startsWith("files/")) {
          const key = entry.name.slice("files/".length);
          await storage.write(key, bytes);
          stored.push(key);
        } else {
          for await (const _chunk of bytes) {
            // Checked below like every other entry, and not restored (descriptions, tables no longer kept).
          }
        }
        const wanted = checksums.entries[entry.name];
        if (entry.name !== CHECKSUMS && (wanted?.sha256 !== measure.sha256() || wanted.size !== measure.size)) {
          throw new BackupError(`The archive ${file} changed while it was restored: ${entry.name} is not as checked.`);
        }
      });
      await recordAudit(tx, COMMAND_LINE, {
        kind: "restore",
        details: { file, made: manifest.createdAt, rows: String(inserted) },
      });
      return inserted;
    });
    const kept = new Set(stored);
    for (const key of before.keys) if (!kept.has(key)) await storage.delete(key);
    return {
      tables: manifest.tables.filter((table) => schema.tables.includes(table.name)).length,
      rows,
      files: stored.length,
    };
  } catch (error) {
    const previously = new Set(before.keys);
    for (const key of stored) if (!previously.has(key)) await storage.delete(key).catch(() => undefined);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The restore failed and changed nothing: ${(error as Error).message}`);
  }
}
