import pg from "pg";
import type { ChangeTopic } from "../../app/domain/live";
import { CHANGE_CHANNEL } from "../../app/server/db/live.server";
import { openEventStream } from "./event-stream";

/**
 * Reads a site's PostgreSQL database straight from the test, as an independent check of what its
 * pages show (for a site started with DATABASE_URL: PGlite belongs to the server's process).
 */
export async function queryDatabase<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A site started on a PostgreSQL database: where to write, and the server that must hear of it. */
export interface SiteDatabase {
  databaseUrl: string;
  siteUrl: string;
}

/**
 * Changes a site's database in one transaction and announces the change on the change feed, as the
 * app's own services do (a write by another instance). Resolves once the site's own event stream has
 * passed the announcement on: the site has then also dropped what it cached of the old data, so the
 * next page it serves shows the change.
 */
export async function changeDatabase<T>(
  site: SiteDatabase,
  topics: ChangeTopic[],
  work: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const stream = await openEventStream(`${site.siteUrl}/events`);
  const client = new pg.Client({ connectionString: site.databaseUrl });
  try {
    await stream.waitFor((message) => message.event === "ready");
    await client.connect();
    let result: T;
    try {
      await client.query("begin");
      result = await work(client);
      await client.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify({ topics })]);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
    await stream.waitFor((message) => message.event === "change");
    return result;
  } finally {
    stream.close();
    await client.end();
  }
}

/**
 * Makes the database itself refuse inserts and updates of `table` whose `column` starts with `prefix`,
 * as a full disk or a lost connection would. Returns what lifts the refusal again.
 */
export async function refuseWrites(
  url: string,
  { table, column, prefix }: { table: string; column: string; prefix: string },
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${column}`;
  await queryDatabase(
    url,
    `create function ${name}() returns trigger language plpgsql as $$
     begin
       if new.${column} like '${prefix}%' then raise exception 'refused by the test'; end if;
       return new;
     end $$`,
  );
  await queryDatabase(
    url,
    `create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`,
  );
  return async () => {
    await queryDatabase(url, `drop trigger ${name} on ${table}`);
    await queryDatabase(url, `drop function ${name}()`);
  };
}
