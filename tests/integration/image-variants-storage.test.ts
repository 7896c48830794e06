import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CropRatio } from "#app/domain/images";
import type { FileRow } from "#app/server/files/files.server";
import { VariantSourceGoneError } from "#app/server/files/images.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { startTestRuntime } from "#tests/support/database";

let runtime: Runtime;
let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;

beforeAll(async () => {
  test = await startTestRuntime("pglite");
  runtime = test.runtime;
});

afterAll(async () => {
  await test?.close();
});

/** Whether anything is stored under `key`. */
async function isStored(key: string): Promise<boolean> {
  return (await runtime.storage.stat(key)) !== null;
}

async function storedVariants(fileId: string): Promise<string[]> {
  return (await test?.storage.keys(`variants/${fileId}/`)) ?? [];
}

async function stageImage(width: number, height: number): Promise<FileRow> {
  const png = await sharp({ create: { width, height, channels: 3, background: "#c81e1e" } })
    .png()
    .toBuffer();
  return runtime.files.stage({
    body: (async function* () {
      yield png;
    })(),
    originalName: "picture.png",
    uploadedBy: null,
    requireImage: true,
  });
}

/** Makes the variant for `width` (cut to `crop`'s shape when given) and returns its storage key. */
async function makeVariant(file: FileRow, width: 320 | 640, crop?: CropRatio): Promise<string> {
  const plan = runtime.images.plan(file, width, crop);
  if (!plan) throw new Error("no variant can be made of this file");
  await runtime.images.ensure(file, plan);
  return plan.key;
}

describe("image variants in storage", () => {
  it("go with their file when it is released and purged, cut ones too", async () => {
    const file = await stageImage(800, 600);
    const keys = [await makeVariant(file, 320), await makeVariant(file, 640), await makeVariant(file, 320, "16x9")];
    expect(keys[2]).toBe(`variants/${file.id}/16x9/320`);
    for (const key of keys) expect(await isStored(key)).toBe(true);

    const purged = await runtime.database.db.transaction((tx) => runtime.files.release(tx, [file.id]));
    expect(purged).toEqual([file.storageKey]);
    await runtime.files.purge(purged);

    expect(await isStored(file.storageKey)).toBe(false);
    expect(await storedVariants(file.id)).toEqual([]);
  });

  it("go with abandoned uploads when staged files are swept", async () => {
    const file = await stageImage(700, 500);
    const key = await makeVariant(file, 320);
    expect(await isStored(key)).toBe(true);

    expect(await runtime.files.sweepStaged(0)).toBeGreaterThanOrEqual(1);

    expect(await isStored(file.storageKey)).toBe(false);
    expect(await storedVariants(file.id)).toEqual([]);
  });

  it("are removed again when they were finished after their file was deleted", async () => {
    const file = await stageImage(640, 480);
    // The row is gone (its transaction committed) but the bytes are still being read for a variant.
    const purged = await runtime.database.db.transaction((tx) => runtime.files.release(tx, [file.id]));

    await expect(makeVariant(file, 320)).rejects.toBeInstanceOf(VariantSourceGoneError);
    expect(await storedVariants(file.id)).toEqual([]);
    await runtime.files.purge(purged);
  });

  it("are refused for an image whose pixels exceed the limit, even when its recorded size says otherwise", async () => {
    const file = await stageImage(6400, 6400);
    expect(runtime.images.plan(file, 320)).toBeNull();
    const understated = { ...file, width: 640, height: 640 };
    const plan = runtime.images.plan(understated, 320);
    expect(plan).not.toBeNull();
    await expect(runtime.images.ensure(understated, plan as NonNullable<typeof plan>)).rejects.toThrow(/pixel limit/i);
    expect(await storedVariants(file.id)).toEqual([]);
  });

  it("deleting a file that never had variants is quiet", async () => {
    const file = await runtime.files.stage({
      body: (async function* () {
        yield Buffer.from("%PDF-1.7\n");
      })(),
      originalName: "sheet.pdf",
      uploadedBy: null,
      requireImage: false,
    });
    const purged = await runtime.database.db.transaction((tx) => runtime.files.release(tx, [file.id]));
    await expect(runtime.files.purge(purged)).resolves.toBeUndefined();
    expect(await isStored(file.storageKey)).toBe(false);
  });
});
