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
  /** Ends the server and removes its cluster. */
  stop: () => Promise<void>;
  /** Ends the server process, keeping its cluster: what a restart or a failover looks like to clients. */
  halt: () => Promise<void>;
  /** Starts the halted server again on the same port and cluster, once it takes connections. */
  resume: () => Promise<void>;
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
  let child: ChildProcess | undefined;
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;

  /** Ends the server process (a fast shutdown: every session is cut) and waits for it to exit. */
  const halt = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGINT");
    await exited;
  };
  const stop = async () => {
    await halt();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  /** Starts the server process on the cluster and port, and waits until it takes connections. */
  const resume = async () => {
    // The server runs as the child itself (not under runuser, which ignores SIGINT), so halt() reaches it.
    const started: ChildProcess = spawn(path.join(bin, "postgres"), args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(asRoot ? postgresUser() : {}),
    });
    child = started;
    started.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + SERVER_START_PATIENCE_MS;
    for (;;) {
      const client = new pg.Client({ connectionString: adminUrl });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (started.exitCode !== null || Date.now() > deadline)
          throw new Error(`PostgreSQL did not start: ${String(error)}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  try {
    await resume();
  } catch (error) {
    await stop();
    throw error;
  }
  return { adminUrl, stop, halt, resume };
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
