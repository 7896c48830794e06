import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attributeSchema, type AttributeInput } from "#app/domain/forms/attribute";
import { ConflictError, FieldRuleError, NotFoundError } from "#app/server/admin/write.server";
import { auditLog, products, productSpecValues, specAttributes } from "#app/server/db/schema";
import type { ProductInput } from "#app/server/admin/products.server";
import { AttributeInUseError } from "#app/server/admin/attributes.server";
import { formatSpecValue, type CategoryAttribute, type TypedSpec } from "#app/domain/spec-attributes";
import { specFiltersOf, specSortOf } from "#app/domain/spec-filters";
import { stageImage } from "#tests/support/staged-files";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { selectRows } from "#app/server/db/client.server";
import { expectCatalogAsRebuilt } from "#tests/support/catalog-rebuild";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { PRODUCT_SELECTOR } from "#app/domain/paths";
import { newProductInput } from "#tests/support/products";
import { attributeInput as input } from "#tests/support/spec-attributes";
import { valueWordsIn } from "#app/server/render/page-languages.server";

describe("the attribute form schema", () => {
  it("keeps what each type needs and drops what it does not", () => {
    expect(
      attributeSchema.parse({ name: " IR range ", group: "Image", type: "number", unit: "m", precision: 1 }),
    ).toEqual({
      name: "IR range",
      group: "Image",
      type: "number",
      unit: "m",
      precision: 1,
      choices: [],
      multiple: false,
      coverageRole: null,
      version: undefined,
    });
    // A choice has no unit and no decimals; a number no values.
    expect(
      attributeSchema.parse({
        name: "IP rating",
        type: "choice",
        unit: "m",
        precision: 2,
        choices: [{ label: "IP66" }, { label: "IP67" }],
        multiple: true,
      }),
    ).toMatchObject({ unit: null, precision: 0, choices: [{ label: "IP66" }, { label: "IP67" }], multiple: true });
    expect(attributeSchema.parse({ name: "Audio", type: "boolean", choices: [{ label: "x" }] })).toMatchObject({
      choices: [],
      multiple: false,
    });
  });

  it("refuses what cannot be an attribute, with a message on the field", () => {
    const issues = (value: unknown) =>
      attributeSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ type: "number" })).toEqual([["name", "Name required"]]);
    expect(issues({ name: "A", type: "colour" })).toEqual([["type", "Choose a type"]]);
    expect(issues({ name: "A", type: "number", unit: "ft" })).toEqual([["unit", "Choose one of the listed units"]]);
    expect(issues({ name: "A", type: "number", precision: 7 })).toEqual([["precision", "A whole number from 0 to 4"]]);
    expect(issues({ name: "A", type: "choice" })).toEqual([["choices", "A choice needs at least one value"]]);
    expect(issues({ name: "A", type: "choice", choices: [{ label: "IP67" }, {}, { label: "ip67" }] })).toEqual([
      ["choices.1.label", "No empty values"],
      ["choices.2.label", '"ip67" is listed twice'],
    ]);
  });

  it("gives the coverage calculator only what it can read: a resolution in px, a view in degrees", () => {
    const issues = (value: unknown) =>
      attributeSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ name: "A", type: "number", unit: "MP", coverageRole: "horizontal-pixels" })).toEqual([
      ["coverageRole", "Horizontal resolution is read from a number in px"],
    ]);
    expect(issues({ name: "A", type: "choice", choices: [{ label: "x" }], coverageRole: "focal-length" })).toEqual([
      ["coverageRole", "Focal length is read from a number or a range in mm or m"],
    ]);
    expect(issues({ name: "A", type: "number", unit: "px", coverageRole: "zoom" })).toEqual([
      ["coverageRole", "Choose one of the listed uses"],
    ]);
    expect(
      attributeSchema.parse({ name: "A", type: "range", unit: "deg", coverageRole: "horizontal-field-of-view" }),
    ).toMatchObject({ coverageRole: "horizontal-field-of-view" });
    expect(attributeSchema.parse({ name: "A", type: "number", unit: "px", coverageRole: "" })).toMatchObject({
      coverageRole: null,
    });
  });
});

