import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { files } from "#app/server/db/schema";
import { DASHBOARD_PAGE_SIZE } from "#app/domain/paging";
import { MissingFileError, type FileRow } from "#app/server/files/files.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { startTestRuntime } from "#tests/support/database";
import { stageText } from "#tests/support/staged-files";
import { TEST_ORIGIN } from "#tests/support/origin";
import { purgeDeleted } from "#tests/support/revisions";

let runtime: Runtime;
let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;

beforeAll(async () => {
  test = await startTestRuntime("pglite");
  runtime = test.runtime;
});

afterAll(async () => {
  await test?.close();
});

function stage(name: string, text = `contents of ${name}`): Promise<FileRow> {
  return stageText(runtime, name, text);
}

async function stored(file: FileRow): Promise<boolean> {
  return (await runtime.storage.stat(file.storageKey)) !== null;
}

async function fileRow(id: string) {
  const [row] = await runtime.database.db.select().from(files).where(eq(files.id, id));
  return row;
}

describe("general downloads (admin service)", () => {
  it("creates one from a staged file, which is then no longer staged", async () => {
    const file = await stage("manual.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload(
      { description: "Manual", fileId: file.id },
      TEST_ORIGIN,
    );
    const download = await runtime.services.downloadAdmin.getGeneralDownload(id);
    expect(download).toMatchObject({ description: "Manual", version: 1, file: { id: file.id, name: "manual.pdf" } });
    expect((await fileRow(file.id))?.staged).toBe(false);
  });

  it("writes nothing when the file is not a staged upload (gone, never uploaded or already used)", async () => {
    const before = await runtime.services.downloadAdmin.listGeneralDownloads();
    await expect(
      runtime.services.downloadAdmin.createGeneralDownload({ description: "Ghost", fileId: randomUUID() }, TEST_ORIGIN),
    ).rejects.toBeInstanceOf(MissingFileError);
    await expect(
      runtime.services.downloadAdmin.createGeneralDownload({ description: "Bad id", fileId: "not-an-id" }, TEST_ORIGIN),
    ).rejects.toBeInstanceOf(MissingFileError);
    const used = before.items[0];
    if (!used) throw new Error("no download to reuse");
    await expect(
      runtime.services.downloadAdmin.createGeneralDownload(
        { description: "Reused", fileId: used.file.id },
        TEST_ORIGIN,
      ),
    ).rejects.toBeInstanceOf(MissingFileError);
    expect(await runtime.services.downloadAdmin.listGeneralDownloads()).toEqual(before);
  });

  it("lists by description in natural order", async () => {
    for (const description of ["Guide 10", "guide 2", "Guide 1"]) {
      await runtime.services.downloadAdmin.createGeneralDownload(
        {
          description,
          fileId: (await stage(`${description}.pdf`)).id,
        },
        TEST_ORIGIN,
      );
    }
    const order = (await runtime.services.downloadAdmin.listGeneralDownloads()).items.map(
      (download) => download.description,
    );
    expect(order.filter((description) => /guide/i.test(description))).toEqual(["Guide 1", "guide 2", "Guide 10"]);
  });

  it("lists a page at a time, searched by description or file name in any letter case", async () => {
    for (let n = 1; n <= DASHBOARD_PAGE_SIZE + 2; n += 1) {
      await runtime.services.downloadAdmin.createGeneralDownload(
        {
          description: `Bulk sheet ${n}`,
          fileId: (await stage(n === 7 ? "Ärger-Handbuch.pdf" : `bulk-${n}.pdf`)).id,
        },
        TEST_ORIGIN,
      );
    }
    const searched = await runtime.services.downloadAdmin.listGeneralDownloads({ search: "bulk SHEET" });
    expect(searched).toMatchObject({ total: DASHBOARD_PAGE_SIZE + 2, page: 1, pageCount: 2 });
    expect(searched.items.map((download) => download.description).slice(0, 3)).toEqual([
      "Bulk sheet 1",
      "Bulk sheet 2",
      "Bulk sheet 3",
    ]);
    const second = await runtime.services.downloadAdmin.listGeneralDownloads({ search: "bulk sheet", page: 2 });
    expect(second.items.map((download) => download.description)).toEqual([
      `Bulk sheet ${DASHBOARD_PAGE_SIZE + 1}`,
      `Bulk sheet ${DASHBOARD_PAGE_SIZE + 2}`,
    ]);
    // Past the end (an old link): the last page.
    expect(await runtime.services.downloadAdmin.listGeneralDownloads({ search: "bulk sheet", page: 9 })).toEqual(
      second,
    );
    const byFileName = await runtime.services.downloadAdmin.listGeneralDownloads({ search: "ärger" });
    expect(byFileName.items.map((download) => download.description)).toEqual(["Bulk sheet 7"]);
    expect(await runtime.services.downloadAdmin.listGeneralDownloads({ search: "no such sheet" })).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("replacing the file releases the old one and removes its bytes", async () => {
    const original = await stage("v1.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload(
      {
        description: "Firmware",
        fileId: original.id,
      },
      TEST_ORIGIN,
    );
    const replacement = await stage("v2.pdf");
    await runtime.services.downloadAdmin.editGeneralDownload(
      id,
      {
        description: "Firmware 2",
        fileId: replacement.id,
        version: 1,
      },
      TEST_ORIGIN,
    );
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toMatchObject({
      description: "Firmware 2",
      version: 2,
      file: { id: replacement.id, name: "v2.pdf" },
    });
    // The replaced file stays while a revision keeps it (a restore may need it).
    expect(await fileRow(original.id)).toBeDefined();
    expect(await stored(original)).toBe(true);
    expect(await stored(replacement)).toBe(true);

    // A description-only edit keeps the file.
    await runtime.services.downloadAdmin.editGeneralDownload(
      id,
      { description: "Firmware 3", fileId: "", version: 2 },
      TEST_ORIGIN,
    );
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toMatchObject({
      description: "Firmware 3",
      version: 3,
    });
    expect(await stored(replacement)).toBe(true);
  });

  it("refuses a save on an old version and rolls back a save whose new file is gone", async () => {
    const file = await stage("sheet.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload(
      { description: "Sheet", fileId: file.id },
      TEST_ORIGIN,
    );
    await runtime.services.downloadAdmin.editGeneralDownload(
      id,
      { description: "Sheet (theirs)", version: 1 },
      TEST_ORIGIN,
    );

    const replacement = await stage("sheet-mine.pdf");
    await expect(
      runtime.services.downloadAdmin.editGeneralDownload(
        id,
        {
          description: "Sheet (mine)",
          fileId: replacement.id,
          version: 1,
        },
        TEST_ORIGIN,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect((await fileRow(replacement.id))?.staged).toBe(true);

    await expect(
      runtime.services.downloadAdmin.editGeneralDownload(
        id,
        {
          description: "Sheet (lost file)",
          fileId: randomUUID(),
          version: 2,
        },
        TEST_ORIGIN,
      ),
    ).rejects.toBeInstanceOf(MissingFileError);
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toMatchObject({
      description: "Sheet (theirs)",
      version: 2,
    });
    expect(await stored(file)).toBe(true);

    await expect(
      runtime.services.downloadAdmin.editGeneralDownload(randomUUID(), { description: "x", version: 1 }, TEST_ORIGIN),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("deletes a download with its file; an old version or a missing one is refused", async () => {
    const file = await stage("old.pdf");
    const id = await runtime.services.downloadAdmin.createGeneralDownload(
      { description: "Old", fileId: file.id },
      TEST_ORIGIN,
    );
    await expect(runtime.services.downloadAdmin.deleteGeneralDownload(id, 7, TEST_ORIGIN)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toBeDefined();

    await runtime.services.downloadAdmin.deleteGeneralDownload(id, 1, TEST_ORIGIN);
    expect(await runtime.services.downloadAdmin.getGeneralDownload(id)).toBeUndefined();
    // Kept while Recently deleted can restore it, gone once it is purged.
    expect(await stored(file)).toBe(true);
    await purgeDeleted(runtime, id);
    expect(await fileRow(file.id)).toBeUndefined();
    expect(await stored(file)).toBe(false);
    await expect(runtime.services.downloadAdmin.deleteGeneralDownload(id, 1, TEST_ORIGIN)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
