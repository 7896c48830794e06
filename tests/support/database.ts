import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime } from "#app/server/runtime/runtime.server";
import { seedEmbeddedDatabase } from "./pglite-template";
import { createDatabase } from "./postgres";
import { startTestStorage } from "./storage";

export type DatabaseKind = "pglite" | "postgres";
export const DATABASE_KINDS: DatabaseKind[] = ["pglite", "postgres"];

/** A temp data folder, and for PostgreSQL a fresh database on the run's server. */
export async function testDatabaseConfig(kind: DatabaseKind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-it-"));
  const databaseUrl =
    kind === "postgres"
      ? await createDatabase(inject("postgresAdminUrl"), `t_${Math.random().toString(36).slice(2, 12)}`)
      : undefined;
  if (kind === "pglite") seedEmbeddedDatabase(dataDir);
  return {
    dataDir,
    databaseUrl,
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A runtime on a fresh database of `kind` without demo data, `env` added to its environment; `close`
 * ends it and removes its folder.
 */
export async function startTestRuntime(kind: DatabaseKind, env: Record<string, string> = {}) {
  const config = await testDatabaseConfig(kind);
  const storage = await startTestStorage(config.dataDir);
  const runtime = await startRuntime(
    parseEnv({
      ...storage.env,
      ...env,
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl,
      LOG_LEVEL: "silent",
      DEMO_DATA: "0",
    }),
  );
  return {
    runtime,
    storage,
    async close() {
      await runtime.close();
      await storage.stop();
      config.cleanup();
    },
  };
}
