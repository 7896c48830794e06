import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categorySchema, UNKNOWN_GROUP, type CategoryInput } from "#app/domain/forms/category";
import { DASHBOARD_PAGE_SIZE } from "#app/domain/paging";
import { CategoryInUseError } from "#app/server/admin/categories.server";
import { ConflictError, FieldRuleError, NotFoundError } from "#app/server/admin/write.server";
import { categories, categoryFeatures, productFeatures, products } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";

function input(name: string, features: { id?: string; label: string }[] = [], description = ""): CategoryInput {
  return { name, description, features: features.map((feature) => ({ id: feature.id, label: feature.label })) };
}

async function versionOf(runtime: Runtime, id: string): Promise<number> {
  const [row] = await runtime.database.db
    .select({ version: categories.version })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw new Error("no such category");
  return row.version;
}

/** A product in `categoryId` with the given features selected. */
async function addProduct(runtime: Runtime, model: string, categoryId: string, featureIds: string[]) {
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const image = await runtime.files.stage({
    body: (async function* () {
      yield new Uint8Array(png);
    })(),
    originalName: "pixel.png",
    uploadedBy: null,
    requireImage: true,
  });
  return runtime.database.db.transaction(async (tx) => {
    await runtime.files.claim(tx, [image.id], { images: true });
    const [product] = await tx
      .insert(products)
      .values({ model, categoryId, imageFileId: image.id })
      .returning({ id: products.id });
    if (!product) throw new Error("no product");
    if (featureIds.length) {
      await tx.insert(productFeatures).values(featureIds.map((featureId) => ({ productId: product.id, featureId })));
    }
    return product.id;
  });
}

describe("the category form schema", () => {
  it("requires a name, refuses empty features and trims", () => {
    const empty = categorySchema.safeParse({ name: undefined });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toContain("Name required");

    const blankFeature = categorySchema.safeParse({ name: "Domes", features: [{ label: "4MP" }, {}] });
    expect(blankFeature.error?.issues).toEqual([
      expect.objectContaining({ path: ["features"], message: "No empty features / filters" }),
    ]);

    expect(categorySchema.parse({ name: "  Domes  ", features: [{ label: " 4MP " }] })).toEqual({
      name: "Domes",
      description: "",
      featureGroups: [],
      features: [{ id: undefined, label: "4MP", group: "" }],
      attributes: [],
    });
  });

  it("reads filter groups a line each, and takes a feature's group only from them", () => {
    const parsed = categorySchema.parse({
      name: "Domes",
      featureGroups: " Resolution \r\n\nLens\nresolution\n",
      features: [
        { label: "4MP", group: "RESOLUTION" },
        { label: "2.8mm", group: "Lens" },
        { label: "PoE", group: "" },
      ],
    });
    expect(parsed.featureGroups).toEqual(["Resolution", "Lens"]);
    expect(parsed.features.map((feature) => feature.group)).toEqual(["Resolution", "Lens", ""]);

    const unlisted = categorySchema.safeParse({
      name: "Domes",
      featureGroups: "Resolution",
      features: [
        { label: "4MP", group: "Resolution" },
        { label: "2.8mm", group: "Lens" },
      ],
    });
    expect(unlisted.error?.issues).toEqual([
      expect.objectContaining({ path: ["features", 1, "group"], message: UNKNOWN_GROUP }),
    ]);
    const tooMany = categorySchema.safeParse({
      name: "Domes",
      featureGroups: Array.from({ length: 21 }, (_, at) => `Group ${at}`).join("\n"),
    });
    expect(tooMany.error?.issues.map((issue) => issue.message)).toEqual(["At most 20 filter groups"]);
  });
});

