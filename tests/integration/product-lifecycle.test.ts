import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIFECYCLE_MESSAGES, type LifecycleFields } from "#app/domain/lifecycle";
import type { ProductInput } from "#app/server/admin/products.server";
import { FieldRuleError } from "#app/server/admin/write.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { expectCatalogAsRebuilt } from "#tests/support/catalog-rebuild";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { MAX_IMPORT_ROWS, type CatalogColumn } from "#app/domain/catalog-sheet";
import { compareRows, type CompareWording } from "#app/domain/compare";
import { lifecycleWording } from "#app/server/render/page-languages.server";
import { englishPart } from "#app/messages/en";
import { lifecyclePropertiesJsonLd } from "#app/domain/json-ld";
import { csvLine, parseCsv } from "#app/server/platform/csv.server";
import { stageText } from "#tests/support/staged-files";
import { TEST_ORIGIN } from "#tests/support/origin";
import { newProductInput, productEditForm } from "#tests/support/products";

const DISCONTINUED: LifecycleFields = {
  stage: "discontinued",
  endOfSaleOn: "2026-01-31",
  discontinuedOn: "2026-03-01",
  firmwareUntil: "2031-03-01",
  repairsUntil: "2032-03-01",
};

describe.each(DATABASE_KINDS)("products' lifecycles on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let cameras: string;
  let featureId: string;
  const ids = new Map<string, string>();
  const id = (model: string) => ids.get(model) ?? "";

  const newProduct = (model: string, overrides: Partial<ProductInput> = {}) =>
    newProductInput(runtime, cameras, model, { featureIds: [featureId], ...overrides });

  async function made(model: string, overrides: Partial<ProductInput> = {}) {
    const { id: madeId } = await runtime.services.productAdmin.createProduct(
      await newProduct(model, overrides),
      TEST_ORIGIN,
    );
    ids.set(model, madeId);
    return madeId;
  }

  /** The product's edit as its form would save it, with `overrides`. */
  async function edit(model: string, overrides: Partial<ProductInput>) {
    const { version, input } = await productEditForm(runtime, id(model));
    await runtime.services.productAdmin.updateProduct(id(model), version, { ...input, ...overrides }, TEST_ORIGIN);
  }

  const listed = async (includeDiscontinued = false) =>
    runtime.services.catalog.listProducts({ categoryId: cameras, includeDiscontinued, pageSize: 100 });
  const models = (listing: { products: { model: string }[] }) => listing.products.map((product) => product.model);

  const expectSameAsFresh = () => expectCatalogAsRebuilt(runtime);

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const { categoryAdmin, catalog } = runtime.services;
    cameras = await categoryAdmin.createCategory(
      { name: "Cameras", description: "", features: [{ id: undefined, label: "PoE" }] },
      TEST_ORIGIN,
    );
    featureId = (await catalog.getCategory(cameras, { latest: true }))?.features[0]?.id ?? "";
    await made("NEW-1");
    await made("NEW-2", { publication: { status: "draft" } });
    await made("OLD-1", { lifecycle: DISCONTINUED, replacementIds: [id("NEW-1"), id("NEW-2")] });
    await made("OLD-2", {
      lifecycle: { ...DISCONTINUED, stage: "end-of-sale", endOfSaleOn: "2027-06-30", discontinuedOn: null },
    });
  });
  afterAll(async () => {
    await started?.close();
  });

  it("keeps a retiring product's days and replacements in order, visitors seeing the published ones", async () => {
    const { catalog } = runtime.services;
    const page = await catalog.getProduct(id("OLD-1"));
    expect(page?.lifecycle).toMatchObject({ ...DISCONTINUED, replacements: [{ model: "NEW-1" }] });
    const dashboard = await catalog.getAnyProduct(id("OLD-1"));
    expect(dashboard?.lifecycle.replacements.map((product) => product.model)).toEqual(["NEW-1", "NEW-2"]);
    expect((await catalog.getProduct(id("OLD-2")))?.lifecycle).toMatchObject({
      stage: "end-of-sale",
      endOfSaleOn: "2027-06-30",
      discontinuedOn: null,
      replacements: [],
    });
    await expectSameAsFresh();
  });

  it("refuses a retiring product without its day, a support that ends first and a product replacing itself", async () => {
    const { productAdmin } = runtime.services;
    const refused = async (input: Promise<ProductInput>, field: string, message: string) => {
      const error = await productAdmin.createProduct(await input, TEST_ORIGIN).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FieldRuleError);
      expect(error).toMatchObject({ field, message });
    };
    await refused(
      newProduct("BAD-1", { lifecycle: { ...DISCONTINUED, discontinuedOn: null } }),
      "discontinuedOn",
      LIFECYCLE_MESSAGES.discontinuedRequired,
    );
    await refused(
      newProduct("BAD-2", { lifecycle: { ...DISCONTINUED, stage: "end-of-sale", endOfSaleOn: null } }),
      "endOfSaleOn",
      LIFECYCLE_MESSAGES.endOfSaleRequired,
    );
    await refused(
      newProduct("BAD-3", { lifecycle: { ...DISCONTINUED, repairsUntil: "2025-12-31" } }),
      "repairsUntil",
      LIFECYCLE_MESSAGES.supportBeforeEnd("Repairs"),
    );
    await refused(
      newProduct("BAD-4", { lifecycle: { ...DISCONTINUED, firmwareUntil: "2026-02-30" } }),
      "firmwareUntil",
      LIFECYCLE_MESSAGES.notADate,
    );
    const error = await edit("OLD-1", { lifecycle: DISCONTINUED, replacementIds: [id("OLD-1")] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ field: "replacementIds", message: LIFECYCLE_MESSAGES.ownReplacement });
    expect(await runtime.services.catalog.getAnyProduct("bad-1")).toBeNull();
  });

  it("leaves discontinued products out of listings unless asked, counting them, and follows a change", async () => {
    const { catalog } = runtime.services;
    const current = await listed();
    expect(models(current)).toEqual(["NEW-1", "OLD-2"]);
    expect(current.discontinuedCount).toBe(1);
    expect(current.featureCounts).toEqual({ [featureId]: 2 });
    const every = await listed(true);
    expect(models(every)).toEqual(["NEW-1", "OLD-1", "OLD-2"]);
    expect(every.discontinuedCount).toBe(1);
    expect(every.featureCounts).toEqual({ [featureId]: 3 });
    expect((await catalog.listCategories()).find((category) => category.id === cameras)?.productCount).toBe(2);
    const all = await catalog.listProducts({ pageSize: 100 });
    expect([models(all), all.discontinuedCount]).toEqual([["NEW-1", "OLD-2"], 1]);
    expect(models(await catalog.listProducts({ pageSize: 100, includeDiscontinued: true }))).toEqual([
      "NEW-1",
      "OLD-1",
      "OLD-2",
    ]);
    // Discontinued now: out of the default list, in the count.
    await edit("OLD-2", { lifecycle: { ...DISCONTINUED, endOfSaleOn: "2026-02-01" } });
    await runtime.catalogSnapshot.catchUp();
    expect([models(await listed()), (await listed()).discontinuedCount]).toEqual([["NEW-1"], 2]);
    await expectSameAsFresh();
    // Active again: its days and replacements go.
    await edit("OLD-2", { lifecycle: { ...DISCONTINUED, stage: "active" }, replacementIds: [id("NEW-1")] });
    await runtime.catalogSnapshot.catchUp();
    expect((await catalog.getProduct(id("OLD-2")))?.lifecycle).toEqual({
      stage: "active",
      endOfSaleOn: null,
      discontinuedOn: null,
      firmwareUntil: null,
      repairsUntil: null,
      replacements: [],
    });
    expect(models(await listed())).toEqual(["NEW-1", "OLD-2"]);
    await expectSameAsFresh();
  });

  it("shows a replacement's new model on the page that names it, and History reads the lifecycle", async () => {
    const { catalog, revisions } = runtime.services;
    await edit("NEW-1", { model: "NEW-1B", featureIds: [featureId] });
    await runtime.catalogSnapshot.catchUp();
    expect((await catalog.getProduct(id("OLD-1")))?.lifecycle.replacements.map((product) => product.model)).toEqual([
      "NEW-1B",
    ]);
    await expectSameAsFresh();
    const [created] = await revisions.history("product", id("OLD-1"));
    expect(created?.changes).toContainEqual({
      kind: "changed",
      label: "Lifecycle",
      before: "",
      after:
        "Discontinued on 1 Mar 2026; end of sale 31 Jan 2026; firmware updates until 1 Mar 2031; repairs until 1 Mar 2032",
    });
    expect(created?.changes).toContainEqual({ kind: "added", label: "Replacements", items: ["NEW-1", "NEW-2"] });
  });

  it("is compared, described to search engines, exported and imported with its days and replacements", async () => {
    const { catalog, catalogExport, catalogImport } = runtime.services;
    const old = await catalog.getProduct(id("OLD-1"));
    const active = await catalog.getProduct(id("OLD-2"));
    if (!old || !active) throw new Error("no products");
    const lifecycleRow = (wording: CompareWording) =>
      compareRows([old, active], englishPart("compare"), wording).find((row) => row.name === "Lifecycle");
    const values = [
      "Discontinued on 1 Mar 2026; end of sale 31 Jan 2026; replaced by NEW-1B; firmware updates until 1 Mar 2031; repairs until 1 Mar 2032",
      "Active",
    ];
    // Without the page's words, the line History and the datasheet write, marked as the content is;
    // with English's, the same line as the page's own.
    expect(lifecycleRow({ today: "2026-12-05" })).toEqual({
      name: "Lifecycle",
      pageLanguage: "name",
      values,
      differs: true,
    });
    expect(lifecycleRow({ lifecycle: lifecycleWording("en", "2026-12-05") })).toMatchObject({
      pageLanguage: "row",
      values,
    });
    expect(lifecycleRow({ lifecycle: lifecycleWording("de", "2026-12-05") })?.values).toEqual([
      "Eingestellt am 1. März 2026; Vertriebsende am 31. Jan. 2026; ersetzt durch NEW-1B; Firmware-Updates bis 1. März 2031; Reparaturen bis 1. März 2032",
      "Aktiv",
    ]);
    expect(lifecyclePropertiesJsonLd(old.lifecycle)).toEqual([
      { "@type": "PropertyValue", name: "Lifecycle", value: "Discontinued" },
      { "@type": "PropertyValue", name: "End of sale", value: "2026-01-31" },
      { "@type": "PropertyValue", name: "Discontinued", value: "2026-03-01" },
      { "@type": "PropertyValue", name: "Firmware updates until", value: "2031-03-01" },
      { "@type": "PropertyValue", name: "Repairs until", value: "2032-03-01" },
      { "@type": "PropertyValue", name: "Replaced by", value: "NEW-1B" },
    ]);
    expect(lifecyclePropertiesJsonLd(active.lifecycle)).toEqual([]);

    const rows = parseCsv(await catalogExport.csv(), MAX_IMPORT_ROWS + 1);
    const [header = [], ...products] = rows;
    const column = (name: CatalogColumn) => header.indexOf(name);
    const rowOf = (model: string) => products.find((row) => row[0] === model) ?? [];
    const lifecycleColumns: CatalogColumn[] = [
      "Lifecycle",
      "End of sale",
      "Discontinued on",
      "Firmware updates until",
      "Repairs until",
      "Replacements",
    ];
    expect(lifecycleColumns.map((name) => rowOf("OLD-1")[column(name)])).toEqual([
      "Discontinued",
      "2026-01-31",
      "2026-03-01",
      "2031-03-01",
      "2032-03-01",
      "NEW-1B; NEW-2",
    ]);

    const check = async (edit: (row: string[]) => void) => {
      const edited = rows.map((row) => [...row]);
      const row = edited.find((candidate) => candidate[0] === "NEW-2");
      if (!row) throw new Error("no NEW-2 row");
      edit(row);
      const sheet = await stageText(runtime, "catalog.csv", edited.map((cells) => csvLine(cells)).join(""));
      const request = { sheetFileId: sheet.id, fileIds: [] };
      return { request, preview: await catalogImport.check(request) };
    };
    // Per-row messages for what cannot be a lifecycle.
    const refused = await check((row) => {
      row[column("Lifecycle")] = "Retired";
    });
    expect(refused.preview.rows).toContainEqual(
      expect.objectContaining({
        model: "NEW-2",
        outcome: "error",
        details: ['Lifecycle must be Active, End of sale announced or Discontinued, not "Retired"'],
      }),
    );
    const undated = await check((row) => {
      row[column("Lifecycle")] = "discontinued";
      row[column("Replacements")] = "NEW-1B; NOPE-9";
    });
    expect(undated.preview.rows.find((row) => row.model === "NEW-2")?.details).toEqual([
      "Discontinued on: Enter the date it was discontinued",
      'Replacements: no product has the model "NOPE-9"',
    ]);
    // Read back and applied: NEW-2 discontinued, replaced by NEW-1B.
    const { request, preview } = await check((row) => {
      row[column("Lifecycle")] = "Discontinued";
      row[column("Discontinued on")] = "2026-10-01";
      row[column("Replacements")] = "NEW-1B";
    });
    expect(preview.counts).toMatchObject({ update: 1, error: 0 });
    expect(preview.rows.find((row) => row.model === "NEW-2")?.details).toEqual(["Changes: Lifecycle, Replacements"]);
    await catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN);
    await runtime.catalogSnapshot.catchUp();
    expect((await catalog.getAnyProduct(id("NEW-2")))?.lifecycle).toMatchObject({
      stage: "discontinued",
      discontinuedOn: "2026-10-01",
      replacements: [{ model: "NEW-1B" }],
    });
    await expectSameAsFresh();
  });

  it("brings a deleted replacement back into the lists it was in", async () => {
    const { catalog, productAdmin, revisions, history } = runtime.services;
    const replacement = await catalog.getAnyProduct(id("NEW-1"));
    await productAdmin.deleteProduct(id("NEW-1"), replacement?.version ?? 0, TEST_ORIGIN);
    await runtime.catalogSnapshot.catchUp();
    expect((await catalog.getAnyProduct(id("OLD-1")))?.lifecycle.replacements.map((product) => product.model)).toEqual([
      "NEW-2",
    ]);
    const deleted = (await revisions.recentlyDeleted()).find((entry) => entry.recordId === id("NEW-1"));
    await history.restoreDeleted("product", id("NEW-1"), deleted?.id ?? "", TEST_ORIGIN);
    await runtime.catalogSnapshot.catchUp();
    expect((await catalog.getAnyProduct(id("OLD-1")))?.lifecycle.replacements.map((product) => product.model)).toEqual([
      "NEW-2",
      "NEW-1B",
    ]);
    await expectSameAsFresh();
  });
});
