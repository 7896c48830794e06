import { execFile } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, selectRows, type DatabaseHandle } from "#app/server/db/client.server";
import { categories } from "#app/server/db/schema";
import { CHANGE_CHANNEL, notifyChange, parseChangeEvent } from "#app/server/db/live.server";
import { DATABASE_KINDS, testDatabaseConfig } from "#tests/support/database";

describe.each(DATABASE_KINDS)("database on %s", (kind) => {
  let handle: DatabaseHandle;
  let config: Awaited<ReturnType<typeof testDatabaseConfig>>;

  beforeAll(async () => {
    config = await testDatabaseConfig(kind);
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  });
  afterAll(async () => {
    await handle.close();
    config.cleanup();
  });

  it("applies the migrations: the tables exist and category names are unique in any letter case", async () => {
    await handle.db.insert(categories).values({ name: "Dome Cameras" });
    await expect(handle.db.insert(categories).values({ name: "dome cameras" })).rejects.toThrow();
    const rows = await handle.db.select().from(categories);
    expect(rows.map((row) => row.name)).toEqual(["Dome Cameras"]);
  });

  it("keeps the planner's statistics: every table analyzed at start, a table grown past twice its size again", async () => {
    const stale = sql`select count(*)::int as count from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples < 0`;
    const tuplesOfSettings = sql`select reltuples::int as tuples from pg_class where oid = 'site_settings'::regclass`;
    await handle.db.execute(
      sql`insert into site_settings (key, value) select 'bulk-' || n, repeat('x', 100) from generate_series(1, 5000) n`,
    );
    if (kind === "postgres") {
      // The server's autovacuum keeps them; the site asks nothing of its own.
      expect(await handle.keepStatistics()).toEqual([]);
    } else {
      // Opened on a fresh folder: nothing is left without statistics.
      const [before] = await selectRows<{ tuples: number }>(handle.db, tuplesOfSettings);
      expect(before?.tuples).toBeLessThan(100);
      expect(await handle.keepStatistics()).toEqual(["site_settings"]);
      const [after] = await selectRows<{ tuples: number }>(handle.db, tuplesOfSettings);
      expect(after?.tuples).toBeGreaterThanOrEqual(5000);
      expect(await handle.keepStatistics()).toEqual([]);
      expect((await selectRows<{ count: number }>(handle.db, stale))[0]?.count).toBe(0);
    }
    await handle.db.execute(sql`delete from site_settings where key like 'bulk-%'`);
  });

  it("has pg_trgm for search", async () => {
    const [row] = await selectRows<{ score: number }>(handle.db, sql`select similarity('camera', 'camara') as score`);
    expect(Number(row?.score)).toBeGreaterThan(0.2);
  });

  it("delivers a change event only when its transaction commits", async () => {
    const received: string[] = [];
    const stop = await handle.listen(
      CHANGE_CHANNEL,
      (payload) => received.push(payload),
      () => undefined,
    );
    try {
      await handle.db
        .transaction(async (tx) => {
          await notifyChange(tx, ["products"]);
          throw new Error("roll back");
        })
        .catch(() => undefined);
      const before = Date.now();
      await handle.db.transaction(async (tx) => notifyChange(tx, ["categories"], "tab-1"));
      await expect.poll(() => received.length).toBe(1);
      const { sentAt, ...event } = parseChangeEvent(received[0] ?? "") ?? {};
      expect(event).toEqual({ topics: ["categories"], tabId: "tab-1" });
      // When it was said, for the change feed's lag in the metrics.
      expect(sentAt).toBeGreaterThanOrEqual(before);
      expect(sentAt).toBeLessThanOrEqual(Date.now());
    } finally {
      await stop();
    }
  });
});

describe("the embedded database folder", () => {
  it("refuses a second opener in the same folder with a clear message instead of corrupting it", async () => {
    const config = await testDatabaseConfig("pglite");
    const first = await openDatabase({ dataDir: config.dataDir });
    try {
      // The second process ends on its own while the first still holds the folder: it refused, not waited.
      const result = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
        execFile("npx", ["tsx", "tests/support/open-database.ts", config.dataDir], (error, stdout) =>
          resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout }),
        );
      });
      expect(result.status).toBe(3);
      expect(result.stdout).toContain("is in use by another process");
    } finally {
      await first.close();
      config.cleanup();
    }
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const config = await testDatabaseConfig("pglite");
    const fs = await import("node:fs");
    fs.mkdirSync(`${config.dataDir}/db`, { recursive: true });
    fs.writeFileSync(`${config.dataDir}/db.lock`, "999999999");
    const handle = await openDatabase({ dataDir: config.dataDir });
    try {
      expect(fs.readFileSync(`${config.dataDir}/db.lock`, "utf8")).toBe(String(process.pid));
      await expect(handle.ping()).resolves.toBeUndefined();
    } finally {
      await handle.close();
      config.cleanup();
    }
  });
});
