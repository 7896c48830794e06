import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseEnv } from "#app/server/platform/env.server";
import { notifyChange } from "#app/server/db/live.server";
import { startRuntime, type Runtime } from "#app/server/runtime/runtime.server";
import { changeTopics, isChange, openEventStream, type EventStreamReader } from "#tests/support/event-stream";
import { createDatabase } from "#tests/support/postgres";
import { startServer, type RunningServer } from "#tests/support/server";
import { fromTab, TEST_ORIGIN } from "#tests/support/origin";

const HEARTBEAT_WAIT_MS = 25_000;

describe("the event stream of one server on the embedded database", () => {
  let server: RunningServer;
  let stream: EventStreamReader | undefined;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    stream?.close();
    await server?.stop();
  });

  it(
    "opens with `ready`, stays open with heartbeats and sends no change nobody made",
    async () => {
      stream = await openEventStream(`${server.url}/events`, { "Accept-Encoding": "gzip, deflate, br" });
      const { response } = stream;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // A compressed stream would sit in the compressor's buffer instead of reaching the page.
      expect(response.headers.get("content-encoding")).toBeNull();

      const ready = await stream.waitFor((message) => message.event === "ready");
      expect(ready.retry).toBeGreaterThan(0);
      await stream.waitFor((message) => message.event === "comment", HEARTBEAT_WAIT_MS);
      expect(stream.messages.filter((message) => message.event === "change")).toEqual([]);
    },
    HEARTBEAT_WAIT_MS + 15_000,
  );
});

describe("live updates across two servers on one PostgreSQL database", () => {
  const secret = randomBytes(32).toString("hex");
  let adminUrl: string;
  let databaseName: string;
  let sharedStorage: string;
  let runtimeDir: string;
  let servers: RunningServer[] = [];
  let runtime: Runtime | undefined;
  const streams: EventStreamReader[] = [];

  /** The services of the process that writes, as another instance would. */
  function writingProcess(): Runtime {
    if (!runtime) throw new Error("the writing runtime did not start");
    return runtime;
  }

  async function openStream(server: RunningServer, query = ""): Promise<EventStreamReader> {
    const stream = await openEventStream(`${server.url}/events${query}`);
    streams.push(stream);
    await stream.waitFor((message) => message.event === "ready");
    return stream;
  }

  beforeAll(async () => {
    adminUrl = inject("postgresAdminUrl");
    databaseName = `live_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const databaseUrl = await createDatabase(adminUrl, databaseName);
    sharedStorage = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-shared-files-"));
    runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-writer-"));
    const shared = {
      DATABASE_URL: databaseUrl,
      STORAGE_URL: `file://${sharedStorage}`,
      AUTH_SECRET: secret,
    };
    // Started together, so both also race to apply the migrations.
    servers = await Promise.all([startServer(shared), startServer(shared)]);
    runtime = await startRuntime(parseEnv({ ...shared, DATA_DIR: runtimeDir, LOG_LEVEL: "silent" }));
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await runtime?.close();
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of [sharedStorage, runtimeDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function serverA(): RunningServer {
    const server = servers[0];
    if (!server) throw new Error("server A did not start");
    return server;
  }
  function serverB(): RunningServer {
    const server = servers[1];
    if (!server) throw new Error("server B did not start");
    return server;
  }

  it("delivers a change committed by another process to both servers' streams, and B's page then shows it", async () => {
    const [onA, onB] = await Promise.all([openStream(serverA()), openStream(serverB())]);
    const text = `Live banner ${randomUUID()}`;

    await writingProcess().services.infoItemAdmin.createInfoItem("banner", { content: text }, TEST_ORIGIN);

    await Promise.all([onA.waitFor(isChange("info")), onB.waitFor(isChange("info"))]);
    const page = await fetch(`${serverB().url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(text);
  });

  it("does not echo a change to the tab that made it, but tells every other tab", async () => {
    const writer = await openStream(serverB(), "?tab=tab-1");
    const other = await openStream(serverB(), "?tab=tab-2");
    const anonymous = await openStream(serverB());

    await writingProcess().services.infoItemAdmin.createInfoItem(
      "banner",
      { content: `From tab 1 ${randomUUID()}` },
      fromTab("tab-1"),
    );
    await Promise.all([other.waitFor(isChange("info")), anonymous.waitFor(isChange("info"))]);
    // A later change with no origin reaches every tab; events arrive in commit order, so once the
    // writer has it, the earlier one would have arrived before it.
    await runtime?.database.db.transaction((tx) => notifyChange(tx, ["products"]));
    await Promise.all([writer, other, anonymous].map((stream) => stream.waitFor(isChange("products"))));

    const topicsOf = (stream: EventStreamReader) => stream.messages.flatMap(changeTopics);
    expect(topicsOf(writer)).toEqual(["products"]);
    expect(topicsOf(other)).toEqual(["info", "products"]);
    expect(topicsOf(anonymous)).toEqual(["info", "products"]);
  });

  it("comes back after its LISTEN connection is killed: a catch-up event, then new changes again", async () => {
    const stream = await openStream(serverB());
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const killed = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = $1 and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        [databaseName],
      );
      // Server A, server B and this test's runtime each hold one.
      expect(killed.rows.filter((row) => row.terminated).length).toBeGreaterThanOrEqual(3);

      const catchUp = await stream.waitFor(isChange("*"));
      const text = `After reconnect ${randomUUID()}`;
      await writingProcess().services.infoItemAdmin.createInfoItem("banner", { content: text }, TEST_ORIGIN);
      const fresh = await stream.waitFor(isChange("info"));
      expect(stream.messages.indexOf(catchUp)).toBeLessThan(stream.messages.indexOf(fresh));
      expect(await (await fetch(`${serverB().url}/`)).text()).toContain(text);

      const listeners = async () => {
        const result = await admin.query<{ count: string }>(
          `select count(*) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
          [databaseName],
        );
        return Number(result.rows[0]?.count);
      };
      await expect.poll(listeners).toBeGreaterThanOrEqual(3);
    } finally {
      await admin.end();
    }
  });
});