describe.each(DATABASE_KINDS)("specification attributes on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
  });
  afterAll(async () => {
    await started?.close();
  });

  const admin = () => runtime.services.attributeAdmin;

  it("stores each type, makes a readable slug, lists by group and refuses a name taken in any case", async () => {
    const range = await admin().createAttribute(
      input({ name: "Focal length", group: "Lens", type: "range", unit: "mm", precision: 1 }),
      TEST_ORIGIN,
    );
    const choice = await admin().createAttribute(
      input({
        name: "Video compression",
        group: "Video",
        type: "choice",
        choices: [{ label: "H.264" }, { label: "H.265" }],
        multiple: true,
      }),
      TEST_ORIGIN,
    );
    await admin().createAttribute(input({ name: "Audio", group: "Video", type: "boolean" }), TEST_ORIGIN);
    await admin().createAttribute(input({ name: "Housing", type: "text" }), TEST_ORIGIN);
    await admin().createAttribute(input({ name: "Resolution", group: "Image", unit: "MP", precision: 1 }), TEST_ORIGIN);

    expect(await admin().getAttribute(range)).toMatchObject({
      slug: "focal-length",
      type: "range",
      unit: "mm",
      precision: 1,
      version: 1,
    });
    const stored = await admin().getAttribute(choice);
    expect(stored?.choices.map((item) => item.label)).toEqual(["H.264", "H.265"]);
    expect(stored?.choices.every((item) => /^[0-9a-f-]{36}$/.test(item.id))).toBe(true);
    // The suggested groups in their order (Image before Lens before Video), then none.
    expect((await admin().listAttributes()).map((attribute) => attribute.name)).toEqual([
      "Resolution",
      "Focal length",
      "Audio",
      "Video compression",
      "Housing",
    ]);
    await expect(admin().createAttribute(input({ name: "FOCAL LENGTH" }), TEST_ORIGIN)).rejects.toThrow(FieldRuleError);
  });

  it("keeps a renamed value's id, gives a new one its own, and refuses a save over a newer version", async () => {
    const id = await admin().createAttribute(
      input({ name: "IP rating", type: "choice", choices: [{ label: "IP66" }, { label: "IP67" }] }),
      TEST_ORIGIN,
    );
    const before = await admin().getAttribute(id);
    const [ip66, ip67] = before?.choices ?? [];
    await admin().updateAttribute(
      id,
      1,
      input({
        name: "IP rating",
        type: "choice",
        choices: [
          { id: ip66?.id, label: "IP66 (dust-tight, jets)" },
          { id: ip67?.id, label: "IP67" },
          { id: "00000000-0000-4000-8000-000000000000", label: "IP68" },
        ],
      }),
      TEST_ORIGIN,
    );
    const after = await admin().getAttribute(id);
    expect(after?.version).toBe(2);
    expect(after?.choices.slice(0, 2)).toEqual([
      { id: ip66?.id, label: "IP66 (dust-tight, jets)" },
      { id: ip67?.id, label: "IP67" },
    ]);
    // An id the attribute never had (stale or forged) makes a new value.
    expect(after?.choices[2]?.id).not.toBe("00000000-0000-4000-8000-000000000000");
    await expect(admin().updateAttribute(id, 1, input({ name: "IP rating" }), TEST_ORIGIN)).rejects.toThrow(
      ConflictError,
    );
    await expect(
      admin().updateAttribute("7b0e1a52-2f6a-4a8e-9d7e-3c2b1a0f9e8d", 1, input({ name: "X" }), TEST_ORIGIN),
    ).rejects.toThrow(NotFoundError);
  });

  it("keeps History with readable changes, and comes back from Recently deleted as it was", async () => {
    const { revisions: history, history: restore } = runtime.services;
    const id = await admin().createAttribute(
      input({ name: "IR range", group: "Image", unit: "m", precision: 0 }),
      TEST_ORIGIN,
    );
    await admin().updateAttribute(
      id,
      1,
      input({ name: "IR distance", group: "Image", unit: "m", precision: 1 }),
      TEST_ORIGIN,
    );
    const [latest, original] = await history.history("attribute", id);
    expect(latest?.changes).toEqual([
      { kind: "changed", label: "Name", before: "IR range", after: "IR distance" },
      { kind: "changed", label: "Decimals", before: "0", after: "1" },
    ]);
    await restore.restoreRevision("attribute", id, original?.id ?? "", 2, TEST_ORIGIN);
    expect(await admin().getAttribute(id)).toMatchObject({ name: "IR range", precision: 0, version: 3 });

    await admin().deleteAttribute(id, 3, TEST_ORIGIN);
    expect(await admin().getAttribute(id)).toBeNull();
    const deleted = (await history.recentlyDeleted()).find((entry) => entry.recordId === id);
    expect(deleted?.label).toBe("IR range");
    await restore.restoreDeleted("attribute", id, deleted?.id ?? "", TEST_ORIGIN);
    expect(await admin().getAttribute(id)).toMatchObject({ name: "IR range", slug: "ir-range", unit: "m" });

    const audited = await runtime.database.db
      .select({ kind: auditLog.kind })
      .from(auditLog)
      .where(eq(auditLog.recordId, id));
    expect(audited.map((entry) => entry.kind).sort()).toEqual([
      "created",
      "deleted",
      "restored",
      "restored",
      "updated",
    ]);
  });

  it("lets one attribute hold each of the calculator's roles, and keeps the role in History", async () => {
    const pixels = await admin().createAttribute(
      input({ name: "Pixels across", group: "Image", unit: "px", coverageRole: "horizontal-pixels" }),
      TEST_ORIGIN,
    );
    const second = admin().createAttribute(
      input({ name: "Width in pixels", unit: "px", coverageRole: "horizontal-pixels" }),
      TEST_ORIGIN,
    );
    await expect(second).rejects.toThrow(FieldRuleError);
    await expect(second).rejects.toThrow(
      'The attribute "Pixels across" is already the calculator\'s horizontal resolution',
    );
    // The database refuses a second holder however it is written.
    await expect(
      runtime.database.db
        .insert(specAttributes)
        .values({ name: "Sneaked", type: "number", unit: "px", coverageRole: "horizontal-pixels" }),
    ).rejects.toThrow();
    await admin().updateAttribute(pixels, 1, input({ name: "Pixels across", group: "Image", unit: "px" }), TEST_ORIGIN);
    const [latest] = await runtime.services.revisions.history("attribute", pixels);
    expect(latest?.changes).toEqual([
      { kind: "changed", label: "Coverage calculator", before: "Horizontal resolution", after: "" },
    ]);
    // Let go, the role can be given to another.
    const other = await admin().createAttribute(
      input({ name: "Width in pixels", unit: "px", coverageRole: "horizontal-pixels" }),
      TEST_ORIGIN,
    );
    expect(await admin().getAttribute(other)).toMatchObject({ coverageRole: "horizontal-pixels" });
  });

  it("refuses an attribute the database was given another way than the form", async () => {
    await expect(
      runtime.database.db.insert(specAttributes).values({ name: "Bad", type: "colour" as "text" }),
    ).rejects.toThrow();
  });
});