describe.each(DATABASE_KINDS)("category services on %s", (kind) => {
  let runtime: Runtime;
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
  });
  afterAll(async () => {
    // The runtime is one per process: the next database kind starts its own.
    await started?.close();
  });

  it("refuses a duplicate name in any letter case, also when two saves race", async () => {
    await runtime.services.categoryAdmin.createCategory(input("Dome Cameras"), TEST_ORIGIN);
    await expect(runtime.services.categoryAdmin.createCategory(input("dome CAMERAS"), TEST_ORIGIN)).rejects.toThrow(
      new FieldRuleError("name", 'Category "dome CAMERAS" already exists'),
    );
    const raced = await Promise.allSettled([
      runtime.services.categoryAdmin.createCategory(input("Raced"), TEST_ORIGIN),
      runtime.services.categoryAdmin.createCategory(input("RACED"), TEST_ORIGIN),
    ]);
    expect(raced.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = raced.find((outcome) => outcome.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(FieldRuleError);

    const other = await runtime.services.categoryAdmin.createCategory(input("Bullets"), TEST_ORIGIN);
    await expect(
      runtime.services.categoryAdmin.updateCategory(
        other,
        await versionOf(runtime, other),
        input("DOME cameras"),
        TEST_ORIGIN,
      ),
    ).rejects.toThrow('Category "DOME cameras" already exists');
    // Its own name in another letter case is fine.
    await runtime.services.categoryAdmin.updateCategory(
      other,
      await versionOf(runtime, other),
      input("BULLETS"),
      TEST_ORIGIN,
    );
    expect((await runtime.services.categoryAdmin.getCategoryDetail(other))?.name).toBe("BULLETS");
  });

  it("keeps feature ids on rename, deletes removed ones from products, adds new ones", async () => {
    const id = await runtime.services.categoryAdmin.createCategory(
      input("Turrets", [{ label: "4MP" }, { label: "Starlight" }, { label: "PoE" }]),
      TEST_ORIGIN,
    );
    const before = await runtime.services.categoryAdmin.getCategoryDetail(id);
    const byLabel = new Map(before?.features.map((feature) => [feature.label, feature.id]));
    const starlight = byLabel.get("Starlight") ?? "";
    const poe = byLabel.get("PoE") ?? "";
    const productId = await addProduct(runtime, "T-1", id, [starlight, poe]);

    // A forged id from another category makes a new feature instead of taking that one over.
    const foreign = await runtime.services.categoryAdmin.createCategory(
      input("Foreign", [{ label: "Foreign feature" }]),
      TEST_ORIGIN,
    );
    const foreignId = (await runtime.services.categoryAdmin.getCategoryDetail(foreign))?.features[0]?.id;
    await runtime.services.categoryAdmin.updateCategory(
      id,
      await versionOf(runtime, id),
      input("Turrets", [
        { id: byLabel.get("4MP"), label: "4MP" },
        { id: starlight, label: "Starlight Colour" },
        { label: "12MP" },
        { id: foreignId, label: "Smart" },
      ]),
      TEST_ORIGIN,
    );
    const after = await runtime.services.categoryAdmin.getCategoryDetail(id);
    expect(after?.features.map((feature) => feature.label)).toEqual(["4MP", "12MP", "Smart", "Starlight Colour"]);
    expect(after?.features.find((feature) => feature.label === "Starlight Colour")?.id).toBe(starlight);
    expect(
      (await runtime.services.categoryAdmin.getCategoryDetail(foreign))?.features.map((feature) => feature.label),
    ).toEqual(["Foreign feature"]);
    const selected = await runtime.database.db
      .select({ featureId: productFeatures.featureId })
      .from(productFeatures)
      .where(eq(productFeatures.productId, productId));
    expect(selected).toEqual([{ featureId: starlight }]);
    const poeLeft = await runtime.database.db.select().from(categoryFeatures).where(eq(categoryFeatures.id, poe));
    expect(poeLeft).toEqual([]);
  });

  it("filters by any of a group's choices and all of the groups, each count what ticking it would show", async () => {
    const id = await runtime.services.categoryAdmin.createCategory(
      {
        name: "Grouped bullets",
        description: "",
        featureGroups: ["Resolution", "Lens"],
        features: [
          { label: "2MP", group: "Resolution" },
          { label: "4MP", group: "Resolution" },
          { label: "2.8mm", group: "Lens" },
          { label: "4mm", group: "Lens" },
          { label: "Audio" },
          { label: "PoE" },
        ],
      },
      TEST_ORIGIN,
    );
    const category = await runtime.services.catalog.getCategory(id, { latest: true });
    expect(category?.featureGroups).toEqual(["Resolution", "Lens"]);
    const feature = (label: string) => category?.features.find((candidate) => candidate.label === label)?.id ?? "";
    expect(category?.features.map(({ label, group }) => `${label}:${group}`)).toEqual([
      "2.8mm:Lens",
      "2MP:Resolution",
      "4mm:Lens",
      "4MP:Resolution",
      "Audio:",
      "PoE:",
    ]);
    const has: Record<string, string[]> = {
      "GB-1": ["2MP", "2.8mm", "PoE"],
      "GB-2": ["4MP", "2.8mm", "Audio", "PoE"],
      "GB-3": ["4MP", "4mm", "PoE"],
      "GB-4": ["2MP", "4mm"],
    };
    for (const [model, labels] of Object.entries(has)) await addProduct(runtime, model, id, labels.map(feature));
    // Written by hand: the catalog is read once it has caught up with them.
    await runtime.services.catalog.getCategory(id, { latest: true });
    const listed = async (...labels: string[]) => {
      const listing = await runtime.services.catalog.listProducts({ categoryId: id, featureIds: labels.map(feature) });
      const counts = Object.fromEntries(
        ["2MP", "4MP", "2.8mm", "4mm", "Audio", "PoE"].map((label) => [
          label,
          listing.featureCounts[feature(label)] ?? 0,
        ]),
      );
      return { models: listing.products.map((product) => product.model), total: listing.total, counts };
    };

    // Nothing ticked: each count is how many have it.
    expect((await listed()).counts).toEqual({ "2MP": 2, "4MP": 2, "2.8mm": 2, "4mm": 2, Audio: 1, PoE: 3 });
    // "2MP or 4MP": every product; the resolutions' counts ignore their own group's ticks.
    expect(await listed("2MP", "4MP")).toEqual({
      models: ["GB-1", "GB-2", "GB-3", "GB-4"],
      total: 4,
      counts: { "2MP": 2, "4MP": 2, "2.8mm": 2, "4mm": 2, Audio: 1, PoE: 3 },
    });
    // And 2.8mm: a lens narrows across groups; 4MP's count is what "4MP" and "2.8mm" alone would show.
    expect(await listed("2MP", "2.8mm")).toEqual({
      models: ["GB-1"],
      total: 1,
      counts: { "2MP": 1, "4MP": 1, "2.8mm": 1, "4mm": 1, Audio: 0, PoE: 1 },
    });
    // A feature in no group narrows on its own, as before groups.
    expect(await listed("PoE", "Audio")).toMatchObject({ models: ["GB-2"], total: 1 });
    // A choice its group has nothing ticked in, counted 0, would leave nothing: the page shows it unavailable.
    expect((await listed("4mm")).counts).toMatchObject({ Audio: 0, "2MP": 1, "4MP": 1 });

    // The groups change through the same write path, and the filter follows at once.
    const version = await versionOf(runtime, id);
    await runtime.services.categoryAdmin.updateCategory(
      id,
      version,
      {
        name: "Grouped bullets",
        description: "",
        featureGroups: ["Lens"],
        features: (category?.features ?? []).map(({ id: featureId, label, group }) => ({
          id: featureId,
          label,
          group: group === "Lens" ? "Lens" : "",
        })),
      },
      TEST_ORIGIN,
    );
    expect((await runtime.services.catalog.getCategory(id, { latest: true }))?.featureGroups).toEqual(["Lens"]);
    // Resolutions stand alone now: "2MP and 4MP" leaves nothing.
    expect(await listed("2MP", "4MP")).toMatchObject({ models: [], total: 0 });
  });

  it("lists a category and search results newest first when asked, and by model otherwise", async () => {
    const id = await runtime.services.categoryAdmin.createCategory(input("Sorted"), TEST_ORIGIN);
    for (const model of ["S-B", "S-C", "S-A"]) await addProduct(runtime, model, id, []);
    await runtime.services.catalog.getCategory(id, { latest: true });
    // Added one after the other: the last added is the newest.
    const list = async (sort?: "model" | "newest") =>
      (await runtime.services.catalog.listProducts({ categoryId: id, sort })).products.map((product) => product.model);
    expect(await list()).toEqual(["S-A", "S-B", "S-C"]);
    expect(await list("newest")).toEqual(["S-A", "S-C", "S-B"]);
    const everything = await runtime.services.catalog.listProducts({ sort: "newest", pageSize: 1 });
    expect(everything.products.map((product) => product.model)).toEqual(["S-A"]);
    // Search results sort the same ways, best match first by default.
    const found = async (sort?: "relevance" | "model" | "newest") =>
      (await runtime.services.catalog.search("sorted", { sort })).products.map((product) => product.model);
    expect(await found("newest")).toEqual(["S-A", "S-C", "S-B"]);
    expect(await found("model")).toEqual(["S-A", "S-B", "S-C"]);
    expect(await found()).toEqual(["S-A", "S-B", "S-C"]);
  });

  it("refuses a save or delete over a newer version, and one of a deleted category", async () => {
    const id = await runtime.services.categoryAdmin.createCategory(input("Fisheye"), TEST_ORIGIN);
    const opened = await versionOf(runtime, id);
    await runtime.services.categoryAdmin.updateCategory(id, opened, input("Fisheye", [], "first"), TEST_ORIGIN);
    await expect(
      runtime.services.categoryAdmin.updateCategory(id, opened, input("Fisheye", [], "second"), TEST_ORIGIN),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(runtime.services.categoryAdmin.deleteCategory(id, opened, TEST_ORIGIN)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await runtime.services.categoryAdmin.getCategoryDetail(id))?.description).toBe("first");

    await runtime.services.categoryAdmin.deleteCategory(id, await versionOf(runtime, id), TEST_ORIGIN);
    expect(await runtime.services.categoryAdmin.getCategoryDetail(id)).toBeNull();
    await expect(
      runtime.services.categoryAdmin.updateCategory(id, opened + 1, input("Fisheye"), TEST_ORIGIN),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(runtime.services.categoryAdmin.deleteCategory("not-a-uuid", 1, TEST_ORIGIN)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("refuses to delete a category in use, listing its products; counts them in the list", async () => {
    const id = await runtime.services.categoryAdmin.createCategory(input("Thermal"), TEST_ORIGIN);
    await addProduct(runtime, "th-2", id, []);
    await addProduct(runtime, "TH-1", id, []);
    const refusal = await runtime.services.categoryAdmin
      .deleteCategory(id, await versionOf(runtime, id), TEST_ORIGIN)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CategoryInUseError);
    expect(refusal instanceof CategoryInUseError && refusal.message).toBe(
      "Cannot delete category: contains 2 product(s). Products are listed for removal",
    );
    expect(refusal instanceof CategoryInUseError && refusal.products.items.map((product) => product.model)).toEqual([
      "TH-1",
      "th-2",
    ]);
    expect(await runtime.services.categoryAdmin.getCategoryDetail(id)).not.toBeNull();
    const listed = await runtime.services.catalog.listCategories();
    expect(listed.find((category) => category.id === id)?.productCount).toBe(2);
    expect(listed.map((category) => category.name)).toEqual(
      [...listed.map((category) => category.name)].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    );
  });

  it("lists a large category's products a page at a time, and a refused delete counts them all", async () => {
    const id = await runtime.services.categoryAdmin.createCategory(input("Bulk"), TEST_ORIGIN);
    const models = Array.from({ length: DASHBOARD_PAGE_SIZE + 1 }, (_, n) => `BULK-${String(n).padStart(3, "0")}`);
    for (const model of models) await addProduct(runtime, model, id, []);
    const first = await runtime.services.categoryAdmin.getCategoryDetail(id);
    expect(first?.products).toMatchObject({ total: models.length, page: 1, pageCount: 2 });
    expect(first?.products.items.map((product) => product.model)).toEqual(models.slice(0, DASHBOARD_PAGE_SIZE));
    const second = await runtime.services.categoryAdmin.getCategoryDetail(id, 2);
    expect(second?.products.items.map((product) => product.model)).toEqual(models.slice(DASHBOARD_PAGE_SIZE));
    // An old link past the end shows the last page.
    expect((await runtime.services.categoryAdmin.getCategoryDetail(id, 7))?.products).toEqual(second?.products);
    const refusal = await runtime.services.categoryAdmin
      .deleteCategory(id, await versionOf(runtime, id), TEST_ORIGIN)
      .catch((error: unknown) => error);
    expect(refusal instanceof CategoryInUseError && refusal.message).toBe(
      `Cannot delete category: contains ${models.length} product(s). Products are listed for removal`,
    );
    expect(refusal instanceof CategoryInUseError && refusal.products.items.length).toBe(DASHBOARD_PAGE_SIZE);
  });
});
