import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileService, NotAnImageError, StorageFailedError } from "#app/server/files/files.server";
import type { FileStorage } from "#app/server/files/storage.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { startTestRuntime } from "#tests/support/database";

/** `storage` whose reads fail (an S3 server gone between the write and the read back), writes kept. */
function failingReads(storage: FileStorage): FileStorage {
  return new Proxy(storage, {
    get(target, property) {
      if (property === "read") {
        return () =>
          new Readable({
            read() {
              this.destroy(new Error("connection reset"));
            },
          });
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Every key the storage holds. */
async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const stored of storage.list()) keys.push(stored.key);
  return keys.sort();
}

describe("an image whose size cannot be read back from the storage", () => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    started = await startTestRuntime("pglite");
    runtime = started.runtime;
  });
  afterAll(async () => {
    await started?.close();
  });

  it("is a storage failure, not 'not an image', and leaves nothing behind", async () => {
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const files = createFileService({
      db: runtime.database.db,
      storage: failingReads(runtime.storage),
      logger: runtime.logger,
    });
    const before = await keysOf(runtime.storage);
    const failed = await files
      .stage({ body: Readable.from([png]), originalName: "front.png", uploadedBy: null, requireImage: true })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(StorageFailedError);
    expect(failed).not.toBeInstanceOf(NotAnImageError);
    expect(await keysOf(runtime.storage)).toEqual(before);
    // With reads that work, the same bytes are an image of their size.
    const stored = await createFileService({
      db: runtime.database.db,
      storage: runtime.storage,
      logger: runtime.logger,
    }).stage({ body: Readable.from([png]), originalName: "front.png", uploadedBy: null, requireImage: true });
    expect([stored.width, stored.height]).toEqual([4, 3]);
  });
});