describe.each(DATABASE_KINDS)("products' typed values on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let cameras: string;
  const attribute = new Map<string, string>();

  /** An attribute's id by its name. */
  const idOf = (name: string) => attribute.get(name) ?? "";

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const { attributeAdmin, categoryAdmin } = runtime.services;
    const made = async (name: string, rest: Partial<AttributeInput>) =>
      attribute.set(name, await attributeAdmin.createAttribute(input({ name, ...rest }), TEST_ORIGIN));
    await made("IR range", { group: "Image", unit: "m", precision: 1 });
    await made("Focal length", { group: "Lens", type: "range", unit: "mm", precision: 1 });
    await made("Compression", {
      group: "Video",
      type: "choice",
      multiple: true,
      choices: [{ label: "H.264" }, { label: "H.265" }, { label: "MJPEG" }],
    });
    await made("Audio", { group: "Video", type: "boolean" });
    await made("Housing", { type: "text" });
    cameras = await categoryAdmin.createCategory(
      {
        name: "Cameras",
        description: "",
        features: [],
        attributes: [
          { attributeId: idOf("Focal length"), required: true, filter: true },
          { attributeId: idOf("IR range"), required: false, filter: true },
          { attributeId: idOf("Compression"), required: false, filter: false },
          { attributeId: idOf("Audio"), required: false, filter: false },
          { attributeId: idOf("Housing"), required: false, filter: false },
        ],
      },
      TEST_ORIGIN,
    );
  });
  afterAll(async () => {
    await started?.close();
  });

  const newProduct = (model: string, specTexts: ProductInput["specTexts"]) =>
    newProductInput(runtime, cameras, model, { description: model, specTexts });

  /** The product's values as its page shows them: attribute name and text, in the category's order. */
  async function shown(productId: string) {
    const product = await runtime.services.catalog.getAnyProduct(productId);
    return product?.specValues.map((spec) => [spec.attribute.name, formatSpecValue(spec.attribute, spec.value)]);
  }

  const expectSameAsFresh = () => expectCatalogAsRebuilt(runtime);

  it("reads what the form typed into each type's value, converting units, and shows it on the product's page", async () => {
    const compression = (await runtime.services.attributeAdmin.getAttribute(idOf("Compression")))?.choices ?? [];
    const { id } = await runtime.services.productAdmin.createProduct(
      await newProduct("VNT-1", {
        [idOf("IR range")]: "98 ft",
        [idOf("Focal length")]: "2.8-12mm",
        [idOf("Compression")]: [compression[1]?.id ?? "", compression[0]?.id ?? ""],
        [idOf("Audio")]: "no",
        [idOf("Housing")]: "  Aluminium, IK10 ",
      }),
      TEST_ORIGIN,
    );
    expect(await shown(id)).toEqual([
      ["Focal length", "2.8\u201312 mm"],
      ["IR range", "29.9 m (98.1 ft)"],
      ["Compression", "H.264, H.265"],
      ["Audio", "No"],
      ["Housing", "Aluminium, IK10"],
    ]);
    const category = await runtime.services.catalog.getCategory(cameras);
    expect(category?.attributes.map((item) => [item.name, item.required, item.filter])).toEqual([
      ["Focal length", true, true],
      ["IR range", false, true],
      ["Compression", false, false],
      ["Audio", false, false],
      ["Housing", false, false],
    ]);
    await expectSameAsFresh();
  });

  it("is found by its values in search, as shown and written close up", async () => {
    const { id } = await runtime.services.productAdmin.createProduct(
      await newProduct("VNT-VALUES", { [idOf("Focal length")]: "3.6-16 mm", [idOf("Housing")]: "Die-cast aluminium" }),
      TEST_ORIGIN,
    );
    const found = async (query: string) =>
      (await runtime.services.catalog.search(query)).products.map((product) => product.id);
    // Its description is its model and it has no prose specifications: only the values say these.
    expect(await found("3.6\u201316 mm")).toEqual([id]);
    expect(await found("16mm")).toEqual([id]);
    expect(await found("die-cast")).toEqual([id]);
  });

  it("refuses a missing required value and every unreadable one at once, each on its field, writing nothing", async () => {
    const attempt = runtime.services.productAdmin.createProduct(
      await newProduct("VNT-BAD", { [idOf("IR range")]: "far", [idOf("Audio")]: "maybe" }),
      TEST_ORIGIN,
    );
    await expect(attempt).rejects.toThrow(FieldRuleError);
    const error = await attempt.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FieldRuleError);
    if (!(error instanceof FieldRuleError)) return;
    expect({ [error.field]: error.message, ...error.others }).toEqual({
      [`specTexts.${idOf("Focal length")}`]: "Focal length required",
      [`specTexts.${idOf("IR range")}`]: "Enter a number in m (or mm, ft, in)",
      [`specTexts.${idOf("Audio")}`]: "Choose Yes or No",
    });
    expect(await runtime.services.catalog.searchProductModels("VNT-BAD")).toMatchObject({ total: 0 });
  });

  it("follows the attribute: a rename and a unit converted on the pages, another type refused, History kept", async () => {
    const { attributeAdmin, productAdmin, revisions } = runtime.services;
    const { id } = await productAdmin.createProduct(
      await newProduct("VNT-2", { [idOf("Focal length")]: "4 mm", [idOf("IR range")]: "30" }),
      TEST_ORIGIN,
    );
    const ir = await attributeAdmin.getAttribute(idOf("IR range"));
    if (!ir) throw new Error("no IR range");
    await attributeAdmin.updateAttribute(
      ir.id,
      ir.version,
      input({ name: "IR distance", group: "Image", unit: "mm", precision: 0 }),
      TEST_ORIGIN,
    );
    expect(await shown(id)).toEqual([
      ["Focal length", "4 mm"],
      ["IR distance", "30,000 mm"],
    ]);
    await expectSameAsFresh();
    await expect(
      attributeAdmin.updateAttribute(ir.id, ir.version + 1, input({ name: "IR distance", type: "text" }), TEST_ORIGIN),
    ).rejects.toThrow("2 products have values of this attribute: its type cannot change while they do.");
    await expect(
      attributeAdmin.updateAttribute(ir.id, ir.version + 1, input({ name: "IR distance", unit: "W" }), TEST_ORIGIN),
    ).rejects.toThrow("2 products have values in mm, which cannot be read in W: choose a unit of the same kind.");
    const [created] = await revisions.history("product", id);
    expect(created?.changes).toContainEqual({
      kind: "added",
      label: "Specification values",
      items: ["Focal length: 4 mm", "IR range: 30 m (98.4 ft)"],
    });
  });

  it("takes a category's dropped attribute off its products' values, and refuses to delete one a category has", async () => {
    const { attributeAdmin, categoryAdmin, productAdmin, revisions, history } = runtime.services;
    const { id } = await productAdmin.createProduct(
      await newProduct("VNT-3", { [idOf("Focal length")]: "6", [idOf("Housing")]: "Plastic" }),
      TEST_ORIGIN,
    );
    const housing = await attributeAdmin.getAttribute(idOf("Housing"));
    await expect(attributeAdmin.deleteAttribute(idOf("Housing"), housing?.version ?? 0, TEST_ORIGIN)).rejects.toThrow(
      new AttributeInUseError(["Cameras"]).message,
    );
    const category = await runtime.services.catalog.getCategory(cameras, { latest: true });
    if (!category) throw new Error("no category");
    await categoryAdmin.updateCategory(
      cameras,
      category.version,
      {
        name: category.name,
        description: category.description,
        features: [],
        attributes: category.attributes
          .filter((item) => item.name !== "Housing")
          .map(({ id: attributeId, required, filter }) => ({ attributeId, required, filter })),
      },
      TEST_ORIGIN,
    );
    expect((await shown(id))?.map(([name]) => name)).toEqual(["Focal length"]);
    expect(
      await runtime.database.db
        .select()
        .from(productSpecValues)
        .where(eq(productSpecValues.attributeId, idOf("Housing"))),
    ).toEqual([]);
    await expectSameAsFresh();
    // No category has it now: it can go, and comes back from Recently deleted.
    await attributeAdmin.deleteAttribute(idOf("Housing"), housing?.version ?? 0, TEST_ORIGIN);
    const [latest, first] = await revisions.history("category", cameras);
    // The rename before shows as one name for another, the attribute dropped as removed.
    expect(latest?.changes).toEqual([
      { kind: "added", label: "Specification attributes", items: ["IR distance (filter)"] },
      { kind: "removed", label: "Specification attributes", items: ["IR range (filter)", "Housing"] },
    ]);
    // Restoring the category's first revision leaves out the attribute deleted since.
    await history.restoreRevision("category", cameras, first?.id ?? "", category.version + 1, TEST_ORIGIN);
    expect((await runtime.services.catalog.getCategory(cameras))?.attributes.map((item) => item.name)).not.toContain(
      "Housing",
    );
  });
});

