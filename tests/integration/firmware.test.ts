import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConflictError } from "#app/server/admin/write.server";
import type { ProductInput } from "#app/server/admin/products.server";
import { auditLog, files, firmwareReleases, products } from "#app/server/db/schema";
import { releaseView, type FirmwareInput } from "#app/server/admin/firmware.server";
import { parseMarkdown } from "#app/domain/markdown";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { allNoticesHeard, selectsBy } from "#tests/support/queries";
import { stageImage, stageText } from "#tests/support/staged-files";
import { productEditForm } from "#tests/support/products";

describe.each(DATABASE_KINDS)("firmware releases on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  const productIds: string[] = [];

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const { categoryAdmin, productAdmin } = runtime.services;
    const categoryId = await categoryAdmin.createCategory({ name: "Cams", description: "", features: [] }, TEST_ORIGIN);
    for (const model of ["CAM-A", "CAM-B", "CAM-C"]) {
      const { id } = await productAdmin.createProduct(
        {
          categoryId,
          model,
          description: "",
          specs: null,
          specsTable: null,
          ndaa: true,
          featureIds: [],
          imageFileId: await stageImage(runtime, `${model}.png`, "#123456"),
          additionalImages: [],
          accessoryIds: [],
          downloads: [],
          publication: model === "CAM-C" ? { status: "draft" } : undefined,
        },
        TEST_ORIGIN,
      );
      productIds.push(id);
    }
  });
  afterAll(async () => {
    await test?.close();
  });

  async function release(overrides: Partial<FirmwareInput>): Promise<string> {
    const file = await stageText(runtime, "fw.bin", `firmware ${Math.random()}`);
    return runtime.services.firmware.create(
      {
        releaseVersion: "2.0.0",
        releasedOn: "2026-10-01",
        channel: "stable",
        notes: "Fixes.",
        fileId: file.id,
        productIds: productIds.slice(0, 2),
        ...overrides,
      },
      TEST_ORIGIN,
    );
  }

  it("lists releases newest first per product and channel; a beta never replaces the latest stable", async () => {
    const { firmware } = runtime.services;
    const [a = "", b = "", c = ""] = productIds;
    await release({ releaseVersion: "1.0.0", releasedOn: "2026-01-10" });
    const stable = await release({ releaseVersion: "2.0.0", releasedOn: "2026-06-01", productIds: [a, b, c] });
    await release({ releaseVersion: "2.1.0-beta", releasedOn: "2026-07-01", channel: "beta" });
    await release({
      releaseVersion: "3.0.0",
      releasedOn: "2026-08-01",
      productIds: [a],
      publication: { status: "draft" },
    });

    expect((await firmware.latestStable(a))?.id).toBe(stable);
    expect((await firmware.latestStable(b))?.releaseVersion).toBe("2.0.0");
    const forA = await firmware.list({ productId: a });
    expect(forA.items.map((item) => item.releaseVersion)).toEqual(["2.1.0-beta", "2.0.0", "1.0.0"]);
    expect((await firmware.list({ productId: a, channel: "beta" })).items.map((item) => item.releaseVersion)).toEqual([
      "2.1.0-beta",
    ]);
    // A draft product is not named to visitors; the dashboard names every product.
    const shown = forA.items.find((item) => item.id === stable);
    expect(shown?.products.map((product) => product.model)).toEqual(["CAM-A", "CAM-B"]);
    expect((await firmware.get(stable))?.products.map((product) => product.model)).toEqual(["CAM-A", "CAM-B", "CAM-C"]);
    expect((await firmware.list({ drafts: true })).total).toBe(4);
    expect(shown?.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The draft's file is not public.
    const [draftRow] = await runtime.database.db
      .select({ draft: files.draft })
      .from(firmwareReleases)
      .innerJoin(files, eq(files.id, firmwareReleases.fileId))
      .where(eq(firmwareReleases.releaseVersion, "3.0.0"));
    expect(draftRow?.draft).toBe(true);
    expect((await firmware.list({ productId: "not-an-id" })).total).toBe(0);
  });

  it("saves over the version it was opened at, audits each write and keeps the file while used", async () => {
    const { firmware } = runtime.services;
    const id = await release({ releaseVersion: "4.0.0" });
    const opened = await firmware.get(id);
    if (!opened) throw new Error("no release");
    const input: FirmwareInput = {
      releaseVersion: "4.0.1",
      releasedOn: opened.releasedOn,
      channel: "stable",
      notes: "Hotfix.",
      productIds: [productIds[0] ?? ""],
    };
    await firmware.update(id, opened.version, input, TEST_ORIGIN);
    await expect(firmware.update(id, opened.version, input, TEST_ORIGIN)).rejects.toBeInstanceOf(ConflictError);
    const saved = await firmware.get(id);
    expect(saved?.releaseVersion).toBe("4.0.1");
    expect(saved?.file.id).toBe(opened.file.id);
    await firmware.remove(id, saved?.version ?? 0, TEST_ORIGIN);
    expect(await firmware.get(id)).toBeNull();
    const logged = await runtime.database.db
      .select({ kind: auditLog.kind })
      .from(auditLog)
      .where(eq(auditLog.recordId, id));
    expect(logged.map((entry) => entry.kind).sort()).toEqual(["created", "deleted", "updated"]);
  });

  it("publishes a scheduled release at its time, through the same scheduler", async () => {
    const { firmware, scheduler } = runtime.services;
    const id = await release({
      releaseVersion: "5.0.0",
      publication: { status: "scheduled", publishAt: new Date(Date.now() + 60 * 60 * 1000) },
    });
    expect((await firmware.list({})).items.some((item) => item.id === id)).toBe(false);
    await runtime.database.db
      .update(firmwareReleases)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(firmwareReleases.id, id));
    expect(await scheduler.publishDue()).toBe(1);
    expect((await firmware.get(id))?.publication.status).toBe("published");
    expect((await firmware.list({})).items.some((item) => item.id === id)).toBe(true);
  });

  it("keeps each save as a revision; a deleted release comes back whole from Recently deleted", async () => {
    const { firmware, revisions, history } = runtime.services;
    const id = await release({ releaseVersion: "6.0.0", notes: "First notes." });
    const opened = await firmware.get(id);
    if (!opened) throw new Error("no release");
    await firmware.update(
      id,
      opened.version,
      {
        releaseVersion: "6.0.1",
        releasedOn: opened.releasedOn,
        channel: "stable",
        notes: "Second notes.",
        productIds: [productIds[0] ?? ""],
      },
      TEST_ORIGIN,
    );
    const kept = await revisions.history("firmware", id);
    expect(kept[0]?.changes).toEqual(
      expect.arrayContaining([
        { kind: "changed", label: "Version", before: "6.0.0", after: "6.0.1" },
        { kind: "removed", label: "Products", items: ["CAM-B"] },
      ]),
    );
    const saved = await firmware.get(id);
    await firmware.remove(id, saved?.version ?? 0, TEST_ORIGIN);
    const deleted = (await revisions.recentlyDeleted()).find((entry) => entry.recordId === id);
    expect(deleted).toBeDefined();
    await history.restoreDeleted("firmware", id, deleted?.id ?? "", TEST_ORIGIN);
    const back = await firmware.get(id);
    expect([back?.releaseVersion, back?.notes, back?.products.map((product) => product.model)]).toEqual([
      "6.0.1",
      "Second notes.",
      ["CAM-A"],
    ]);
    const [file] = await runtime.database.db
      .select()
      .from(files)
      .where(eq(files.id, back?.file.id ?? ""));
    expect(file?.retired).toBe(false);
  });

  it("shows visitors no release for products they cannot see, and saves none for no product", async () => {
    const { firmware } = runtime.services;
    const draftProduct = productIds[2] ?? "";
    const hidden = await release({ releaseVersion: "7.0.0-unannounced", productIds: [draftProduct] });
    expect((await firmware.list({})).items.some((item) => item.id === hidden)).toBe(false);
    expect((await firmware.list({ drafts: true })).items.some((item) => item.id === hidden)).toBe(true);
    const file = await stageText(runtime, "fw.bin", "for nobody");
    await expect(
      firmware.create(
        {
          releaseVersion: "7.0.1",
          releasedOn: "2026-10-01",
          channel: "stable",
          notes: "",
          fileId: file.id,
          productIds: ["00000000-0000-4000-8000-000000000099"],
        },
        TEST_ORIGIN,
      ),
    ).rejects.toMatchObject({ field: "productIds", message: "Choose at least one product" });
  });

  it("serves a release's file to visitors only while it is on a published product", async () => {
    const { firmware, productAdmin, revisions, history } = runtime.services;
    const draftOf = async (releaseId: string) => {
      const [file] = await runtime.database.db
        .select({ draft: files.draft })
        .from(files)
        .innerJoin(firmwareReleases, eq(firmwareReleases.fileId, files.id))
        .where(eq(firmwareReleases.id, releaseId));
      return file?.draft;
    };
    const versionOf = async (productId: string) =>
      (await runtime.database.db.select().from(products).where(eq(products.id, productId)))[0]?.version ?? 0;
    const [cams] = await runtime.database.db.select({ id: products.categoryId }).from(products).limit(1);
    const input: ProductInput = {
      categoryId: cams?.id ?? "",
      model: "CAM-E",
      description: "",
      specs: null,
      specsTable: null,
      ndaa: true,
      featureIds: [],
      imageFileId: await stageImage(runtime, "CAM-E.png", "#654321"),
      additionalImages: [],
      accessoryIds: [],
      downloads: [],
    };
    const { id: productId } = await productAdmin.createProduct(
      { ...input, publication: { status: "draft" } },
      TEST_ORIGIN,
    );
    const releaseId = await release({ releaseVersion: "8.0.0", productIds: [productId] });
    expect(await draftOf(releaseId)).toBe(true);

    const { imageFileId: _kept, ...unchangedImage } = input;
    await productAdmin.updateProduct(
      productId,
      await versionOf(productId),
      { ...unchangedImage, publication: { status: "published" } },
      TEST_ORIGIN,
    );
    expect(await draftOf(releaseId)).toBe(false);

    // Deleted, the product takes its release's file away from visitors; brought back, it is on the release again.
    await productAdmin.deleteProduct(productId, await versionOf(productId), TEST_ORIGIN);
    expect(await draftOf(releaseId)).toBe(true);
    expect((await firmware.get(releaseId))?.products).toEqual([]);
    const deleted = (await revisions.recentlyDeleted()).find((entry) => entry.recordId === productId);
    await history.restoreDeleted("product", productId, deleted?.id ?? "", TEST_ORIGIN);
    expect((await firmware.get(releaseId))?.products.map((product) => product.model)).toEqual(["CAM-E"]);
    expect(await draftOf(releaseId)).toBe(false);
  });
  it("carries an SBOM checked to be CycloneDX or SPDX JSON: kept, replaced, removed, restored, public with the release", async () => {
    const { firmware, history, revisions } = runtime.services;
    const cycloneDx = await stageText(
      runtime,
      "fw.cdx.json",
      JSON.stringify({ bomFormat: "CycloneDX", specVersion: "1.6", version: 1, components: [] }),
    );
    const id = await release({ releaseVersion: "9.0.0", sbom: { fileId: cycloneDx.id } });
    const made = await firmware.get(id);
    expect(made?.sbom).toMatchObject({ format: "CycloneDX 1.6", name: "fw.cdx.json" });
    const view = releaseView(made ?? (await Promise.reject(new Error("no release"))));
    expect(view.sbom).toEqual({ url: made?.sbom?.url, format: "CycloneDX 1.6" });
    const sbomDraft = async () =>
      (await runtime.database.db.select({ draft: files.draft }).from(files).where(eq(files.id, cycloneDx.id)))[0]
        ?.draft;
    // Public while the release is: its file's rule.
    expect(await sbomDraft()).toBe(false);

    // Anything else is refused, naming the field; nothing is written.
    const notSbom = await stageText(runtime, "package.json", JSON.stringify({ name: "x", version: "1.0.0" }));
    const base = {
      releaseVersion: "9.0.0",
      releasedOn: "2026-10-01",
      channel: "stable" as const,
      notes: "Fixes.",
      productIds: productIds.slice(0, 2),
    };
    await expect(firmware.update(id, 1, { ...base, sbom: { fileId: notSbom.id } }, TEST_ORIGIN)).rejects.toMatchObject({
      field: "sbomFileId",
    });
    expect((await firmware.get(id))?.version).toBe(1);

    // An edit that says nothing of it keeps it; another replaces it; null removes it.
    await firmware.update(id, 1, { ...base, notes: "More fixes." }, TEST_ORIGIN);
    expect((await firmware.get(id))?.sbom?.format).toBe("CycloneDX 1.6");
    const spdx = await stageText(
      runtime,
      "fw.spdx.json",
      JSON.stringify({
        spdxVersion: "SPDX-2.3",
        SPDXID: "SPDXRef-DOCUMENT",
        dataLicense: "CC0-1.0",
        name: "fw",
        documentNamespace: "https://vantage.example/spdx/fw",
        creationInfo: { created: "2026-01-01T00:00:00Z", creators: ["Tool: test"] },
      }),
    );
    await firmware.update(id, 2, { ...base, sbom: { fileId: spdx.id } }, TEST_ORIGIN);
    expect((await firmware.get(id))?.sbom).toMatchObject({ format: "SPDX 2.3", name: "fw.spdx.json" });
    await firmware.update(id, 3, { ...base, sbom: null }, TEST_ORIGIN);
    expect((await firmware.get(id))?.sbom).toBeNull();

    // History names each; a restore brings the first back.
    const entries = await revisions.history("firmware", id);
    expect(entries[0]?.changes).toContainEqual(
      expect.objectContaining({ kind: "changed", label: "SBOM", after: "None" }),
    );
    const first = entries.at(-1);
    await history.restoreRevision("firmware", id, first?.id ?? "", 4, TEST_ORIGIN);
    expect((await firmware.get(id))?.sbom).toMatchObject({ format: "CycloneDX 1.6", id: cycloneDx.id });
  });

  it("keeps what visitors see in memory, read again only after a change, however it is made", async () => {
    const { firmware } = runtime.services;
    const [a = "", b = ""] = productIds;
    const queriesOf = (read: () => Promise<unknown>) => selectsBy(runtime.database.db, read);
    const visible = () => firmware.list({});
    const kept = await release({ releaseVersion: "9.0.0", releasedOn: "2026-11-01", productIds: [a, b] });
    // Once the notices of the writes above are in, the list, a product's list and its latest cost no query.
    await expect.poll(() => queriesOf(visible)).toBe(0);
    expect(await queriesOf(() => firmware.list({ productId: a, channel: "stable", page: 2 }))).toBe(0);
    expect(await queriesOf(() => firmware.latestStable(b))).toBe(0);
    expect((await visible()).items[0]?.id).toBe(kept);
    // Its notes are read from Markdown once, not for every page that shows them.
    const shownView = async () => (await visible()).items.map(releaseView)[0];
    expect(await shownView()).toBe(await shownView());

    // Raw SQL, as another instance, a script or an operator would write: heard through the database.
    await runtime.database.db.execute(
      sql`update ${firmwareReleases} set notes = 'Edited elsewhere' where id = ${kept}`,
    );
    await expect.poll(async () => (await visible()).items[0]?.notes).toBe("Edited elsewhere");
    expect((await shownView())?.notes).toEqual(parseMarkdown("Edited elsewhere"));
    await runtime.database.db.execute(sql`update ${products} set model = 'CAM-B2' where id = ${b}`);
    await expect
      .poll(async () => (await firmware.latestStable(b))?.products.map((product) => product.model))
      .toEqual(["CAM-A", "CAM-B2"]);
    await runtime.database.db.execute(sql`update ${products} set model = 'CAM-B' where id = ${b}`);
    await expect.poll(() => queriesOf(visible)).toBe(0);

    // A write of this instance announces itself before its response leaves: no waiting for the notice.
    await runtime.database.db.execute(sql`update ${firmwareReleases} set status = 'draft' where id = ${kept}`);
    runtime.ownWrites.publish({ topics: ["firmware"] });
    expect((await visible()).items.map((item) => item.id)).not.toContain(kept);
    expect((await firmware.latestStable(a))?.id).not.toBe(kept);
    // The dashboard's list, with drafts, is read each time.
    const withDrafts = () => firmware.list({ drafts: true });
    expect((await withDrafts()).items.map((item) => item.id)).toContain(kept);
    expect(await queriesOf(withDrafts)).toBeGreaterThan(0);
  });

  it("does not keep what visitors see when reading it failed: the next page asks again", async () => {
    const { firmware } = runtime.services;
    const after = await release({ releaseVersion: "10.0.0", releasedOn: "2026-11-20" });
    const failing = vi.spyOn(runtime.database.db, "select").mockImplementationOnce(() => {
      throw new Error("connection lost");
    });
    try {
      await expect(firmware.list({})).rejects.toThrow("connection lost");
    } finally {
      failing.mockRestore();
    }
    expect((await firmware.list({})).items[0]?.id).toBe(after);
  });

  it("names products as the catalog holds them: a save renaming none reads nothing again", async () => {
    const { firmware, productAdmin } = runtime.services;
    const [a = "", b = "", draft = ""] = productIds;
    await release({ releaseVersion: "9.1.0", releasedOn: "2026-11-20", productIds: [a, b, draft] });
    const save = async (productId: string, change: Partial<ProductInput>) => {
      const { version, input } = await productEditForm(runtime, productId);
      await productAdmin.updateProduct(productId, version, { ...input, ...change }, TEST_ORIGIN);
    };
    const named = async () => (await firmware.latestStable(b))?.products.map((product) => product.model);
    expect(await named()).toEqual(["CAM-A", "CAM-B"]);

    // A save that changes no product's name, address or publication: the very copy is handed out again
    // (once the database's notices of the writes above are heard).
    await allNoticesHeard(runtime);
    const kept = await firmware.latestStable(b);
    await save(a, { description: "Edited, not renamed." });
    expect(await firmware.latestStable(b)).toBe(kept);

    await save(a, { model: "CAM-A2" });
    expect(await named()).toEqual(["CAM-A2", "CAM-B"]);
    await save(draft, { publication: { status: "published" } });
    expect(await named()).toEqual(["CAM-A2", "CAM-B", "CAM-C"]);
    expect((await firmware.latestStable(draft))?.releaseVersion).toBe("9.1.0");
    // Unpublished, a product is named no more; a release for no published product is not shown at all.
    await save(draft, { publication: { status: "draft" } });
    await save(a, { model: "CAM-A" });
    expect(await named()).toEqual(["CAM-A", "CAM-B"]);
    expect(await firmware.latestStable(draft)).toBeNull();
    const onlyDraft = await release({ releaseVersion: "9.2.0", releasedOn: "2026-11-21", productIds: [draft] });
    expect((await firmware.list({})).items.map((item) => item.id)).not.toContain(onlyDraft);
    await save(draft, { publication: { status: "published" } });
    expect((await firmware.list({})).items.map((item) => item.id)).toContain(onlyDraft);
    await save(draft, { publication: { status: "draft" } });
    expect((await firmware.list({})).items.map((item) => item.id)).not.toContain(onlyDraft);
  });
});
