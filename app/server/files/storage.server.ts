import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isProcessAlive } from "../platform/processes.server";
import { makePrivateFolder } from "../platform/private-files.server";

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

/** Where file bytes live. Keys are made by the server; callers never pass user input as a key. */
export interface FileStorage {
  /** Stores everything `source` yields under `key`, all or nothing. */
  write(key: string, source: AsyncIterable<Uint8Array> | Readable): Promise<void>;
  read(key: string, range?: ByteRange): Readable;
  /** Deleting a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The stored size, or null when nothing is stored under `key` (S3: HeadObject). */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * Deletes every key under `prefix`, which must end in "/" so `a/1/` never takes `a/10/` with it
   * (S3: list by prefix, then delete in batches). Nothing under it is not an error.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored key with the time it was written, in no particular order. */
  list(): AsyncIterable<StoredKey>;
  /**
   * Removes the pieces of writes that a crash cut off: those of processes on this machine that are
   * gone, and any older than a day (another machine's, on shared storage). Returns how many.
   */
  sweepInterrupted(): Promise<number>;
  ping(): Promise<void>;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

/** A write older than this is no longer in progress, whoever started it. */
export const INTERRUPTED_WRITE_AGE_MS = 24 * 60 * 60 * 1000;

const SAFE_KEY = /^[a-z0-9][a-z0-9/-]*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("//");
}

/** `key` itself, once it is known to be one the server makes: never a path out of the storage. */
export function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** This machine, as it names its writes in progress (storage may be shared by several machines). */
const HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, "_") || "host";

export function createLocalStorage(root: string): FileStorage {
  const tempDir = path.join(root, ".tmp");
  makePrivateFolder(tempDir);

  const resolveKey = (key: string): string => path.join(root, checkedKey(key));

  return {
    async write(key, source) {
      const target = resolveKey(key);
      // Named by machine and process, so a sweep can tell a crashed write from one in progress.
      const temp = path.join(tempDir, `${HOST}.${process.pid}.${randomUUID()}`);
      try {
        await pipeline(source, fs.createWriteStream(temp, { flags: "wx", mode: 0o600 }));
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    read(key, range) {
      return fs.createReadStream(resolveKey(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(key) {
      await fsp.rm(resolveKey(key), { force: true });
    },
    async stat(key) {
      try {
        const stats = await fsp.stat(resolveKey(key));
        return stats.isFile() ? { size: stats.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith("/")) throw new Error(`A storage prefix must end in "/": ${prefix}`);
      await fsp.rm(resolveKey(prefix), { recursive: true, force: true });
    },
    async *list() {
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (key.startsWith(".tmp/") || !isSafeKey(key)) continue;
        try {
          yield { key, modifiedAt: (await fsp.stat(path.join(root, key))).mtime };
        } catch {
          // Deleted since the listing: nothing to report.
        }
      }
    },
    async sweepInterrupted() {
      let removed = 0;
      for (const name of await fsp.readdir(tempDir)) {
        const file = path.join(tempDir, name);
        const [host, pid] = name.split(".");
        const ownProcessGone = host === HOST && Number(pid) !== process.pid && !isProcessAlive(Number(pid));
        let old = false;
        try {
          old = Date.now() - (await fsp.stat(file)).mtimeMs > INTERRUPTED_WRITE_AGE_MS;
        } catch {
          continue;
        }
        if (ownProcessGone || old) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async ping() {
      await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}