describe.each(DATABASE_KINDS)("a category's filters by values on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let domes: string;
  let attributes: CategoryAttribute[] = [];

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const { attributeAdmin, categoryAdmin, productAdmin } = runtime.services;
    const ir = await attributeAdmin.createAttribute(input({ name: "IR range", unit: "m" }), TEST_ORIGIN);
    const focal = await attributeAdmin.createAttribute(
      input({ name: "Focal length", type: "range", unit: "mm", precision: 1 }),
      TEST_ORIGIN,
    );
    const ip = await attributeAdmin.createAttribute(
      input({ name: "IP rating", type: "choice", choices: [{ label: "IP66" }, { label: "IP67" }] }),
      TEST_ORIGIN,
    );
    domes = await categoryAdmin.createCategory(
      {
        name: "Domes",
        description: "",
        features: [{ id: undefined, label: "PoE" }],
        attributes: [ir, focal, ip].map((attributeId) => ({ attributeId, required: false, filter: true })),
      },
      TEST_ORIGIN,
    );
    const category = await runtime.services.catalog.getCategory(domes, { latest: true });
    attributes = category?.attributes ?? [];
    const poe = category?.features[0]?.id ?? "";
    const choice = (label: string) => attributes[2]?.choices.find((item) => item.label === label)?.id ?? "";
    const make = async (model: string, texts: Record<string, TypedSpec>, featureIds: string[] = []) => {
      await productAdmin.createProduct(
        {
          categoryId: domes,
          model,
          description: model,
          specs: null,
          specsTable: null,
          ndaa: true,
          featureIds,
          imageFileId: await stageImage(runtime, `${model}.png`, "#336699"),
          additionalImages: [],
          accessoryIds: [],
          downloads: [],
          specTexts: texts,
        },
        TEST_ORIGIN,
      );
    };
    await make("D-1", { [ir]: "20", [focal]: "2.8", [ip]: choice("IP66") }, [poe]);
    await make("D-2", { [ir]: "30", [focal]: "2.8-12", [ip]: choice("IP67") }, [poe]);
    await make("D-3", { [ir]: "50", [focal]: "6-22", [ip]: choice("IP67") });
    await make("D-4", { [focal]: "4" });
  });
  afterAll(async () => {
    await started?.close();
  });

  const list = (query: string, sort?: string) => {
    const params = new URLSearchParams(query);
    const specSort = specSortOf(sort ?? null, attributes);
    return runtime.services.catalog.listProducts({
      categoryId: domes,
      featureIds: params.getAll("feature"),
      specFilters: specFiltersOf(params, attributes),
      ...(specSort ? { specSort } : {}),
    });
  };
  const models = (listing: { products: { model: string }[] }) => listing.products.map((product) => product.model);

  it("narrows by a minimum, by a focal length a range includes and by a choice, with counts that follow", async () => {
    expect(models(await list("ir-range-min=30"))).toEqual(["D-2", "D-3"]);
    // "Includes 6 mm": the zoom that reaches it and the one that starts there, not the fixed 2.8 or 4 mm.
    expect(models(await list("focal-length-min=6&focal-length-max=6"))).toEqual(["D-2", "D-3"]);
    const both = await list("ir-range-min=25&focal-length-min=6&focal-length-max=6&ip-rating=IP67");
    expect(models(both)).toEqual(["D-2", "D-3"]);
    // A filter's own values are counted with it set aside; the others' spans follow it.
    const byChoice = await list("ip-rating=IP66");
    expect(models(byChoice)).toEqual(["D-1"]);
    expect(byChoice.specCounts?.[attributes[2]?.id ?? ""]).toEqual({ IP66: 1, IP67: 2 });
    expect(byChoice.specSpans?.[attributes[0]?.id ?? ""]).toEqual([20, 20]);
    // Features count within what the values leave.
    const withFeature = await list("ir-range-min=30");
    expect(Object.values(withFeature.featureCounts)).toEqual([1]);
    expect(models(await list("ir-range-max=10"))).toEqual([]);
  });

  it("sorts by a value, highest or lowest first, products without one last", async () => {
    expect(models(await list("", "ir-range-desc"))).toEqual(["D-3", "D-2", "D-1", "D-4"]);
    expect(models(await list("", "ir-range-asc"))).toEqual(["D-1", "D-2", "D-3", "D-4"]);
    // A range's top for highest first, its bottom for lowest first.
    expect(models(await list("", "focal-length-desc"))).toEqual(["D-3", "D-2", "D-4", "D-1"]);
    expect(models(await list("", "focal-length-asc"))).toEqual(["D-1", "D-2", "D-4", "D-3"]);
    // Cards carry the first values.
    const listing = await list("ir-range-min=50");
    expect(listing.products[0]?.keySpecs).toEqual(["50 m (164 ft)", "6\u201322 mm", "IP67"]);
    expect(listing.products[0]?.keySpecsInPageLanguage).toBeUndefined();
    // On a page in Arabic: the numbers written as Arabic writes them (each with its unit one
    // left-to-right run), the choice as its record words it.
    const run = (text: string) => `\u2066${text}\u2069`;
    const arabic = await runtime.services.catalog.listProducts({
      categoryId: domes,
      specFilters: specFiltersOf(new URLSearchParams("ir-range-min=50"), attributes),
      values: valueWordsIn("ar"),
    });
    expect(arabic.products[0]).toMatchObject({
      keySpecs: [`${run("50 m")} (${run("164 ft")})`, run("6\u201322 mm"), "IP67"],
      keySpecsInPageLanguage: [true, true, false],
    });
  });

  it("has a product selector once two categories filter by an attribute, over their products alone", async () => {
    const { catalog, categoryAdmin, productAdmin } = runtime.services;
    expect(await catalog.getSelector()).toBeNull();
    const [ir, focal] = attributes;
    const bullets = await categoryAdmin.createCategory(
      {
        name: "Bullets",
        description: "",
        features: [],
        attributes: [
          { attributeId: ir?.id ?? "", required: false, filter: true },
          { attributeId: focal?.id ?? "", required: false, filter: false },
        ],
      },
      TEST_ORIGIN,
    );
    const mounts = await categoryAdmin.createCategory({ name: "Mounts", description: "", features: [] }, TEST_ORIGIN);
    await productAdmin.createProduct(
      await newProductInput(runtime, bullets, "B-1", { specTexts: { [ir?.id ?? ""]: "80" } }),
      TEST_ORIGIN,
    );
    await productAdmin.createProduct(await newProductInput(runtime, mounts, "M-1"), TEST_ORIGIN);
    const selector = await catalog.getSelector();
    // Only the IR range is a filter of both; the mount's category has no shared filter.
    expect(selector?.attributes.map((attribute) => attribute.name)).toEqual(["IR range"]);
    expect(selector?.description).toBe(
      "Every product of Bullets, Domes, filtered and sorted by the specifications they share.",
    );
    const selected = (query: string, sort?: string) =>
      catalog.listProducts({
        categoryId: PRODUCT_SELECTOR.id,
        specFilters: specFiltersOf(new URLSearchParams(query), selector?.attributes ?? []),
        ...(sort ? { specSort: specSortOf(sort, selector?.attributes ?? []) ?? undefined } : {}),
      });
    expect(models(await selected(""))).toEqual(["B-1", "D-1", "D-2", "D-3", "D-4"]);
    expect(models(await selected("ir-range-min=30", "ir-range-desc"))).toEqual(["B-1", "D-3", "D-2"]);
    expect((await selected("")).specSpans?.[ir?.id ?? ""]).toEqual([20, 80]);
    await expectCatalogAsRebuilt(runtime);
  });
});

