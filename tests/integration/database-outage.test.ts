import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy, type Proxy } from "#tests/support/nginx-proxy";
import { createDatabase, startPostgres, type PostgresServer } from "#tests/support/postgres";
import { startServer, type RunningServer } from "#tests/support/server";
import { PATIENCE_MS } from "#tests/support/patience";

// A PostgreSQL server of this file's own, which it ends and starts again under two instances behind
// nginx: what a failover, a restart, a pooler or a managed database's idle timeout does to the site.

let postgres: PostgresServer;
let databaseName: string;
let databaseUrl: string;
let sharedFiles: string;
const instances: RunningServer[] = [];
let proxy: Proxy;

beforeAll(async () => {
  postgres = await startPostgres();
  databaseName = `outage_${randomUUID().slice(0, 8)}`;
  databaseUrl = await createDatabase(postgres.adminUrl, databaseName);
  sharedFiles = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-outage-files-"));
  const shared = { DATABASE_URL: databaseUrl, STORAGE_URL: sharedFiles, LOG_LEVEL: "info" };
  // One after the other: the first loads the demo catalog into the empty database.
  instances.push(await startServer({ ...shared, DEMO_DATA: "1" }));
  instances.push(await startServer({ ...shared, DEMO_DATA: "0" }));
  proxy = await startProxy(instances.map((instance) => instance.port));
});

afterAll(async () => {
  await proxy?.stop();
  for (const instance of instances) await instance.stop();
  await postgres?.stop();
  if (sharedFiles) fs.rmSync(sharedFiles, { recursive: true, force: true });
});

/** What a load of visitors got: each answer's status, and each request that got no answer. */
interface LoadRecord {
  statuses: number[];
  failures: string[];
  unavailableWithoutRetryAfter: number;
}

/**
 * Visitors asking through the proxy, four at a time, until `stop`: pages the cache keeps and pages
 * it never saw (a new search each time), so that most of them need the database.
 */
function visitorsLoad(baseUrl: string) {
  const record: LoadRecord = { statuses: [], failures: [], unavailableWithoutRetryAfter: 0 };
  let running = true;
  const paths = ["/", "/catalog", "/support", () => `/search?q=${randomUUID().slice(0, 6)}`];
  const visitor = async (offset: number) => {
    for (let turn = offset; running; turn++) {
      const chosen = paths[turn % paths.length] ?? "/";
      const address = `${baseUrl}${typeof chosen === "function" ? chosen() : chosen}`;
      try {
        const response = await fetch(address, { signal: AbortSignal.timeout(PATIENCE_MS) });
        await response.arrayBuffer();
        record.statuses.push(response.status);
        if (response.status === 503 && !response.headers.get("retry-after")) record.unavailableWithoutRetryAfter++;
      } catch (error) {
        record.failures.push(`${address}: ${String(error)}`);
      }
    }
  };
  const visitors = [0, 1, 2, 3].map((offset) => visitor(offset));
  return {
    record,
    async stop(): Promise<LoadRecord> {
      running = false;
      await Promise.all(visitors);
      return record;
    },
  };
}

async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgres.adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Every connection to the site's database ended by the server, as a failover or a pooler does; with
 * `waitMs`, only once they are gone.
 */
async function terminateEveryBackend(waitMs = 0): Promise<number> {
  const result = await adminQuery(
    "select pg_terminate_backend(pid, $2) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [databaseName, waitMs],
  );
  return result.rowCount ?? 0;
}

async function status(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(PATIENCE_MS) });
  await response.arrayBuffer();
  return response.status;
}

/** What the instances logged as errors: the reason, when a visitor got anything but 200 or 503. */
function errorsLogged(): string {
  const lines = instances.flatMap((instance) =>
    instance
      .logs()
      .split("\n")
      .filter((line) => /"level":(50|60)|"status":5(00|02)/.test(line)),
  );
  // Each line cut short: a driver's error can be kilobytes of connection state, and hide the next line.
  return lines.length
    ? `errors logged:\n${lines
        .map((line) => line.slice(0, 800))
        .join("\n")
        .slice(0, 8_000)}`
    : "no errors logged";
}

