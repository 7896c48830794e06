import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductInput } from "#app/server/admin/products.server";
import { auditLog, categoryFeatures, downloads, files, infoItems, products, revisions } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { stageImage, stageText } from "#tests/support/staged-files";

const HOUR = 60 * 60 * 1000;

describe.each(DATABASE_KINDS)("drafts and scheduled publishing on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let cameras: { id: string; poe: string };

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const id = await runtime.services.categoryAdmin.createCategory(
      { name: "Cameras", description: "", features: [{ id: undefined, label: "PoE" }] },
      TEST_ORIGIN,
    );
    const [poe] = await runtime.database.db
      .select({ id: categoryFeatures.id })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.categoryId, id));
    cameras = { id, poe: poe?.id ?? "" };
  });
  afterAll(async () => {
    await test?.close();
  });

  const image = (name: string) => stageImage(runtime, name, "#336699");

  async function productInput(model: string, overrides: Partial<ProductInput> = {}): Promise<ProductInput> {
    const manual = await stageText(runtime, `${model}-manual.pdf`, `manual of ${model}`);
    return {
      categoryId: cameras.id,
      model,
      description: `The ${model} dome camera`,
      specs: `Sensor: ${model}-sensor`,
      specsTable: null,
      ndaa: true,
      featureIds: [cameras.poe],
      imageFileId: await image(`${model}.png`),
      additionalImages: [{ fileId: await image(`${model}-side.png`) }],
      accessoryIds: [],
      downloads: [{ fileId: manual.id, description: `${model} manual` }],
      ...overrides,
    };
  }

  async function productFilesDraft(id: string): Promise<boolean[]> {
    const rows = await runtime.database.db.execute<{ draft: boolean }>(
      sql`select f.draft from files f where f.id in (
        select image_file_id from products where id = ${id}
        union all select file_id from product_images where product_id = ${id}
        union all select file_id from product_downloads where product_id = ${id})`,
    );
    return (rows as unknown as { rows: { draft: boolean }[] }).rows.map((row) => row.draft);
  }

  /** Everything a visitor can read that could name the product. */
  async function visitorSees(id: string, model: string) {
    const { catalog, sitemap } = runtime.services;
    const [page, listing, inCategory, categoriesList, found, entries, support] = await Promise.all([
      catalog.getProduct(id),
      catalog.listProducts({}),
      catalog.listProducts({ categoryId: cameras.id, featureIds: [cameras.poe] }),
      catalog.listCategories(),
      catalog.search(`${model}-sensor`),
      sitemap.listSitemapEntries(),
      catalog.listSupportDownloads({ query: model }),
    ]);
    return {
      page: page !== null,
      listing: listing.products.some((product) => product.id === id),
      category: inCategory.products.some((product) => product.id === id),
      featureCount: inCategory.featureCounts[cameras.poe] ?? 0,
      categoryCount: categoriesList.find((category) => category.id === cameras.id)?.productCount ?? 0,
      search: found.products.some((product) => product.id === id),
      // Its page's address is made of its model.
      sitemap: entries.some((entry) => entry.path === `/catalog/products/${model.toLowerCase()}`),
      support: support.products.some((product) => product.id === id),
    };
  }

  it("keeps a draft product from every public read, its files included, until it is published", async () => {
    const { productAdmin, catalog } = runtime.services;
    const published = await productAdmin.createProduct(await productInput("PUB-1"), TEST_ORIGIN);
    const draft = await productAdmin.createProduct(
      await productInput("DRAFT-1", { accessoryIds: [published.id], publication: { status: "draft" } }),
      TEST_ORIGIN,
    );

    expect(await visitorSees(draft.id, "DRAFT-1")).toEqual({
      page: false,
      listing: false,
      category: false,
      featureCount: 1,
      categoryCount: 1,
      search: false,
      sitemap: false,
      support: false,
    });
    expect((await visitorSees(published.id, "PUB-1")).page).toBe(true);
    // The published product's accessories leave the draft out; the dashboard's view keeps it.
    expect((await catalog.getProduct(published.id))?.accessories).toEqual([]);
    expect((await catalog.getAnyProduct(published.id))?.accessories.map((item) => item.model)).toEqual(["DRAFT-1"]);
    expect((await catalog.getAnyProduct(draft.id))?.publication).toEqual({ status: "draft", publishAt: null });
    // The accessory picker offers drafts too.
    expect((await catalog.searchProductModels("DRAFT")).products.map((item) => item.id)).toEqual([draft.id]);
    expect(await productFilesDraft(draft.id)).toEqual([true, true, true]);
    expect(await productFilesDraft(published.id)).toEqual([false, false, false]);
    // The dashboard's category list counts it.
    const counted = await catalog.listCategories({ drafts: true });
    expect(counted.find((category) => category.id === cameras.id)?.productCount).toBe(2);

    const [row] = await runtime.database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, draft.id));
    await productAdmin.updateProduct(
      draft.id,
      row?.version ?? 0,
      await productInput("DRAFT-1", { accessoryIds: [published.id], publication: { status: "published" } }),
      TEST_ORIGIN,
    );
    expect(await visitorSees(draft.id, "DRAFT-1")).toEqual({
      page: true,
      listing: true,
      category: true,
      featureCount: 2,
      categoryCount: 2,
      search: true,
      sitemap: true,
      support: true,
    });
    expect((await catalog.getProduct(published.id))?.accessories.map((item) => item.model)).toEqual(["DRAFT-1"]);
    expect(await productFilesDraft(draft.id)).toEqual([false, false, false]);

    // An edit that asks nothing of publishing keeps the status; Unpublish hides it again.
    const [again] = await runtime.database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, draft.id));
    await productAdmin.updateProduct(
      draft.id,
      again?.version ?? 0,
      await productInput("DRAFT-1", { publication: { status: "draft" } }),
      TEST_ORIGIN,
    );
    expect((await visitorSees(draft.id, "DRAFT-1")).page).toBe(false);
    expect(await productFilesDraft(draft.id)).toEqual([true, true, true]);
  });

  it("keeps draft general downloads and home page items from visitors", async () => {
    const { downloadAdmin, infoItemAdmin, infoItems: items, catalog } = runtime.services;
    const manual = await stageText(runtime, "draft-guide.pdf", "draft guide");
    const downloadId = await downloadAdmin.createGeneralDownload(
      { description: "Draft installation guide", fileId: manual.id, publication: { status: "draft" } },
      TEST_ORIGIN,
    );
    const support = await catalog.listSupportDownloads({});
    expect(support.general.map((entry) => entry.id)).not.toContain(downloadId);
    const [file] = await runtime.database.db.select({ draft: files.draft }).from(files).where(eq(files.id, manual.id));
    expect(file?.draft).toBe(true);

    const itemId = await infoItemAdmin.createInfoItem(
      "banner",
      { content: "Coming soon: the X-9", publication: { status: "draft" } },
      TEST_ORIGIN,
    );
    expect((await items.listInfoItems()).map((item) => item.id)).not.toContain(itemId);
    const everyItem = await items.listInfoItems({ drafts: true });
    expect(everyItem.find((item) => item.id === itemId)?.publication.status).toBe("draft");

    const [download] = await runtime.database.db
      .select({ version: downloads.version })
      .from(downloads)
      .where(eq(downloads.id, downloadId));
    await downloadAdmin.editGeneralDownload(
      downloadId,
      { description: "Installation guide", version: download?.version ?? 0, publication: { status: "published" } },
      TEST_ORIGIN,
    );
    expect((await catalog.listSupportDownloads({})).general.map((entry) => entry.id)).toContain(downloadId);
  });

  it("publishes a scheduled record once its time has come, exactly once however many instances look", async () => {
    const { productAdmin, infoItemAdmin, infoItems: items, scheduler, catalog } = runtime.services;
    const later = new Date(Date.now() + HOUR);
    const { id } = await productAdmin.createProduct(
      await productInput("SCHED-1", { publication: { status: "scheduled", publishAt: later } }),
      TEST_ORIGIN,
    );
    const itemId = await infoItemAdmin.createInfoItem(
      "banner",
      { content: "Launch day", publication: { status: "scheduled", publishAt: later } },
      TEST_ORIGIN,
    );
    // Not yet: nothing is due.
    expect(await scheduler.publishDue()).toBe(0);
    expect(await catalog.getProduct(id)).toBeNull();
    expect((await catalog.getAnyProduct(id))?.publication).toEqual({
      status: "scheduled",
      publishAt: later.toISOString(),
    });

    // Its time comes (moved, not waited for).
    const db = runtime.database.db;
    await db
      .update(products)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(products.id, id));
    await db
      .update(infoItems)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(infoItems.id, itemId));
    const [before] = await db.select({ version: products.version }).from(products).where(eq(products.id, id));

    // Three instances looking at the same moment publish it once between them.
    const counts = await Promise.all([scheduler.publishDue(), scheduler.publishDue(), scheduler.publishDue()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await scheduler.publishDue()).toBe(0);

    expect((await catalog.getProduct(id))?.publication).toEqual({ status: "published", publishAt: null });
    expect((await items.listInfoItems()).map((item) => item.id)).toContain(itemId);
    expect(await productFilesDraft(id)).toEqual([false, false, false]);
    const [after] = await db.select({ version: products.version }).from(products).where(eq(products.id, id));
    // An edit form opened on the scheduled product is told it changed.
    expect(after?.version).toBe((before?.version ?? 0) + 1);

    const entries = await db
      .select({ kind: auditLog.kind, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.kind, "published"), inArray(auditLog.recordId, [id, itemId])));
    expect(entries).toEqual([
      { kind: "published", actor: null },
      { kind: "published", actor: null },
    ]);
    const kept = await db
      .select({ kind: revisions.kind })
      .from(revisions)
      .where(and(eq(revisions.recordId, id), eq(revisions.kind, "published")));
    expect(kept).toHaveLength(1);
    const history = await runtime.services.revisions.history("product", id);
    expect(history[0]?.changes).toContainEqual(
      expect.objectContaining({ kind: "changed", label: "Status", after: "Published" }),
    );
    const { items: logged } = await runtime.services.auditLog.list({ kind: "published" }, 1);
    expect(logged.find((entry) => entry.recordId === id)?.person).toBe("Schedule");
    // The person filter tells the schedule from the command line.
    expect(await runtime.services.auditLog.people()).toEqual(expect.arrayContaining(["Schedule"]));
    const bySchedule = await runtime.services.auditLog.list({ person: "Schedule" }, 1);
    expect(bySchedule.items.map((entry) => entry.kind)).toEqual(["published", "published"]);
    const byCommandLine = await runtime.services.auditLog.list({ person: "Command line" }, 1);
    expect(byCommandLine.items.some((entry) => entry.kind === "published")).toBe(false);
  });

  it("restores content without changing whether visitors see it, and a deleted draft as a draft", async () => {
    const { productAdmin, history, revisions: kept, catalog } = runtime.services;
    const { id } = await productAdmin.createProduct(
      await productInput("REST-1", { publication: { status: "draft" } }),
      TEST_ORIGIN,
    );
    const versionOf = async () =>
      (await runtime.database.db.select({ version: products.version }).from(products).where(eq(products.id, id)))[0]
        ?.version ?? 0;
    await productAdmin.updateProduct(
      id,
      await versionOf(),
      await productInput("REST-2", { publication: { status: "published" } }),
      TEST_ORIGIN,
    );
    const created = (await kept.history("product", id)).find((entry) => entry.kind === "created");
    await history.restoreRevision("product", id, created?.id ?? "", await versionOf(), TEST_ORIGIN);
    const restored = await catalog.getProduct(id);
    expect(restored?.model).toBe("REST-1");
    expect(restored?.publication.status).toBe("published");

    await productAdmin.updateProduct(
      id,
      await versionOf(),
      await productInput("REST-3", { publication: { status: "draft" } }),
      TEST_ORIGIN,
    );
    await productAdmin.deleteProduct(id, await versionOf(), TEST_ORIGIN);
    const deleted = (await kept.recentlyDeleted()).find((entry) => entry.recordId === id);
    await history.restoreDeleted("product", id, deleted?.id ?? "", TEST_ORIGIN);
    expect(await catalog.getProduct(id)).toBeNull();
    expect((await catalog.getAnyProduct(id))?.publication.status).toBe("draft");
    expect(await productFilesDraft(id)).toEqual([true, true, true]);
  });

  it("brings a deleted record scheduled for a time now past back as a draft, not published unseen", async () => {
    const { downloadAdmin, history, revisions: kept, catalog, scheduler } = runtime.services;
    const manual = await stageText(runtime, "late.pdf", "late");
    const id = await downloadAdmin.createGeneralDownload(
      {
        description: "Late notes",
        fileId: manual.id,
        publication: { status: "scheduled", publishAt: new Date(Date.now() + HOUR) },
      },
      TEST_ORIGIN,
    );
    const [row] = await runtime.database.db
      .select({ version: downloads.version })
      .from(downloads)
      .where(eq(downloads.id, id));
    await downloadAdmin.deleteGeneralDownload(id, row?.version ?? 0, TEST_ORIGIN);
    // Its time passes while it is deleted.
    await runtime.database.db.execute(
      sql`update revisions set state = jsonb_set(state, '{data,publication,publishAt}', to_jsonb((now() - interval '1 minute')::text)) where record_id = ${id}`,
    );
    const deleted = (await kept.recentlyDeleted()).find((entry) => entry.recordId === id);
    await history.restoreDeleted("download", id, deleted?.id ?? "", TEST_ORIGIN);
    await scheduler.publishDue();
    const [restored] = await runtime.database.db
      .select({ status: downloads.status })
      .from(downloads)
      .where(eq(downloads.id, id));
    expect(restored?.status).toBe("draft");
    expect((await catalog.listSupportDownloads({})).general.map((entry) => entry.id)).not.toContain(id);
  });

  it("refuses a database row that is scheduled without a time", async () => {
    const manual = await stageText(runtime, "x.pdf", "x");
    await expect(
      runtime.database.db.insert(downloads).values({ description: "x", fileId: manual.id, status: "scheduled" }),
    ).rejects.toThrow();
  });
});
