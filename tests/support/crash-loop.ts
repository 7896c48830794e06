import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/server/db/client.server";
import { files } from "#app/server/db/schema";
import { createLocalStorage } from "#app/server/files/storage.server";
import { adminEnv, sendRaw, signIn } from "./http";
import { startServer, type RunningServer } from "./server";

/** What a crash loop found once the site had started again after its last crash. */
export interface CrashReport {
  rounds: number;
  /** Downloads created and deleted while the crashes came. */
  writes: number;
  /** File rows whose bytes are gone. */
  lost: number;
  /** File rows whose stored bytes differ from what was recorded (size or SHA-256). */
  partial: number;
  /** Stored bytes no file row names. */
  orphans: number;
  /** Pieces of cut-off writes still in the storage's temp folder. */
  temp: number;
}

/** The writes with files an admin makes, as fast as the site takes them, until the server dies. */
async function writeUntilKilled(server: RunningServer, cookie: string, stop: AbortSignal): Promise<number> {
  let writes = 0;
  const post = (pathname: string, fields: Record<string, string>) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      signal: stop,
    });
  const worker = async (n: number) => {
    while (!stop.aborted) {
      const body = randomBytes(16_384 + Math.floor(Math.random() * 1_500_000));
      const uploaded = await sendRaw(`${server.url}/uploads?name=crash-${n}.bin`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: server.url, "Content-Length": String(body.byteLength) },
        body,
      });
      if (uploaded.status !== 201) continue;
      const { id } = JSON.parse(uploaded.body.toString("utf8")) as { id: string };
      // Every third upload stays staged, as when an admin leaves the form.
      if (writes % 3 === 2) continue;
      await post("/dashboard/downloads/new", { description: `Crash ${n}.${writes}`, fileId: id });
      writes++;
      if (writes % 4 === 0) {
        const list = await (
          await fetch(`${server.url}/dashboard/downloads`, { headers: { Cookie: cookie }, signal: stop })
        ).text();
        const ids = [...list.matchAll(/\/dashboard\/downloads\/([0-9a-f-]{36})"/g)].map((match) => match[1]);
        const victim = ids[Math.floor(Math.random() * ids.length)];
        if (!victim) continue;
        const page = await (
          await fetch(`${server.url}/dashboard/downloads/${victim}`, { headers: { Cookie: cookie }, signal: stop })
        ).text();
        const version = /name="version"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="version"/.exec(page);
        await post(`/dashboard/downloads/${victim}`, {
          intent: "delete",
          version: version?.[1] ?? version?.[2] ?? "1",
        });
        writes++;
      }
    }
  };
  await Promise.allSettled([1, 2, 3].map(worker));
  return writes;
}

/** Compares the database's file rows with the stored bytes, the site being stopped. */
async function inspect(dataDir: string): Promise<Omit<CrashReport, "rounds" | "writes">> {
  const root = path.join(dataDir, "files");
  const storage = createLocalStorage(root);
  const handle = await openDatabase({ dataDir, shortLived: true });
  try {
    const rows = await handle.db.select().from(files);
    let lost = 0;
    let partial = 0;
    for (const row of rows) {
      const stat = await storage.stat(row.storageKey);
      if (!stat) {
        lost++;
        continue;
      }
      const hash = createHash("sha256");
      for await (const chunk of storage.read(row.storageKey)) hash.update(chunk as Buffer);
      if (stat.size !== row.size || hash.digest("hex") !== row.sha256) partial++;
    }
    const known = new Set(rows.map((row) => row.id));
    let orphans = 0;
    for await (const { key } of storage.list()) {
      // `ab/<id>` for an original, `variants/<id>/…` for its variants.
      const id = key.split("/")[1];
      if (!id || !known.has(id)) orphans++;
    }
    const tempDir = path.join(root, ".tmp");
    const temp = fs.existsSync(tempDir) ? fs.readdirSync(tempDir).length : 0;
    return { lost, partial, orphans, temp };
  } finally {
    await handle.close();
  }
}

/**
 * Runs the site on one embedded database and kills it (SIGKILL) in the middle of uploads, creations
 * and deletions, `rounds` times; then starts it once more, stops it and checks every file.
 */
export async function crashLoop(options: { rounds: number; dataDir: string; log?: (line: string) => void }) {
  const env = { ...adminEnv(), DATA_DIR: options.dataDir, DEMO_DATA: "0" };
  let writes = 0;
  for (let round = 1; round <= options.rounds; round++) {
    const server = await startServer(env);
    const { cookie } = await signIn(server.url);
    const stop = new AbortController();
    const writing = writeUntilKilled(server, cookie, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1_500));
    process.kill(server.pid, "SIGKILL");
    await server.stop();
    stop.abort();
    const made = await writing;
    writes += made;
    options.log?.(`round ${round}: killed after ${made} writes`);
  }
  const last = await startServer(env);
  await last.stop();
  return { rounds: options.rounds, writes, ...(await inspect(options.dataDir)) } satisfies CrashReport;
}