/** A category "Poles" with one attribute, "Reach" (m), and a product with a value of it. */
async function poleWithReach(runtime: Runtime) {
  const { attributeAdmin, categoryAdmin, productAdmin } = runtime.services;
  const reach = await attributeAdmin.createAttribute(input({ name: "Reach", unit: "m", precision: 1 }), TEST_ORIGIN);
  const poles = await categoryAdmin.createCategory(
    {
      name: "Poles",
      description: "",
      features: [],
      attributes: [{ attributeId: reach, required: false, filter: true }],
    },
    TEST_ORIGIN,
  );
  const { id } = await productAdmin.createProduct(
    await newProductInput(runtime, poles, "POLE-1", { specTexts: { [reach]: "30 m" } }),
    TEST_ORIGIN,
  );
  return { reach, poles, productId: id };
}

/** The stored values of an attribute, by product. */
async function storedValues(runtime: Runtime, attributeId: string) {
  const rows = await runtime.database.db
    .select({ productId: productSpecValues.productId, value: productSpecValues.value })
    .from(productSpecValues)
    .where(eq(productSpecValues.attributeId, attributeId));
  return Object.fromEntries(rows.map((row) => [row.productId, row.value]));
}

describe.each(DATABASE_KINDS)("values written while their attribute changes on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
  });
  afterAll(async () => {
    await started?.close();
  });

  it("refuses an import's values read against an attribute whose unit changed since, writing nothing", async () => {
    const { attributeAdmin, productAdmin } = runtime.services;
    const { reach, poles, productId } = await poleWithReach(runtime);
    const read = await attributeAdmin.getAttribute(reach);
    if (!read) throw new Error("no Reach");
    // Its values follow the unit: 30 m is 98.4 ft.
    await attributeAdmin.updateAttribute(
      reach,
      read.version,
      input({ name: "Reach", unit: "ft", precision: 1 }),
      TEST_ORIGIN,
    );
    expect(await storedValues(runtime, reach)).toEqual({ [productId]: 98.4 });
    const [row] = await runtime.database.db.select().from(products).where(eq(products.id, productId));
    if (!row) throw new Error("no product");
    const imported = {
      id: productId,
      version: row.version,
      model: row.model,
      description: row.description,
      specs: row.specs,
      specsTable: row.specsTable,
      ndaa: row.ndaa,
      categoryId: poles,
      // 40 read in metres, when the attribute held them.
      specValues: { [reach]: 40 },
    };
    const source = { kind: "values read from specifications" } as const;
    await expect(productAdmin.importProducts([imported], TEST_ORIGIN, source, [read])).rejects.toThrow(ConflictError);
    expect(await storedValues(runtime, reach)).toEqual({ [productId]: 98.4 });
    const [after] = await runtime.database.db.select().from(products).where(eq(products.id, productId));
    expect(after?.version).toBe(row.version);
    // Read again against the attribute as it is, the same write goes through.
    const now = await attributeAdmin.getAttribute(reach);
    await productAdmin.importProducts([{ ...imported, specValues: { [reach]: 131.2 } }], TEST_ORIGIN, source, [
      now ?? read,
    ]);
    expect(await storedValues(runtime, reach)).toEqual({ [productId]: 131.2 });
  });
});

