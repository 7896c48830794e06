import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

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
  ping(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/-]*$/;

export function createLocalStorage(root: string): FileStorage {
  const tempDir = path.join(root, ".tmp");
  fs.mkdirSync(tempDir, { recursive: true });

  const resolveKey = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.includes("//")) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    async write(key, source) {
      const target = resolveKey(key);
      const temp = path.join(tempDir, randomUUID());
      try {
        await pipeline(source, fs.createWriteStream(temp, { flags: "wx" }));
        await fsp.mkdir(path.dirname(target), { recursive: true });
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
    async ping() {
      await fsp.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}

export function storageRootFromEnv(storageUrl: string | undefined, dataDir: string): string {
  if (!storageUrl) return path.join(dataDir, "files");
  return storageUrl.startsWith("file:") ? new URL(storageUrl).pathname : storageUrl;
}
