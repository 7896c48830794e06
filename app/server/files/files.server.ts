import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, exists, inArray, lt, notExists, or, sql } from "drizzle-orm";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import type { Database, Queryable } from "../db/client.server";
import { files, revisionFiles } from "../db/schema";
import { imageLibrary } from "./image-library.server";
import { originalKey, variantPrefix } from "./storage-keys.server";
import type { Logger } from "../platform/logger.server";
import { isImageType, SNIFF_BYTES, sniffContentType } from "./sniff.server";
import type { FileStorage } from "./storage.server";
import { readAll } from "../platform/streams.server";

export type FileRow = typeof files.$inferSelect;

export class UploadTooLargeError extends Error {
  constructor() {
    super(`The file is larger than ${MAX_UPLOAD_BYTES.toLocaleString("en-US")} bytes.`);
  }
}

export class NotAnImageError extends Error {
  constructor() {
    super("The file is not an image.");
  }
}

/** The upload's own bytes stopped coming: the client went away or its connection broke. */
export class UploadInterruptedError extends Error {
  constructor(cause: unknown) {
    super("The upload was cut off before its end.", { cause });
  }
}

/** The storage refused or failed to keep an upload whose bytes all came: not the uploader's doing. */
export class StorageFailedError extends Error {
  constructor(cause: unknown) {
    super("The file could not be stored.", { cause });
  }
}

export class MissingFileError extends Error {
  constructor(public readonly fileIds: string[]) {
    super("A file this change refers to is no longer available. Upload it again.");
  }
}

/** A safe display name: no folders, no control characters, a sane length, never empty. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .split("")
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 200);
  return cleaned || "file";
}

/** The path a stored file is served at: its id, then its original name for people and browsers. */
export function fileUrl(file: Pick<FileRow, "id" | "originalName">): string {
  return `/files/${file.id}/${encodeURIComponent(file.originalName)}`;
}

