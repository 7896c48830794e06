import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./ports";
import { SERVER_START_PATIENCE_MS } from "./patience";

/** The newest PostgreSQL server binaries installed from Debian's packages, if any. */
export function findPostgresBin(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((name) => fs.existsSync(path.join(base, name, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : undefined;
}

export interface PostgresServer {
  /** A URL to the maintenance database; tests create their own databases from it. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * Runs a throwaway PostgreSQL server from the local binaries: a new cluster in a temp folder, on a
 * free loopback port, trust authentication. PostgreSQL refuses to run as root, so as root it runs as
 * the `postgres` system user that Debian's package creates.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const run = (command: string, args: string[]) =>
    asRoot ? (["runuser", ["-u", "postgres", "--", command, ...args]] as const) : ([command, args] as const);

  const [initCommand, initArgs] = run(path.join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  execFileSync(initCommand, [...initArgs], { stdio: "pipe" });

  const port = await freePort();
  const args = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ];
  let output = "";
  // The server runs as the child itself (not under runuser, which ignores SIGINT), so stop() reaches it.
  const child: ChildProcess = spawn(path.join(bin, "postgres"), args, {
    stdio: ["ignore", "pipe", "pipe"],
    ...(asRoot ? postgresUser() : {}),
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + SERVER_START_PATIENCE_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`PostgreSQL did not start: ${String(error)}\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { adminUrl, stop };
}

/** The ids of the `postgres` system user that Debian's package creates. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** A fresh, empty database on the server; returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
