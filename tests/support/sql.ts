import pg from "pg";
import type { ChangeTopic } from "../../app/domain/live";
import { CHANGE_CHANNEL } from "../../app/server/live.server";

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

/**
 * Changes a site's database in one transaction and announces the change on the change feed, as the
 * app's own services do, so nothing that caches by the feed can keep showing the old data.
 */
export async function changeDatabase<T>(
  url: string,
  topics: ChangeTopic[],
  work: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    const result = await work(client);
    await client.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify({ topics })]);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    await client.end();
  }
}