/** Whether every instance, and the proxy, answer a page that needs the database with 200. */
async function everyInstanceServes(): Promise<boolean> {
  const query = `/search?q=${randomUUID().slice(0, 6)}`;
  const answers = await Promise.all(
    [...instances.map((instance) => instance.url), proxy.url].map((base) => status(`${base}${query}`)),
  );
  return answers.every((answer) => answer === 200);
}

function expectAlive() {
  for (const instance of instances) expect(instance.logs()).not.toMatch(/Node\.js v\d+|uncaught|unhandled 'error'/i);
}

/** A category renamed and the change announced, in one transaction, as another instance's write does. */
async function renameFirstCategory(): Promise<string> {
  const name = `Renamed ${randomUUID().slice(0, 8)}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      "update categories set name = $1, version = version + 1 where id = (select id from categories order by name limit 1)",
      [name],
    );
    await client.query(`select pg_notify('vantage_changes', '{"topics":["categories"]}')`);
    await client.query("commit");
  } finally {
    await client.end();
  }
  return name;
}

describe("a lost database connection", () => {
  it("ends no instance when the server ends every connection under load; the site recovers by itself", async () => {
    const load = visitorsLoad(proxy.url);
    await expect.poll(() => load.record.statuses.length).toBeGreaterThan(20);
    for (let round = 0; round < 3; round++) {
      expect(await terminateEveryBackend()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await expect.poll(everyInstanceServes, { timeout: PATIENCE_MS }).toBe(true);
    const { statuses, failures, unavailableWithoutRetryAfter } = await load.stop();
    expect(failures).toEqual([]);
    // Unavailable for a moment, said as such: never a broken page, never a dropped request.
    expect(
      statuses.filter((code) => code !== 200 && code !== 503),
      errorsLogged(),
    ).toEqual([]);
    expect(unavailableWithoutRetryAfter).toBe(0);
    expectAlive();
    for (const instance of instances) expect(await status(`${instance.url}/readyz`)).toBe(200);
    // A change made while no instance listens (their listeners ended and gone, not yet back) is never
    // heard; once they listen again the instances drop what they kept, so their pages show it anyway.
    await status(`${proxy.url}/catalog`);
    expect(await terminateEveryBackend(PATIENCE_MS)).toBeGreaterThan(0);
    const name = await renameFirstCategory();
    for (const instance of instances) {
      await expect.poll(async () => (await fetch(`${instance.url}/catalog`)).text()).toContain(name);
    }
  });

  it("answers 503 with Retry-After while PostgreSQL is stopped, keeps serving cached pages, and comes back", async () => {
    // Asked twice: the second answer comes from the page cache, which keeps what it showed.
    for (const instance of instances) {
      for (let time = 0; time < 2; time++) expect(await status(`${instance.url}/support`)).toBe(200);
    }
    const load = visitorsLoad(proxy.url);
    await expect.poll(() => load.record.statuses.length).toBeGreaterThan(20);
    await postgres.halt();
    try {
      for (const instance of instances) {
        await expect.poll(() => status(`${instance.url}/readyz`)).toBe(503);
        const page = await fetch(`${instance.url}/search?q=${randomUUID().slice(0, 6)}`);
        expect(page.status).toBe(503);
        expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(page.headers.get("content-type")).toContain("text/html");
        const html = await page.text();
        expect(html).toContain("<h1");
        expect(html).toContain("unavailable for a moment");
        // A script (the upload form, a client navigation) gets the same words as JSON.
        const data = await fetch(`${instance.url}/catalog.data`, { headers: { Accept: "application/json" } });
        expect(data.status).toBe(503);
        expect(await data.json()).toMatchObject({ code: "unavailable" });
        expect(await status(`${instance.url}/support`)).toBe(200);
        expect(await status(`${instance.url}/healthz`)).toBe(200);
      }
      // Long enough for pools and listeners to try again and fail a few times.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expectAlive();
    } finally {
      await postgres.resume();
    }
    const back = Date.now();
    await expect.poll(everyInstanceServes, { timeout: PATIENCE_MS }).toBe(true);
    const recoveredInMs = Date.now() - back;
    const { statuses, failures, unavailableWithoutRetryAfter } = await load.stop();
    expect(failures).toEqual([]);
    expect(
      statuses.filter((code) => code !== 200 && code !== 503),
      errorsLogged(),
    ).toEqual([]);
    expect(statuses).toContain(503);
    expect(unavailableWithoutRetryAfter).toBe(0);
    for (const instance of instances) {
      expect(await status(`${instance.url}/readyz`)).toBe(200);
      expect(instance.logs()).toContain("the database cannot be reached");
      expect(instance.logs()).toContain("the database is reachable again");
    }
    expectAlive();
    // Pages cached before the outage catch up with what changed after it.
    const name = await renameFirstCategory();
    for (const instance of instances) {
      await expect.poll(async () => (await fetch(`${instance.url}/catalog`)).text()).toContain(name);
    }
    console.log(`database outage: every instance served again ${recoveredInMs} ms after PostgreSQL was back`);
  });

  it("answers 503 with Retry-After, not an error, when the server ends a request's connection mid-query", async () => {
    const [instance] = instances;
    if (!instance) throw new Error("no instance started");
    // The site's insert waits behind this lock until its connection is ended: the database stays up, so
    // the site's probe finds it there and the instance never turns unavailable as a whole.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      const lockerPid = Number((await locker.query("select pg_backend_pid() as pid")).rows[0]?.pid);
      await locker.query("begin");
      await locker.query("lock table contact_messages in access exclusive mode");
      const answer = fetch(`${instance.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: instance.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Dana Installer",
          email: "dana@installer.example",
          message: "Which camera suits a car park of 40 spaces at night?",
        }),
        signal: AbortSignal.timeout(PATIENCE_MS),
      });
      const waiting = async () =>
        (
          await adminQuery(
            "select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2",
            [databaseName, lockerPid],
          )
        ).rows.map((row: { pid: number }) => row.pid);
      await expect.poll(async () => (await waiting()).length, { timeout: PATIENCE_MS }).toBeGreaterThan(0);
      for (const pid of await waiting()) await adminQuery("select pg_terminate_backend($1)", [pid]);
      const response = await answer;
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.text()).toContain("unavailable for a moment");
    } finally {
      await locker.query("rollback").catch(() => undefined);
      await locker.end();
    }
    expect(instance.logs()).toContain("a route could not reach the database");
    expect(await status(`${instance.url}/readyz`)).toBe(200);
  });

  it("waits at start for a PostgreSQL server that is not up yet, saying so, then serves", async () => {
    await postgres.halt();
    let starting: Promise<RunningServer> | undefined;
    try {
      // However long the process takes to load on a busy machine: PostgreSQL stays down until it says it waits.
      let saidWaiting = () => {};
      const waiting = new Promise<string>((resolve) => (saidWaiting = () => resolve("waiting")));
      starting = startServer(
        { DATABASE_URL: databaseUrl, STORAGE_URL: sharedFiles, LOG_LEVEL: "info" },
        { onOutput: (output) => output.includes("the database cannot be reached yet") && saidWaiting() },
      );
      // The start neither fails nor gives up: it says it waits, and keeps trying.
      const failedEarly = await Promise.race([
        starting.then(
          () => "started",
          (error: unknown) => String(error),
        ),
        waiting,
      ]);
      expect(failedEarly).toBe("waiting");
      // Still waiting a while later: it keeps trying rather than failing into a supervisor's start limit.
      let settled = false;
      void starting.then(
        () => (settled = true),
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(settled).toBe(false);
    } finally {
      await postgres.resume();
    }
    const late = await starting;
    instances.push(late);
    expect(late.logs()).toContain("the database cannot be reached yet");
    expect(await status(`${late.url}/catalog`)).toBe(200);
  });
});
