import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "#app/server/platform/env.server";
import { openStorage, storageLocation } from "#app/server/runtime/storage-location.server";
import type { FileStorage } from "#app/server/files/storage.server";
import { readAll } from "#app/server/platform/streams.server";

export type StorageKind = "disk" | "s3";

/** Where this run's test servers keep their files: the `integration-s3` project sets `VANTAGE_TEST_STORAGE=s3`. */
export function testStorageKind(): StorageKind {
  return process.env.VANTAGE_TEST_STORAGE === "s3" ? "s3" : "disk";
}

/** A test server's file storage, and what a test may ask of it without going through the server. */
export interface TestStorage {
  kind: StorageKind;
  /** The environment that gives a server this storage (nothing for the default folder). */
  env: Record<string, string>;
  /** The storage itself, as the server opens it. */
  files: FileStorage;
  /** Every stored key, sorted; with `under` (ending in "/"), only those below it, named from there. */
  keys(under?: string): Promise<string[]>;
  /** The bytes stored under `key`. */
  read(key: string): Promise<Buffer>;
  /** When `key` was written, or null when nothing is stored under it. */
  modifiedAt(key: string): Promise<Date | null>;
  /** Writes begun and neither finished nor cleaned up: temp files on disk, multipart uploads on S3. */
  unfinishedWrites(): string[];
  /** How many bytes those writes have put in storage so far. */
  unfinishedBytes(): number;
  stop(): Promise<void>;
}

const STORAGE_VARIABLES = [
  "STORAGE_URL",
  "AWS_ENDPOINT_URL",
  "AWS_REGION",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
];

/**
 * The storage of a server on `dataDir` with `given` environment: the one it names, else the run's
 * kind: the data folder's own, or a bucket on an S3 server started here for it (stopped by `stop`).
 */
export async function startTestStorage(
  dataDir: string,
  given: Record<string, string> = {},
  kind: StorageKind = testStorageKind(),
): Promise<TestStorage> {
  const named = Object.fromEntries(Object.entries(given).filter(([name]) => STORAGE_VARIABLES.includes(name)));
  // The S3 test server's module is large: loaded only by the runs that keep files in a bucket.
  const s3 = !named.STORAGE_URL && kind === "s3" ? await (await import("./s3")).startS3Server() : null;
  const env = s3 ? s3.env("site") : {};
  const location = storageLocation(parseEnv({ ...named, ...env, DATA_DIR: dataDir }));
  const files = await openStorage(location);
  const tempDir = path.join(location.kind === "disk" ? location.root : dataDir, ".tmp");
  const tempFiles = () => (fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []);
  return {
    kind: location.kind,
    env,
    files,
    async keys(under = "") {
      const keys: string[] = [];
      for await (const { key } of files.list()) if (key.startsWith(under)) keys.push(key.slice(under.length));
      return keys.sort();
    },
    read: (key) => readAll(files.read(key)),
    async modifiedAt(key) {
      for await (const stored of files.list()) if (stored.key === key) return stored.modifiedAt;
      return null;
    },
    unfinishedWrites: () => s3?.unfinishedUploads() ?? tempFiles(),
    unfinishedBytes: () =>
      s3?.unfinishedBytes() ??
      tempFiles().reduce(
        (total, name) => total + (fs.statSync(path.join(tempDir, name), { throwIfNoEntry: false })?.size ?? 0),
        0,
      ),
    stop: async () => {
      await s3?.stop();
    },
  };
}
