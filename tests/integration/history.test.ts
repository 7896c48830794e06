import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestoreRefusedError } from "#app/server/admin/write.server";
import { MAX_REVISIONS_PER_RECORD } from "#app/server/admin/revisions.server";
import type { ProductInput } from "#app/server/admin/products.server";
import { ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { categories, categoryFeatures, files, productDownloads, products, revisions } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { stageImage, stageText } from "#tests/support/staged-files";

describe.each(DATABASE_KINDS)("revision history and Recently deleted on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let cameras: { id: string; features: { id: string; label: string }[] };

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const id = await runtime.services.categoryAdmin.createCategory(
      {
        name: "Cameras",
        description: "",
        features: [
          { id: undefined, label: "PoE" },
          { id: undefined, label: "4K" },
          { id: undefined, label: "Audio" },
        ],
      },
      TEST_ORIGIN,
    );
    const features = await runtime.database.db
      .select({ id: categoryFeatures.id, label: categoryFeatures.label })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.categoryId, id));
    cameras = { id, features };
  });
  afterAll(async () => {
    await test?.close();
  });

  const feature = (label: string) => cameras.features.find((candidate) => candidate.label === label)?.id ?? "";

  const image = (name: string, color: string) => stageImage(runtime, name, color);

  async function versionOf(id: string) {
    const [row] = await runtime.database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, id));
    return row?.version ?? 0;
  }

  async function fileStored(id: string) {
    const [row] = await runtime.database.db.select().from(files).where(eq(files.id, id));
    return row ? ((await test?.storage.read(row.storageKey))?.length ?? 0) : null;
  }

  function baseInput(overrides: Partial<ProductInput>): ProductInput {
    return {
      categoryId: cameras.id,
      model: "VX-100",
      description: "Dome camera",
      specs: null,
      specsTable: null,
      ndaa: true,
      featureIds: [feature("PoE")],
      additionalImages: [],
      accessoryIds: [],
      downloads: [],
      ...overrides,
    };
  }

  it("keeps each save of a product with what changed, and restores the first as a new revision", async () => {
    const { productAdmin, revisions: history, history: restore } = runtime.services;
    const first = await image("front.png", "#123456");
    const manual = await stageText(runtime, "manual.pdf", "manual v1");
    const { id } = await productAdmin.createProduct(
      baseInput({
        imageFileId: first,
        specsTable: [
          ["Resolution", "4 MP"],
          ["Lens", "2.8 mm"],
        ],
        downloads: [{ fileId: manual.id, description: "Manual" }],
      }),
      TEST_ORIGIN,
    );

    // 1: model and features.
    await productAdmin.updateProduct(
      id,
      await versionOf(id),
      baseInput({ model: "VX-200", featureIds: [feature("PoE"), feature("4K")], specsTable: undefined, downloads: [] }),
      TEST_ORIGIN,
    );
    // 2: a new main picture, the manual replaced.
    const second = await image("side.png", "#654321");
    const manual2 = await stageText(runtime, "manual-v2.pdf", "manual v2");
    await productAdmin.updateProduct(
      id,
      await versionOf(id),
      baseInput({
        model: "VX-200",
        featureIds: [feature("PoE"), feature("4K")],
        imageFileId: second,
        specsTable: undefined,
        downloads: [{ fileId: manual2.id, description: "Manual" }],
      }),
      TEST_ORIGIN,
    );
    // 3: a specifications row changed, a feature removed.
    await productAdmin.updateProduct(
      id,
      await versionOf(id),
      baseInput({
        model: "VX-200",
        featureIds: [feature("4K")],
        specsTable: [
          ["Resolution", "8 MP"],
          ["Lens", "2.8 mm"],
        ],
        downloads: [],
      }),
      TEST_ORIGIN,
    );

    const entries = await history.history("product", id);
    expect(entries.map((entry) => [entry.number, entry.kind, entry.person])).toEqual([
      [4, "updated", "tests@vantage.test"],
      [3, "updated", "tests@vantage.test"],
      [2, "updated", "tests@vantage.test"],
      [1, "created", "tests@vantage.test"],
    ]);
    const [fourth, third, secondEntry] = entries;
    expect(secondEntry?.changes).toEqual([
      { kind: "changed", label: "Model", before: "VX-100", after: "VX-200" },
      { kind: "added", label: "Features", items: ["4K"] },
      { kind: "removed", label: "Downloads", items: ["Manual — manual.pdf (9 bytes) · Other"] },
    ]);
    expect(third?.changes).toEqual([
      {
        kind: "changed",
        label: "Main picture",
        before: expect.stringMatching(/^front\.png \(\d+ bytes\)$/),
        after: expect.stringMatching(/^side\.png \(\d+ bytes\)$/),
      },
      { kind: "added", label: "Downloads", items: ["Manual — manual-v2.pdf (9 bytes) · Other"] },
    ]);
    expect(fourth?.changes).toEqual([
      { kind: "removed", label: "Features", items: ["PoE"] },
      { kind: "removed", label: "Downloads", items: ["Manual — manual-v2.pdf (9 bytes) · Other"] },
      { kind: "table", added: ["Resolution | 8 MP"], removed: ["Resolution | 4 MP"] },
    ]);
    // Files the product let go are kept while a revision needs them, but no longer served.
    expect(await fileStored(first)).toBeGreaterThan(0);
    expect(await fileStored(manual.id)).toBe(9);
    expect(await runtime.files.servable(first)).toBeUndefined();
    expect(await runtime.files.servable(manual.id)).toBeUndefined();

    // A restore over a version someone has saved past is a conflict, like an edit.
    const firstRevision = entries.at(-1)?.id ?? "";
    const stale = (await versionOf(id)) - 1;
    await expect(restore.restoreRevision("product", id, firstRevision, stale, TEST_ORIGIN)).rejects.toThrow(
      ConflictError,
    );

    await restore.restoreRevision("product", id, firstRevision, await versionOf(id), TEST_ORIGIN);
    const product = await runtime.services.catalog.getProduct(id);
    expect(product?.model).toBe("VX-100");
    const [row] = await runtime.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.imageFileId).toBe(first);
    expect(row?.specsTable).toEqual([
      ["Resolution", "4 MP"],
      ["Lens", "2.8 mm"],
    ]);
    const downloads = await runtime.database.db
      .select()
      .from(productDownloads)
      .where(eq(productDownloads.productId, id));
    expect(downloads.map((download) => [download.fileId, download.description])).toEqual([[manual.id, "Manual"]]);
    // Taken back, they are served again; those the restore let go are not.
    expect(await runtime.files.servable(first)).toBeDefined();
    expect(await runtime.files.servable(manual.id)).toBeDefined();
    expect(await runtime.files.servable(second)).toBeUndefined();

    const after = await history.history("product", id);
    expect(after).toHaveLength(5);
    expect(after[0]).toMatchObject({ number: 5, kind: "restored" });
    const [restored] = (await runtime.services.auditLog.list({ record: id, kind: "restored" }, 1)).items;
    expect(restored?.details).toBe("revision: 1");
  });

  it("brings a deleted product back whole from Recently deleted, and refuses when its model is taken", async () => {
    const { productAdmin, revisions: history, history: restore } = runtime.services;
    const accessory = await productAdmin.createProduct(
      baseInput({ model: "MOUNT-1", imageFileId: await image("mount.png", "#aaaaaa") }),
      TEST_ORIGIN,
    );
    const manual = await stageText(runtime, "guide.pdf", "the guide");
    const { id } = await productAdmin.createProduct(
      baseInput({
        model: "GONE-1",
        imageFileId: await image("gone.png", "#bbbbbb"),
        additionalImages: [{ fileId: await image("back.png", "#cccccc"), alt: "The back" }],
        downloads: [{ fileId: manual.id, description: "Guide" }],
        accessoryIds: [accessory.id],
        featureIds: [feature("Audio")],
      }),
      TEST_ORIGIN,
    );
    await productAdmin.deleteProduct(id, await versionOf(id), TEST_ORIGIN);
    expect(await runtime.services.catalog.getProduct(id)).toBeNull();
    expect(await fileStored(manual.id)).toBe(9);

    const deleted = (await history.recentlyDeleted()).find((entry) => entry.recordId === id);
    expect(deleted).toMatchObject({ recordType: "product", label: "GONE-1", person: "tests@vantage.test" });

    // Someone has taken the model since: the restore says so and changes nothing.
    const squatter = await productAdmin.createProduct(
      baseInput({ model: "gone-1", imageFileId: await image("x.png", "#dddddd") }),
      TEST_ORIGIN,
    );
    await expect(restore.restoreDeleted("product", id, deleted?.id ?? "", TEST_ORIGIN)).rejects.toThrow(
      RestoreRefusedError,
    );
    await productAdmin.deleteProduct(squatter.id, await versionOf(squatter.id), TEST_ORIGIN);

    await restore.restoreDeleted("product", id, deleted?.id ?? "", TEST_ORIGIN);
    // A second click, or a page left open: it is back already.
    await expect(restore.restoreDeleted("product", id, deleted?.id ?? "", TEST_ORIGIN)).rejects.toThrow(NotFoundError);
    await expect(restore.restoreRevision("product", id, "not-a-revision", 1, TEST_ORIGIN)).rejects.toThrow(
      NotFoundError,
    );
    const back = await runtime.services.catalog.getProduct(id);
    expect(back?.model).toBe("GONE-1");
    expect(back?.features.map((item) => item.label)).toEqual(["Audio"]);
    expect(back?.accessories.map((item) => item.model)).toEqual(["MOUNT-1"]);
    expect(back?.downloads.map((item) => [item.description, item.file.name])).toEqual([["Guide", "guide.pdf"]]);
    expect(back?.additionalImages.map((item) => item.alt)).toEqual(["The back"]);
    expect(await fileStored(manual.id)).toBe(9);
    expect((await history.recentlyDeleted()).find((entry) => entry.recordId === id)).toBeUndefined();
    expect((await history.history("product", id))[0]).toMatchObject({ kind: "restored" });
  });

  it("keeps categories, downloads, home page items and the settings the same way", async () => {
    const {
      categoryAdmin,
      downloadAdmin,
      infoItemAdmin,
      settings,
      revisions: history,
      history: restore,
    } = runtime.services;
    const categoryId = await categoryAdmin.createCategory(
      { name: "Lenses", description: "Glass", features: [{ id: undefined, label: "Zoom" }] },
      TEST_ORIGIN,
    );
    const version = async () =>
      (await runtime.database.db.select().from(categories).where(eq(categories.id, categoryId)))[0]?.version ?? 0;
    await categoryAdmin.updateCategory(
      categoryId,
      await version(),
      { name: "Optics", description: "Glass", features: [] },
      TEST_ORIGIN,
    );
    const [latest, original] = await history.history("category", categoryId);
    expect(latest?.changes).toEqual([
      { kind: "changed", label: "Name", before: "Lenses", after: "Optics" },
      { kind: "removed", label: "Features", items: ["Zoom"] },
    ]);
    await restore.restoreRevision("category", categoryId, original?.id ?? "", await version(), TEST_ORIGIN);
    expect((await runtime.services.catalog.getCategory(categoryId))?.name).toBe("Lenses");
    await categoryAdmin.deleteCategory(categoryId, await version(), TEST_ORIGIN);
    const gone = (await history.recentlyDeleted()).find((entry) => entry.recordId === categoryId);
    await restore.restoreDeleted("category", categoryId, gone?.id ?? "", TEST_ORIGIN);
    expect((await runtime.services.catalog.getCategory(categoryId))?.features.map((item) => item.label)).toEqual([
      "Zoom",
    ]);

    const file = await stageText(runtime, "tool.zip", "tool v1");
    const downloadId = await downloadAdmin.createGeneralDownload(
      { description: "Tool", kind: "software", fileId: file.id },
      TEST_ORIGIN,
    );
    const replacement = await stageText(runtime, "tool-2.zip", "tool v2");
    await downloadAdmin.editGeneralDownload(
      downloadId,
      { description: "Tool 2", kind: "manual", fileId: replacement.id, version: 1 },
      TEST_ORIGIN,
    );
    const [edited, made] = await history.history("download", downloadId);
    expect(edited?.changes).toContainEqual({ kind: "changed", label: "Type", before: "Software", after: "Manual" });
    await restore.restoreRevision("download", downloadId, made?.id ?? "", 2, TEST_ORIGIN);
    expect(await downloadAdmin.getGeneralDownload(downloadId)).toMatchObject({
      description: "Tool",
      kind: "software",
      file: expect.objectContaining({ name: "tool.zip" }),
    });
    // An edit that says nothing of the type keeps it.
    await downloadAdmin.editGeneralDownload(downloadId, { description: "Tool 3", version: 3 }, TEST_ORIGIN);
    expect((await downloadAdmin.getGeneralDownload(downloadId))?.kind).toBe("software");

    const itemId = await infoItemAdmin.createInfoItem("banner", { content: "Summer sale" }, TEST_ORIGIN);
    await infoItemAdmin.updateInfoItem(itemId, 1, { content: "Winter sale" }, TEST_ORIGIN);
    const [winter, summer] = await history.history("home-item", itemId);
    expect(winter?.changes).toEqual([{ kind: "changed", label: "Text", before: "Summer sale", after: "Winter sale" }]);
    await restore.restoreRevision("home-item", itemId, summer?.id ?? "", 2, TEST_ORIGIN);
    expect((await runtime.services.infoItems.getInfoItem(itemId))?.content).toBe("Summer sale");

    const before = await settings.getSiteSettings();
    await settings.saveSiteSettings({ ...before, companyName: "Acme Vision" }, TEST_ORIGIN);
    const [renamed, baseline] = await history.history("settings", "site");
    expect(baseline).toMatchObject({ number: 1, person: null });
    expect(renamed?.changes).toEqual([
      { kind: "changed", label: "Company name", before: before.companyName, after: "Acme Vision" },
    ]);
    await restore.restoreRevision("settings", "site", baseline?.id ?? "", 0, TEST_ORIGIN);
    expect((await settings.getSiteSettings()).companyName).toBe(before.companyName);
  });

  it("starts the history of a record saved before revisions were kept with the state it had", async () => {
    const { productAdmin, revisions: history } = runtime.services;
    const { id } = await productAdmin.createProduct(
      baseInput({ model: "OLD-1", imageFileId: await image("old.png", "#eeeeee") }),
      TEST_ORIGIN,
    );
    // As if made by an older version of the site: no revisions.
    await runtime.database.db.delete(revisions).where(eq(revisions.recordId, id));
    await productAdmin.updateProduct(id, await versionOf(id), baseInput({ model: "OLD-2" }), TEST_ORIGIN);
    const [saved, baseline] = await history.history("product", id);
    expect(baseline).toMatchObject({ number: 1, kind: "created", person: null, label: "OLD-1" });
    expect(saved?.changes).toEqual([{ kind: "changed", label: "Model", before: "OLD-1", after: "OLD-2" }]);
  });

  it("keeps the newest revisions of a record, and lets go of the files only older ones kept", async () => {
    const { downloadAdmin, revisions: history } = runtime.services;
    const uploads = [await stageText(runtime, "v0.bin", "version 0")];
    const id = await downloadAdmin.createGeneralDownload(
      { description: "Nightly", fileId: uploads[0]?.id ?? "" },
      TEST_ORIGIN,
    );
    for (let save = 1; save <= MAX_REVISIONS_PER_RECORD; save++) {
      const upload = await stageText(runtime, `v${save}.bin`, `version ${save}`);
      uploads.push(upload);
      await downloadAdmin.editGeneralDownload(
        id,
        { description: "Nightly", fileId: upload.id, version: save },
        TEST_ORIGIN,
      );
    }
    const kept = await history.history("download", id);
    expect(kept).toHaveLength(MAX_REVISIONS_PER_RECORD);
    expect(kept.at(-1)?.number).toBe(2);
    expect(await fileStored(uploads[0]?.id ?? "")).toBeNull();
    expect(await test?.storage.keys()).not.toContain(uploads[0]?.storageKey);
    expect(await fileStored(uploads[1]?.id ?? "")).toBeGreaterThan(0);

    // A file the record keeps using through more saves than that stays, and stays served.
    const steady = await stageText(runtime, "steady.pdf", "steady");
    const steadyId = await downloadAdmin.createGeneralDownload(
      { description: "Steady 0", fileId: steady.id },
      TEST_ORIGIN,
    );
    for (let save = 1; save <= MAX_REVISIONS_PER_RECORD + 1; save++) {
      await downloadAdmin.editGeneralDownload(steadyId, { description: `Steady ${save}`, version: save }, TEST_ORIGIN);
    }
    expect(await history.history("download", steadyId)).toHaveLength(MAX_REVISIONS_PER_RECORD);
    expect(await runtime.files.servable(steady.id)).toBeDefined();
  });

  it("purges a record deleted longer ago than Recently deleted keeps it, with its files, once", async () => {
    const { downloadAdmin, revisions: history } = runtime.services;
    const file = await stageText(runtime, "old-notes.txt", "old notes");
    const id = await downloadAdmin.createGeneralDownload({ description: "Old notes", fileId: file.id }, TEST_ORIGIN);
    await downloadAdmin.deleteGeneralDownload(id, 1, TEST_ORIGIN);
    const [stored] = await runtime.database.db.select().from(files).where(eq(files.id, file.id));
    expect(stored).toBeDefined();
    await runtime.database.db.execute(
      sql`update ${revisions} set at = now() - interval '31 days' where record_id = ${id}`,
    );
    const [first, second] = await Promise.all([history.purgeExpired(), history.purgeExpired()]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await history.purgeExpired()).toBe(0);
    expect(await runtime.database.db.select().from(revisions).where(eq(revisions.recordId, id))).toEqual([]);
    expect(await runtime.database.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
    expect(await test?.storage.keys()).not.toContain(stored?.storageKey);
  });
});
