import fs from "node:fs";
import { isProcessAlive } from "../platform/processes.server";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import pino from "pino";
import type { Logger } from "../platform/logger.server";
import { projectPath } from "../platform/paths.server";
import { makePrivateFolder, makePrivateTree } from "../platform/private-files.server";
import { DatabaseAvailability, isDatabaseUnreachable } from "./availability.server";
import * as schema from "./schema";

type PgModule = typeof pg;

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: services accept both so they compose. */
export type Queryable = Database | Transaction;

/** Rows of a raw SQL query; both drivers return them under `rows`. */
export async function selectRows<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export type NotificationHandler = (payload: string) => void;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: "pglite" | "postgres";
  /**
   * Calls `onPayload` for every NOTIFY on `channel`; `onLost` when the listener connection drops (what
   * is said until it is back goes unheard), `onResync` once it is back.
   */
  listen(
    channel: string,
    onPayload: NotificationHandler,
    onResync: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  /**
   * Gathers the query planner's statistics where nothing else does (the embedded database has no
   * autovacuum; a PostgreSQL server's autovacuum does it). Returns the tables it analyzed.
   */
  keepStatistics(): Promise<string[]>;
  /** Whether the database can be reached now; told of every failure, so a lost server is noticed. */
  readonly availability: DatabaseAvailability;
  /** How many connections the handle may open, has open, and (where the driver says) idle and awaited. */
  connections(): DatabaseConnections;
  close(): Promise<void>;
}

export interface DatabaseConnections {
  max: number;
  open: number;
  idle?: number;
  waiting?: number;
}

export class DatabaseInUseError extends Error {}

const MIGRATIONS_FOLDER = projectPath("drizzle");
/** Any fixed number: every instance takes this advisory lock while it migrates. */
const MIGRATION_LOCK_ID = 720_215_001;

/**
 * Each driver is loaded only when it is used: the admin command line opens the database and must
 * answer at once, and a server uses one driver, never both.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Where lost connections, a start that waits and an unreachable database are told; silent by default. */
  logger?: Logger;
  /**
   * A server's start waits for a PostgreSQL server that cannot be reached yet (restarting, failing
   * over, started after this one), asking again with growing pauses, rather than failing at once into
   * a supervisor's start limit. A command line fails at once.
   */
  waitForServer?: boolean;
  /** For a command that runs a few queries and exits (the admin command line): see SHARED_BUFFERS. */
  shortLived?: boolean;
}): Promise<DatabaseHandle> {
  const logger = options.logger ?? pino({ level: "silent" });
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, logger, options.waitForServer ?? false)
    : openPglite(path.join(options.dataDir, "db"), options.shortLived ?? false, logger);
}

/**
 * The embedded database's buffer cache. PostgreSQL clears all of it at start, and in WebAssembly that
 * is slow and keeps the memory resident: its default of 128 MB took 0.7 s of a start and about 100 MB
 * more of the server's memory than 32 MB. At 10,000 products (a 37 MB database, which the operating
 * system's file cache keeps as well) the catalog's rebuild and the dashboard's searches were no slower
 * with 32 MB; with 16 MB, searches took half as long again. A command that exits after a few queries
 * takes 16 MB, the fastest start.
 */
const SHARED_BUFFERS = { server: "32MB", shortLived: "16MB" } as const;

/**
 * PGlite keeps its files in one folder and must never be opened by two processes at once, so the
 * folder is guarded by a lock file holding the owner's pid. A lock left by a dead process is taken over.
 */
function acquireFolderLock(lockPath: string): () => void {
  makePrivateFolder(path.dirname(lockPath));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${path.dirname(lockPath)} is in use by another process (pid ${owner}). ` +
            "Stop that process first, or point DATABASE_URL at a PostgreSQL server to run several processes.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database folder ${path.dirname(lockPath)}.`);
}

/**
 * The tables whose statistics are missing or out of date, analyzed. The embedded database runs no
 * autovacuum, so without this the planner never has statistics: at 50,000 products a paged read of the
 * products' values then aggregated every row left at every page, spilling its sorts to disk (the
 * catalog's rows read in 7.6 s rather than 2.5 s). A table counts as out of date when it was never
 * analyzed, or has grown past twice the pages it had then (the planner scales its row count with its
 * pages, but not what it knows of the values).
 */
async function analyzeStaleTables(client: { query: <Row>(query: string) => Promise<{ rows: Row[] }> }) {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * c.relpages + 8)
      order by c.relname`,
  );
  for (const { name } of rows) await client.query(`analyze "${name.replaceAll('"', '""')}"`);
  return rows.map(({ name }) => name);
}