describe("a product's save while its attribute changes on postgres", () => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    started = await startTestRuntime("postgres");
    runtime = started.runtime;
  });
  afterAll(async () => {
    await started?.close();
  });

  it("waits for the change to commit and reads its value in the new unit", async () => {
    const { db } = runtime.database;
    const { reach, poles } = await poleWithReach(runtime);
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A change of the attribute, as its write makes it: the row claimed first, the unit set last.
    const change = db.transaction(async (tx) => {
      await tx.execute(sql`update ${specAttributes} set version = version + 1 where id = ${reach}`);
      locked();
      await held;
      await tx.execute(sql`update ${specAttributes} set unit = 'mm' where id = ${reach}`);
    });
    await lockTaken;
    const saved = runtime.services.productAdmin.createProduct(
      await newProductInput(runtime, poles, "POLE-2", { specTexts: { [reach]: "30 m" } }),
      TEST_ORIGIN,
    );
    // The save waits on the attribute's row rather than reading its unit before the change commits.
    for (let tries = 0; ; tries += 1) {
      const [waiting] = await selectRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((waiting?.count ?? 0) > 0) break;
      if (tries > 200) throw new Error("The save did not wait for the attribute");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    letGo();
    await change;
    const { id } = await saved;
    // 30 m read in the attribute's new unit; read before the change, it would be 30 "mm".
    expect((await storedValues(runtime, reach))[id]).toBe(30_000);
  });
});
