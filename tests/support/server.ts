import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "#app/server/platform/env.server";
import { SERVER_START_PATIENCE_MS } from "./patience";
import { seedDemoDataFolder, seedEmbeddedDatabase } from "./pglite-template";
import { freePort } from "./ports";
import { startTestStorage, type StorageKind, type TestStorage } from "./storage";

export interface RunningServer {
  url: string;
  port: number;
  /** The server process's id, e.g. to read its memory use from /proc. */
  pid: number;
  dataDir: string;
  logs: () => string;
  /** Resolves with the exit code once the process has ended, however it ended. */
  exited: Promise<number | null>;
  /** Its file storage (on S3 in the runs that ask for it, see tests/support/storage.ts). */
  storage: TestStorage;
  stop: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/** The Node.js options and the environment a checkout's `npm start` gives its server (package.json). */
function startCommandOf(checkout: string): { options: string[]; env: Record<string, string> } {
  const words = (
    JSON.parse(fs.readFileSync(path.join(checkout, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts.start.split(/\s+/);
  const env: Record<string, string> = {};
  for (const word of words) {
    const setting = /^([A-Z_]+)=(.*)$/.exec(word);
    if (!setting) break;
    env[setting[1] as string] = setting[2] as string;
  }
  return { options: words.filter((word) => word.startsWith("--")), env };
}

/** The options of this checkout's `npm start`: the tests' server runs as it does. */
const startCommand = startCommandOf(root);
export const startOptions = startCommand.options;

interface StartOptions {
  storage?: StorageKind;
  /** A fixed one, e.g. to start an instance again where a proxy expects it. */
  port?: number;
  /** Another checkout's build to serve (a benchmark comparing revisions), instead of this one's. */
  checkout?: string;
  /** Told everything the server has written so far, each time it writes: to wait for a line of a start. */
  onOutput?: (output: string) => void;
  /**
   * The name the site is reached by, its PUBLIC_URL's: "localhost" where a browser must see a domain
   * rather than an address (passkeys are bound to a domain). It still listens on 127.0.0.1 only.
   */
  hostName?: "localhost";
}

/**
 * Starts the production build (`node server.js`) on a free loopback port with its own temp DATA_DIR.
 * Resolves once it listens; `stop()` ends it and removes the folder it made.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(env, options);
    } catch (error) {
      // A free port can be taken between finding it and listening on it (by a parallel test's
      // connection): another one is tried. A fixed port stays a failure.
      const taken = error instanceof Error && error.message.includes("is already in use");
      if (!taken || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>, options: StartOptions): Promise<RunningServer> {
  const checkout = options.checkout ?? root;
  const port = options.port ?? (await freePort());
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "vantage-test-"));
  const storage = await startTestStorage(dataDir, env, options.storage);
  if (ownDataDir && !env.DATABASE_URL) {
    // The demo catalog's files come with its rows: only where they are kept in the data folder.
    const demoInFolder =
      parseEnv({ DEMO_DATA: env.DEMO_DATA ?? "0" }).DEMO_DATA && storage.kind === "disk" && !env.STORAGE_URL;
    if (demoInFolder) seedDemoDataFolder(dataDir);
    else seedEmbeddedDatabase(dataDir);
  }
  let output = "";
  const command = options.checkout ? startCommandOf(options.checkout) : startCommand;
  const child: ChildProcess = fork(path.join(checkout, "server.js"), [], {
    cwd: checkout,
    execArgv: command.options,
    env: {
      ...command.env,
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      LOG_LEVEL: "warn",
      DEMO_DATA: "0",
      ...storage.env,
      ...(options.hostName ? { PUBLIC_URL: `http://${options.hostName}:${port}` } : {}),
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    options.onOutput?.(output);
  };
  child.stdout?.on("data", heard);
  child.stderr?.on("data", heard);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await storage.stop();
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Server did not start in ${SERVER_START_PATIENCE_MS} ms:\n${output}`)),
      SERVER_START_PATIENCE_MS,
    );
    child.on("message", (message: { type?: string }) => {
      if (message?.type === "listening") {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with code ${code} before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return {
    url: `http://${options.hostName ?? "127.0.0.1"}:${port}`,
    port,
    pid: child.pid ?? 0,
    dataDir,
    logs: () => output,
    exited,
    storage,
    stop,
  };
}