export function createFileService(options: { db: Database; storage: FileStorage; logger: Logger }) {
  const { db, storage, logger } = options;

  return {
    /**
     * Streams an upload into storage, counting and hashing as it goes: the moment it passes the cap
     * the stream is abandoned and nothing is kept. The result is a staged file no record uses yet.
     */
    async stage(input: {
      body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
      originalName: string;
      uploadedBy: string | null;
      requireImage: boolean;
    }): Promise<FileRow> {
      const id = randomUUID();
      const storageKey = originalKey(id);
      const hash = createHash("sha256");
      const head = new Uint8Array(SNIFF_BYTES);
      let headLength = 0;
      let size = 0;
      const source = input.body instanceof ReadableStream ? Readable.fromWeb(input.body as never) : input.body;

      async function* counted(): AsyncGenerator<Uint8Array> {
        const chunks = (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
        let finished = false;
        try {
          for (;;) {
            let next: IteratorResult<Uint8Array>;
            try {
              next = await chunks.next();
            } catch (error) {
              finished = true;
              throw new UploadInterruptedError(error);
            }
            if (next.done) {
              finished = true;
              return;
            }
            const chunk = next.value;
            size += chunk.byteLength;
            if (size > MAX_UPLOAD_BYTES) throw new UploadTooLargeError();
            if (headLength < SNIFF_BYTES) {
              const take = chunk.subarray(0, SNIFF_BYTES - headLength);
              head.set(take, headLength);
              headLength += take.byteLength;
            }
            hash.update(chunk);
            yield chunk;
          }
        } finally {
          // Stopped early (too large, or the storage gave up): the source is told, as for-await would.
          if (!finished) await chunks.return?.();
        }
      }

      // Whose fault a failed write was decides its answer: the upload's (413, or nobody left to
      // answer) or the storage's (503, an error for the operator).
      try {
        await storage.write(storageKey, counted());
      } catch (error) {
        if (error instanceof UploadTooLargeError || error instanceof UploadInterruptedError) throw error;
        throw new StorageFailedError(error);
      }
      try {
        const contentType = sniffContentType(head.subarray(0, headLength));
        if (input.requireImage && !isImageType(contentType)) throw new NotAnImageError();
        const dimensions = isImageType(contentType) ? await imageDimensions(storage, storageKey) : null;
        if (input.requireImage && !dimensions) throw new NotAnImageError();
        const [row] = await db
          .insert(files)
          .values({
            id,
            storageKey,
            originalName: cleanFileName(input.originalName),
            size,
            contentType,
            sha256: hash.digest("hex"),
            width: dimensions?.width ?? null,
            height: dimensions?.height ?? null,
            staged: true,
            uploadedBy: input.uploadedBy,
          })
          .returning();
        if (!row) throw new Error("Insert returned no row");
        return row;
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    async get(id: string): Promise<FileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },

    /** A file the site may serve: one a record uses (or an upload in progress), never a retired one. */
    async servable(id: string): Promise<FileRow | undefined> {
      const row = await this.get(id);
      return row && !row.retired ? row : undefined;
    },

    /**
     * Marks staged files as used by the record being written in `tx`. Throws MissingFileError when
     * one is gone (swept or never uploaded) so the whole write rolls back.
     */
    async claim(
      tx: Queryable,
      ids: string[],
      options: { images?: boolean; reusable?: ReadonlySet<string> } = {},
    ): Promise<FileRow[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      if (!unique.every(isUuid)) throw new MissingFileError(unique.filter((id) => !isUuid(id)));
      // A restore takes back files a revision of the same record kept: they are no longer staged.
      const reusable = unique.filter((id) => options.reusable?.has(id));
      const rows = await tx
        .update(files)
        .set({ staged: false, retired: false })
        .where(
          and(
            inArray(files.id, unique),
            reusable.length ? or(eq(files.staged, true), inArray(files.id, reusable)) : eq(files.staged, true),
          ),
        )
        .returning();
      const missing = unique.filter((id) => !rows.some((row) => row.id === id));
      if (missing.length > 0) throw new MissingFileError(missing);
      if (options.images && rows.some((row) => !isImageType(row.contentType) || !row.width || !row.height)) {
        // Magic bytes alone do not make an image: only a file whose size could be read when it was
        // uploaded can be decoded by the image variants and the browser.
        throw new NotAnImageError();
      }
      return rows;
    },

    /**
     * Drops file rows inside `tx` that a record let go (its references must already be gone: the
     * foreign keys refuse otherwise), except those a revision still keeps: a restore may need them.
     * Returns the storage keys to delete once the transaction has committed.
     */
    async release(tx: Queryable, ids: string[]): Promise<string[]> {
      const unique = [...new Set(ids)].filter(isUuid);
      if (unique.length === 0) return [];
      await tx
        .update(files)
        .set({ retired: true })
        .where(
          and(
            inArray(files.id, unique),
            exists(
              tx
                .select({ one: sql`1` })
                .from(revisionFiles)
                .where(eq(revisionFiles.fileId, files.id)),
            ),
          ),
        );
      const rows = await tx
        .delete(files)
        .where(
          and(
            inArray(files.id, unique),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(revisionFiles)
                .where(eq(revisionFiles.fileId, files.id)),
            ),
          ),
        )
        .returning({ storageKey: files.storageKey });
      return rows.map((row) => row.storageKey);
    },

    /**
     * Drops staged files inside `tx` that were only read, never kept (a spreadsheet whose table is
     * stored instead); files a record uses are left alone. Returns the storage keys to delete after commit.
     */
    async discardStaged(tx: Queryable, ids: string[]): Promise<string[]> {
      const unique = [...new Set(ids)].filter(isUuid);
      if (unique.length === 0) return [];
      const rows = await tx
        .delete(files)
        .where(and(inArray(files.id, unique), eq(files.staged, true)))
        .returning({ storageKey: files.storageKey });
      return rows.map((row) => row.storageKey);
    },

    /**
     * After a commit: bytes nobody references any more leave storage, with the image variants made
     * of them. A failure is logged, not fatal.
     */
    async purge(storageKeys: string[]): Promise<void> {
      const forget = (key: string) => (error: unknown) =>
        logger.error({ err: error, key }, "could not delete stored file");
      await Promise.all(
        storageKeys.flatMap((key) => {
          const fileId = key.split("/").pop() ?? "";
          const deletions = [storage.delete(key).catch(forget(key))];
          if (isUuid(fileId)) {
            const prefix = variantPrefix(fileId);
            deletions.push(storage.deletePrefix(prefix).catch(forget(prefix)));
          }
          return deletions;
        }),
      );
    },

    /** Staged files older than `maxAgeMs` were abandoned by their uploader. */
    async sweepStaged(maxAgeMs: number): Promise<number> {
      const cutoff = new Date(Date.now() - maxAgeMs);
      const rows = await db
        .delete(files)
        .where(and(eq(files.staged, true), lt(files.createdAt, cutoff)))
        .returning({ storageKey: files.storageKey });
      await this.purge(rows.map((row) => row.storageKey));
      return rows.length;
    },

    /**
     * Deletes stored bytes no file row names: an upload cut off between storing its bytes and
     * recording them, or a deletion cut off after its commit. Only bytes written before
     * `writtenBefore`, so an upload in progress is left alone; image variants go with their original.
     */
    async sweepOrphans(writtenBefore: Date): Promise<number> {
      const cutoff = writtenBefore.getTime();
      const candidates = new Map<string, string[]>();
      for await (const { key, modifiedAt } of storage.list()) {
        const id = storedFileId(key);
        if (!id || modifiedAt.getTime() > cutoff) continue;
        candidates.set(id, [...(candidates.get(id) ?? []), key]);
      }
      let removed = 0;
      const ids = [...candidates.keys()];
      for (let start = 0; start < ids.length; start += ORPHAN_BATCH) {
        const batch = ids.slice(start, start + ORPHAN_BATCH);
        const known = new Set(
          (await db.select({ id: files.id }).from(files).where(inArray(files.id, batch))).map((row) => row.id),
        );
        for (const id of batch) {
          if (known.has(id)) continue;
          for (const key of candidates.get(id) ?? []) {
            await storage.delete(key);
            removed++;
          }
        }
      }
      return removed;
    },

    /** Cleans up after a crash: pieces of cut-off writes, then bytes no file row names. */
    async finishInterrupted(writtenBefore: Date): Promise<{ partial: number; orphans: number }> {
      const partial = await storage.sweepInterrupted();
      const orphans = await this.sweepOrphans(writtenBefore);
      return { partial, orphans };
    },

    open: storage.read.bind(storage),
  };
}

export type FileService = ReturnType<typeof createFileService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORPHAN_BATCH = 500;

/** The file id a storage key belongs to: `ab/<id>` for an original, `variants/<id>/…` for a variant. */
function storedFileId(key: string): string | null {
  const parts = key.split("/");
  const id = parts[0] === "variants" ? parts[1] : parts.length === 2 ? parts[1] : undefined;
  return id && isUuid(id) ? id : null;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Headers of every supported format sit well inside this many leading bytes. */
const IMAGE_HEADER_BYTES = 512 * 1024;

/** Reads only the image's leading bytes, so checking a 20 MB upload never holds it all in memory. */
async function imageDimensions(storage: FileStorage, key: string) {
  const sharp = await imageLibrary();
  let head: Uint8Array;
  try {
    head = await readAll(storage.read(key, { start: 0, end: IMAGE_HEADER_BYTES - 1 }));
  } catch (error) {
    // The storage failed, not the file: said as such, never as "not an image".
    throw new StorageFailedError(error);
  }
  try {
    const metadata = await sharp(head, { failOn: "none" }).metadata();
    // The size as shown: a phone photo stored sideways with an EXIF rotation is taller than wide.
    const { width, height } = metadata.autoOrient ?? metadata;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
