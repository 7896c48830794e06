import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { files } from "#app/server/db/schema";
import { parseEnv } from "#app/server/env.server";
import { MissingFileError, type FileRow } from "#app/server/files.server";
import { startRuntime, type Runtime } from "#app/server/runtime.server";

let runtime: Runtime;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vantage-admin-downloads-"));
  runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
});

afterAll(async () => {
  await runtime?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function stage(name: string, text = `contents of ${name}`): Promise<FileRow> {
  async function* body() {
    yield new TextEncoder().encode(text);
  }
  return runtime.files.stage({ body: body(), originalName: name, uploadedBy: null, requireImage: false });
}

function stored(file: FileRow): boolean {
  return fs.existsSync(path.join(dataDir, "files", file.storageKey));
}

async function fileRow(id: string) {
  const [row] = await runtime.database.db.select().from(files).where(eq(files.id, id));
  return row;
}

describe("general downloads (admin service)", () => {
  it("creates one from a staged file, which is then no longer staged", async () => {
    const file = await stage("manual.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload({ description: "Manual", fileId: file.id });
    const download = await runtime.services.downloadAdmin.getGeneralDownload(id);
    expect(download).toMatchObject({ description: "Manual", version: 1, file: { id: file.id, name: "manual.pdf" } });
    expect((await fileRow(file.id))?.staged).toBe(false);
  });

  it("writes nothing when the file is not a staged upload (gone, never uploaded or already used)", async () => {
    const before = await runtime.services.downloadAdmin.listGeneralDownloads();
    await expect(
      runtime.services.downloadAdmin.createGeneralDownload({ description: "Ghost", fileId: randomUUID() }),
    ).rejects.toBeInstanceOf(MissingFileError);
    await expect(
      runtime.services.downloadAdmin.createGeneralDownload({ description: "Bad id", fileId: "not-an-id" }),
    ).rejects.toBeInstanceOf(MissingFileError);
    const used = before[0];
    if (!used) throw new Error("no download to reuse");
    await expect(
      runtime.services.downloadAdmin.createGeneralDownload({ description: "Reused", fileId: used.file.id }),
    ).rejects.toBeInstanceOf(MissingFileError);
    expect(await runtime.services.downloadAdmin.listGeneralDownloads()).toEqual(before);
  });

  it("lists by description in natural order", async () => {
    for (const description of ["Guide 10", "guide 2", "Guide 1"]) {
      await runtime.services.downloadAdmin.createGeneralDownload({
        description,
        fileId: (await stage(`${description}.pdf`)).id,
      });
    }
    const order = (await runtime.services.downloadAdmin.listGeneralDownloads()).map((download) => download.description);
    expect(order.filter((description) => /guide/i.test(description))).toEqual(["Guide 1", "guide 2", "Guide 10"]);
  });

  it("replacing the file releases the old one and removes its bytes", async () => {
    const original = await stage("v1.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload({
      description: "Firmware",
      fileId: original.id,
    });
    const replacement = await stage("v2.pdf");
    await runtime.services.downloadAdmin.editGeneralDownload(id, {
      description: "Firmware 2",
      fileId: replacement.id,
      version: 1,
    });
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toMatchObject({
      description: "Firmware 2",
      version: 2,
      file: { id: replacement.id, name: "v2.pdf" },
    });
    expect(await fileRow(original.id)).toBeUndefined();
    expect(stored(original)).toBe(false);
    expect(stored(replacement)).toBe(true);

    // A description-only edit keeps the file.
    await runtime.services.downloadAdmin.editGeneralDownload(id, { description: "Firmware 3", fileId: "", version: 2 });
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toMatchObject({
      description: "Firmware 3",
      version: 3,
    });
    expect(stored(replacement)).toBe(true);
  });

  it("refuses a save on an old version and rolls back a save whose new file is gone", async () => {
    const file = await stage("sheet.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload({ description: "Sheet", fileId: file.id });
    await runtime.services.downloadAdmin.editGeneralDownload(id, { description: "Sheet (theirs)", version: 1 });

    const replacement = await stage("sheet-mine.pdf");
    await expect(
      runtime.services.downloadAdmin.editGeneralDownload(id, {
        description: "Sheet (mine)",
        fileId: replacement.id,
        version: 1,
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect((await fileRow(replacement.id))?.staged).toBe(true);

    await expect(
      runtime.services.downloadAdmin.editGeneralDownload(id, {
        description: "Sheet (lost file)",
        fileId: randomUUID(),
        version: 2,
      }),
    ).rejects.toBeInstanceOf(MissingFileError);
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toMatchObject({
      description: "Sheet (theirs)",
      version: 2,
    });
    expect(stored(file)).toBe(true);

    await expect(
      runtime.services.downloadAdmin.editGeneralDownload(randomUUID(), { description: "x", version: 1 }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("deletes a download with its file; an old version or a missing one is refused", async () => {
    const file = await stage("old.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload({ description: "Old", fileId: file.id });
    await expect(runtime.services.downloadAdmin.deleteGeneralDownload(id, 7)).rejects.toBeInstanceOf(ConflictError);
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toBeDefined();

    await runtime.services.downloadAdmin.deleteGeneralDownload(id, 1);
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toBeUndefined();
    expect(await fileRow(file.id)).toBeUndefined();
    expect(stored(file)).toBe(false);
    await expect(runtime.services.downloadAdmin.deleteGeneralDownload(id, 1)).rejects.toBeInstanceOf(NotFoundError);
  });
});
