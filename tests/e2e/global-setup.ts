import { ensureDemoTemplate, ensurePgliteTemplate } from "../support/pglite-template";
import { startPostgres } from "../support/postgres";

/** Where workers find the run's PostgreSQL server (set here, inherited by every worker process). */
export const POSTGRES_URL_VARIABLE = "VANTAGE_TEST_PG_URL";

/**
 * One PostgreSQL server for the whole run, for the specs that need several processes on one
 * database (PGlite belongs to a single process). Each worker that asks makes its own database on it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Servers on the embedded database start from one made here, and those with the demo catalog from
  // a data folder that holds it (tests/support/pglite-template.ts).
  const [server] = await Promise.all([startPostgres(), ensurePgliteTemplate().then(() => ensureDemoTemplate())]);
  process.env[POSTGRES_URL_VARIABLE] = server.adminUrl;
  return async () => {
    await server.stop();
  };
}