async function openPglite(folder: string, shortLived: boolean, logger: Logger): Promise<DatabaseHandle> {
  makePrivateFolder(folder);
  const release = acquireFolderLock(`${folder}.lock`);
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const client = await PGlite.create({
      dataDir: folder,
      extensions: { pg_trgm },
      startParams: [
        ...PGlite.defaultStartParams,
        "-c",
        `shared_buffers=${shortLived ? SHARED_BUFFERS.shortLived : SHARED_BUFFERS.server}`,
      ],
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    // Before the catalog is read: a folder filled by an import or a restore has no statistics yet.
    if (!shortLived) {
      const analyzed = await analyzeStaleTables(client);
      if (analyzed.length) logger.info({ tables: analyzed.length }, "gathered the query planner's statistics");
    }
    makePrivateTree(folder);
    const ping = async () => {
      await client.query("select 1");
    };
    return {
      db,
      kind: "pglite",
      keepStatistics: () => analyzeStaleTables(client),
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return async () => unsubscribe();
      },
      ping,
      // Inside the process: it cannot be lost, so nothing it says counts as unreachable.
      availability: new DatabaseAvailability(ping, logger),
      // One connection inside the process, which queues its queries itself.
      connections: () => ({ max: 1, open: 1 }),
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Connections each instance may hold on a PostgreSQL server (besides its listener). */
const POOL_MAX = 10;
/**
 * A connection that cannot be made in this time fails its query (503 to the visitor) rather than
 * holding the request until the operating system gives up on an unreachable host, minutes later.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/** The longest pause between two tries of a start that waits for the database. */
const START_RETRY_MAX_MS = 5_000;

async function openPostgres(url: string, logger: Logger, waitForServer: boolean): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Probes notice a connection that died silently (a dropped NAT entry, a failover) while it idles.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  const ping = async () => {
    await db.execute(sql`select 1`);
  };
  const availability = new DatabaseAvailability(ping, logger);
  // An idle pooled connection the server ended (a restart, a failover, an idle timeout, an
  // administrator's pg_terminate_backend): the pool has dropped it and opens another when asked.
  // Without a listener, Node would end the process over it.
  pool.on("error", (error) => {
    logger.warn({ err: error }, "an idle database connection was lost; the next query opens another");
    availability.failed(error);
  });
  // A connection lost while checked out (in a transaction) fails its query, which its caller hears;
  // the pool listens only to idle ones, and the client's own error event would otherwise end the
  // process. The pool drops such a connection when it is given back.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const lockClient = await firstConnection(pool, logger, waitForServer);
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const stoppers = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    // The server's autovacuum keeps them.
    keepStatistics: async () => [],
    async listen(channel, onPayload, onResync, onLost) {
      const stop = await listenWithReconnect(pg, url, channel, onPayload, onResync, (error) => {
        onLost?.();
        logger.warn({ err: error, channel }, "change listener lost its connection; reconnecting");
        availability.failed(error);
      });
      stoppers.add(stop);
      return async () => {
        stoppers.delete(stop);
        await stop();
      };
    },
    ping,
    availability,
    connections: () => ({
      max: POOL_MAX,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      availability.close();
      await Promise.all([...stoppers].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * The start's first connection. With `wait`, a server that cannot be reached yet is asked again with
 * growing pauses, each logged, for as long as it takes; what no wait mends (a wrong password, a
 * database that does not exist) fails at once.
 */
async function firstConnection(pool: pg.Pool, logger: Logger, wait: boolean): Promise<pg.PoolClient> {
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      const client = await pool.connect();
      if (attempt > 1) logger.info({ attempts: attempt }, "the database is reachable: starting");
      return client;
    } catch (error) {
      if (!wait || !isDatabaseUnreachable(error)) throw error;
      logger.warn(
        { err: error, attempt, retryInMs: delay },
        "the database cannot be reached yet; the start waits for it and tries again",
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, START_RETRY_MAX_MS);
    }
  }
}

/** A dedicated LISTEN connection that comes back with growing pauses when the server drops it. */
async function listenWithReconnect(
  pg: PgModule,
  url: string,
  channel: string,
  onPayload: NotificationHandler,
  onResync: () => void,
  onError: (error: unknown) => void = () => undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 250;

  const connect = async (isRetry: boolean): Promise<void> => {
    // Keepalive probes notice a connection that died silently (a dropped NAT entry, a failover).
    const next = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const scheduleRetry = (error: unknown) => {
      onError(error);
      next.removeAllListeners("end");
      next.end().catch(() => undefined);
      if (stopped || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect(true).catch(scheduleRetry);
      }, delay);
      delay = Math.min(delay * 2, 10_000);
    };
    next.on("error", scheduleRetry);
    next.on("end", () => scheduleRetry(new Error("LISTEN connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Half-made connections must not linger: each holds a server slot and keeps the process alive.
      next.removeAllListeners("end");
      next.removeAllListeners("error");
      next.on("error", () => undefined);
      await next.end().catch(() => undefined);
      if (!isRetry) {
        // The first connection failing fails the start: no reconnecting in the background after it.
        stopped = true;
        clearTimeout(retryTimer);
      }
      throw error;
    }
    if (stopped) {
      // stop() ran while this connection was being made; nobody would ever close it.
      next.removeAllListeners("end");
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = 250;
    if (isRetry) onResync();
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    if (current) {
      current.removeAllListeners("end");
      await current.end().catch(() => undefined);
    }
  };
}
