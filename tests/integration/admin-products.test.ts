import { eq, or } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_FEATURE_MESSAGE, type ProductInput } from "#app/server/admin/products.server";
import { ConflictError, FieldRuleError, NotFoundError } from "#app/server/admin/write.server";
import { ALT_TEXT_TOO_LONG } from "#app/domain/alt-text";
import { DASHBOARD_PAGE_SIZE } from "#app/domain/paging";
import {
  categories,
  categoryFeatures,
  files,
  productAccessories,
  productImages,
  products,
} from "#app/server/db/schema";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime, type Runtime } from "#app/server/runtime/runtime.server";
import { testDatabaseConfig } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { purgeDeleted } from "#tests/support/revisions";

let runtime: Runtime;
let config: Awaited<ReturnType<typeof testDatabaseConfig>>;
let cameras: { id: string; features: string[] };
let lenses: { id: string; features: string[] };

/** A PNG signature followed by bytes no decoder reads: an image by its first bytes only. */
const PNG_IMPOSTOR = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

async function stage(
  kind: "image" | "file" | "impostor",
  name = kind === "image" ? "pixel.png" : "manual.txt",
): Promise<string> {
  const bytes =
    kind === "image"
      ? await sharp({ create: { width: 2, height: 2, channels: 3, background: "#336699" } })
          .png()
          .toBuffer()
      : kind === "impostor"
        ? PNG_IMPOSTOR
        : Buffer.from("manual text");
  const row = await runtime.files.stage({
    body: (async function* () {
      yield new Uint8Array(bytes);
    })(),
    originalName: name,
    uploadedBy: null,
    requireImage: kind === "image",
  });
  return row.id;
}

async function input(overrides: Partial<ProductInput> = {}): Promise<ProductInput> {
  return {
    categoryId: cameras.id,
    model: `M-${Math.random().toString(36).slice(2, 8)}`,
    description: "A camera",
    specs: "Lens: 2.8 mm",
    specsTable: null,
    ndaa: true,
    featureIds: [],
    imageFileId: await stage("image"),
    additionalImages: [],
    accessoryIds: [],
    downloads: [],
    ...overrides,
  };
}

async function fieldError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FieldRuleError);
  const rule = error as FieldRuleError;
  return { field: rule.field, message: rule.message };
}

async function fileExists(id: string) {
  const rows = await runtime.database.db.select({ id: files.id }).from(files).where(eq(files.id, id));
  return rows.length > 0;
}

async function version(id: string) {
  const [row] = await runtime.database.db
    .select({ version: products.version })
    .from(products)
    .where(eq(products.id, id));
  return row?.version ?? 0;
}

async function seedCategory(name: string, labels: string[]) {
  const db = runtime.database.db;
  const [category] = await db.insert(categories).values({ name }).returning({ id: categories.id });
  if (!category) throw new Error("no category");
  const features = await db
    .insert(categoryFeatures)
    .values(labels.map((label) => ({ categoryId: category.id, label })))
    .returning({ id: categoryFeatures.id });
  return { id: category.id, features: features.map((feature) => feature.id) };
}

describe("product admin service", () => {
  beforeAll(async () => {
    config = await testDatabaseConfig("pglite");
    runtime = await startRuntime(parseEnv({ DATA_DIR: config.dataDir, LOG_LEVEL: "silent", DEMO_DATA: "0" }));
    cameras = await seedCategory("Cameras", ["4K", "PoE"]);
    lenses = await seedCategory("Lenses", ["Zoom"]);
  });
  afterAll(async () => {
    await runtime?.close();
    config?.cleanup();
  });

  it("creates a product with every relation and refuses a model that differs only in letter case", async () => {
    const other = await runtime.services.productAdmin.createProduct(await input({ model: "ACC-1" }), TEST_ORIGIN);
    const manual = await stage("file");
    const extra = await stage("image");
    const created = await runtime.services.productAdmin.createProduct(
      await input({
        model: "Cam-Alpha",
        featureIds: [cameras.features[1] ?? ""],
        additionalImages: [{ fileId: extra }],
        accessoryIds: [other.id],
        downloads: [{ fileId: manual, description: "Manual" }],
      }),
      TEST_ORIGIN,
    );
    const product = await runtime.services.catalog.getProduct(created.id);
    expect(product).toMatchObject({
      model: "Cam-Alpha",
      specs: "Lens: 2.8 mm",
      specsTable: null,
      features: [{ id: cameras.features[1] }],
      accessories: [{ id: other.id, model: "ACC-1" }],
      downloads: [{ description: "Manual", file: { id: manual } }],
    });
    expect(product?.additionalImages.map((image) => image.fileId)).toEqual([extra]);
    // Two-way: the other product lists it too.
    expect((await runtime.services.catalog.getProduct(other.id))?.accessories).toEqual([
      {
        id: created.id,
        slug: "cam-alpha",
        model: "Cam-Alpha",
        name: "",
        image: expect.objectContaining({ fileId: expect.any(String) }),
      },
    ]);

    expect(
      await fieldError(runtime.services.productAdmin.createProduct(await input({ model: "cam-ALPHA" }), TEST_ORIGIN)),
    ).toEqual({
      field: "model",
      message: "Product model cam-ALPHA already in database",
    });
  });

  it("checks the category, its features, the main image and each download's file", async () => {
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(await input({ categoryId: crypto.randomUUID() }), TEST_ORIGIN),
      ),
    ).toMatchObject({
      field: "categoryId",
      message: "Category required",
    });
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(
          await input({ featureIds: [lenses.features[0] ?? ""] }),
          TEST_ORIGIN,
        ),
      ),
    ).toEqual({
      field: "featureIds",
      message: FOREIGN_FEATURE_MESSAGE,
    });
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(await input({ imageFileId: undefined }), TEST_ORIGIN),
      ),
    ).toEqual({
      field: "imageFileId",
      message: "Image required (20MB limit)",
    });
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(await input({ imageFileId: await stage("file") }), TEST_ORIGIN),
      ),
    ).toEqual({
      field: "imageFileId",
      message: "Image required (20MB limit)",
    });
    // Uploaded as a plain file (no image check then), its first bytes say PNG: used as an image, refused.
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(
          await input({ imageFileId: await stage("impostor", "fake.png") }),
          TEST_ORIGIN,
        ),
      ),
    ).toEqual({
      field: "imageFileId",
      message: "Image required (20MB limit)",
    });
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(
          await input({ downloads: [{ description: "No file" }] }),
          TEST_ORIGIN,
        ),
      ),
    ).toEqual({
      field: "downloads",
      message: "Check all downloads - each one needs a file (20MB max)",
    });
    expect(
      await fieldError(
        runtime.services.productAdmin.createProduct(
          await input({ additionalImages: [{ fileId: await stage("file") }] }),
          TEST_ORIGIN,
        ),
      ),
    ).toEqual({ field: "additionalImages", message: "Check each image (20MB limit)" });
  });

  it("keeps text or a table, never both", async () => {
    const table = [
      ["Lens", "2.8 mm"],
      ["IR", "30 m"],
    ];
    const spreadsheet = await stage("file", "specs.xlsx");
    const created = await runtime.services.productAdmin.createProduct(
      await input({ specs: "text", specsTable: table, specsSourceFileId: spreadsheet }),
      TEST_ORIGIN,
    );
    expect(await runtime.services.catalog.getProduct(created.id)).toMatchObject({ specs: null, specsTable: table });
    // The table is what is kept: the uploaded spreadsheet it was read from does not linger.
    expect(await fileExists(spreadsheet)).toBe(false);
    // Only a staged file is discarded this way, never one a record uses.
    const image = await stage("image");
    const other = await runtime.services.productAdmin.createProduct(
      await input({ imageFileId: image, specsTable: table, specsSourceFileId: image }),
      TEST_ORIGIN,
    );
    expect(await runtime.services.catalog.getProduct(other.id)).toBeTruthy();
    expect(await fileExists(image)).toBe(true);
    // An edit that leaves the table alone (undefined) keeps it and ignores stray text.
    const keep = await input({ specs: "typed", specsTable: undefined, imageFileId: undefined });
    await runtime.services.productAdmin.updateProduct(created.id, await version(created.id), keep, TEST_ORIGIN);
    expect(await runtime.services.catalog.getProduct(created.id)).toMatchObject({ specs: null, specsTable: table });
    await runtime.services.productAdmin.updateProduct(
      created.id,
      await version(created.id),
      {
        ...keep,
        specsTable: null,
      },
      TEST_ORIGIN,
    );
    expect(await runtime.services.catalog.getProduct(created.id)).toMatchObject({ specs: "typed", specsTable: null });
  });

  it("edits: replaces the image, reorders and removes images, changes downloads and accessories", async () => {
    const a = await runtime.services.productAdmin.createProduct(await input({ model: "Acc-A" }), TEST_ORIGIN);
    const b = await runtime.services.productAdmin.createProduct(await input({ model: "Acc-B" }), TEST_ORIGIN);
    const first = await stage("image");
    const second = await stage("image");
    const manual = await stage("file");
    const guide = await stage("file");
    const base = await input({
      model: "Editable",
      accessoryIds: [a.id],
      additionalImages: [{ fileId: first }, { fileId: second }],
      downloads: [
        { fileId: manual, description: "Manual", kind: "manual" },
        { fileId: guide, description: "Guide" },
      ],
    });
    const oldImage = base.imageFileId ?? "";
    const { id } = await runtime.services.productAdmin.createProduct(base, TEST_ORIGIN);
    const before = await runtime.services.catalog.getProduct(id);
    if (!before) throw new Error("not created");
    const [imageOne, imageTwo] = before.additionalImages;
    const [manualRow, guideRow] = before.downloads;
    // A download's kind as the form gave it; none given, "other".
    expect(before.downloads.map((download) => download.kind)).toEqual(["manual", "other"]);

    const newImage = await stage("image");
    const third = await stage("image");
    const newManual = await stage("file");
    await runtime.services.productAdmin.updateProduct(
      id,
      before.version,
      {
        ...base,
        categoryId: lenses.id,
        featureIds: [lenses.features[0] ?? ""],
        imageFileId: newImage,
        additionalImages: [{ fileId: third }, { id: imageTwo?.id ?? "" }],
        accessoryIds: [b.id],
        downloads: [{ id: manualRow?.id, fileId: newManual, description: "Manual v2" }],
      },
      TEST_ORIGIN,
    );
    const after = await runtime.services.catalog.getProduct(id);
    expect(after).toMatchObject({
      category: { id: lenses.id },
      features: [{ id: lenses.features[0] }],
      image: { fileId: newImage },
      accessories: [{ id: b.id }],
      // An edit that says nothing of a stored download's kind keeps it.
      downloads: [{ id: manualRow?.id, description: "Manual v2", kind: "manual", file: { id: newManual } }],
    });
    expect(after?.additionalImages.map((image) => image.fileId)).toEqual([third, second]);
    expect((await runtime.services.catalog.getProduct(a.id))?.accessories).toEqual([]);
    // Each with its picture as it is now: the edited product's new one.
    expect((await runtime.services.catalog.getProduct(b.id))?.accessories).toEqual([
      { id, slug: "editable", model: "Editable", name: "", image: expect.objectContaining({ fileId: newImage }) },
    ]);
    // Replaced and removed files stay while a revision keeps them (a restore may need them).
    for (const replaced of [oldImage, imageOne?.fileId ?? "", manual, guideRow?.file.id ?? "", second]) {
      expect(await fileExists(replaced), replaced).toBe(true);
    }

    // Editing without an image keeps the current one.
    await runtime.services.productAdmin.updateProduct(
      id,
      await version(id),
      {
        ...base,
        imageFileId: undefined,
        additionalImages: [],
        downloads: [],
      },
      TEST_ORIGIN,
    );
    expect((await runtime.services.catalog.getProduct(id))?.image.fileId).toBe(newImage);
  });

  it("refuses a save over a newer version and a delete of a stale or missing product", async () => {
    const { id } = await runtime.services.productAdmin.createProduct(await input({ model: "Racy" }), TEST_ORIGIN);
    const opened = await version(id);
    await runtime.services.productAdmin.updateProduct(
      id,
      opened,
      await input({ model: "Racy 2", imageFileId: undefined }),
      TEST_ORIGIN,
    );
    await expect(
      runtime.services.productAdmin.updateProduct(
        id,
        opened,
        await input({ model: "Racy 3", imageFileId: undefined }),
        TEST_ORIGIN,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect((await runtime.services.catalog.getProduct(id))?.model).toBe("Racy 2");
    await expect(runtime.services.productAdmin.deleteProduct(id, opened, TEST_ORIGIN)).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(
      runtime.services.productAdmin.deleteProduct(crypto.randomUUID(), 1, TEST_ORIGIN),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("stores each image's description with its use, trimmed, and shows it wherever the product's image is", async () => {
    const front = await stage("image");
    const side = await stage("image");
    const night = await stage("image");
    const created = await runtime.services.productAdmin.createProduct(
      await input({
        model: "Described",
        imageFileId: front,
        imageAlt: "  White dome camera\n  on a grey wall  ",
        additionalImages: [{ fileId: side, alt: " Side view " }, { fileId: night }],
        downloads: [{ fileId: await stage("file"), description: "Manual" }],
      }),
      TEST_ORIGIN,
    );
    const product = await runtime.services.catalog.getProduct(created.id);
    expect(product?.image).toMatchObject({ fileId: front, alt: "White dome camera on a grey wall" });
    expect(product?.additionalImages.map(({ fileId, alt }) => ({ fileId, alt }))).toEqual([
      { fileId: side, alt: "Side view" },
      { fileId: night, alt: "" },
    ]);
    // The product's summaries carry it: catalog cards, search results, the support page.
    const listed = (await runtime.services.catalog.listProducts({ categoryId: cameras.id, pageSize: 1_000 })).products;
    expect(listed.find((summary) => summary.id === created.id)?.image.alt).toBe("White dome camera on a grey wall");
    expect(
      (await runtime.services.catalog.search("Described")).products.find((found) => found.id === created.id)?.image.alt,
    ).toBe("White dome camera on a grey wall");
    const support = await runtime.services.catalog.listSupportDownloads({ pageSize: 1_000 });
    expect(support.products.find((entry) => entry.id === created.id)?.image.alt).toBe(
      "White dome camera on a grey wall",
    );

    // The description belongs to the image's row: it moves with it, and changes or clears with the edit.
    const [sideRow, nightRow] = product?.additionalImages ?? [];
    const edit = await input({ model: "Described", imageFileId: undefined, downloads: [] });
    await runtime.services.productAdmin.updateProduct(
      created.id,
      await version(created.id),
      {
        ...edit,
        imageAlt: "",
        additionalImages: [
          { id: nightRow?.id ?? "", alt: "Night mode" },
          { id: sideRow?.id ?? "", alt: "Side view" },
        ],
      },
      TEST_ORIGIN,
    );
    const edited = await runtime.services.catalog.getProduct(created.id);
    expect(edited?.image).toMatchObject({ fileId: front, alt: "" });
    expect(edited?.additionalImages.map(({ id, alt }) => ({ id, alt }))).toEqual([
      { id: nightRow?.id, alt: "Night mode" },
      { id: sideRow?.id, alt: "Side view" },
    ]);

    // A new main image takes the description the form sends with it.
    const replacement = await stage("image");
    await runtime.services.productAdmin.updateProduct(
      created.id,
      await version(created.id),
      {
        ...edit,
        imageFileId: replacement,
        imageAlt: "Dome camera, side on",
        additionalImages: [{ id: nightRow?.id ?? "" }],
      },
      TEST_ORIGIN,
    );
    const replaced = await runtime.services.catalog.getProduct(created.id);
    expect(replaced?.image).toMatchObject({ fileId: replacement, alt: "Dome camera, side on" });
    expect(replaced?.additionalImages.map(({ alt }) => alt)).toEqual([""]);
  });

  it("refuses a description over the limit and a description saved over a newer version, changing nothing", async () => {
    const extra = await stage("image");
    const { id } = await runtime.services.productAdmin.createProduct(
      await input({ model: "Long-winded", imageAlt: "Short", additionalImages: [{ fileId: extra, alt: "Kept" }] }),
      TEST_ORIGIN,
    );
    const opened = await version(id);
    const [row] = (await runtime.services.catalog.getProduct(id))?.additionalImages ?? [];
    const edit = await input({ model: "Long-winded", imageFileId: undefined });
    const tooLong = "x".repeat(251);
    expect(
      await fieldError(
        runtime.services.productAdmin.updateProduct(id, opened, { ...edit, imageAlt: tooLong }, TEST_ORIGIN),
      ),
    ).toEqual({
      field: "imageAlt",
      message: ALT_TEXT_TOO_LONG,
    });
    expect(
      await fieldError(
        runtime.services.productAdmin.updateProduct(
          id,
          opened,
          {
            ...edit,
            additionalImages: [{ id: row?.id ?? "", alt: tooLong }],
          },
          TEST_ORIGIN,
        ),
      ),
    ).toEqual({ field: "additionalImages[0].alt", message: ALT_TEXT_TOO_LONG });
    // 250 characters are fine, counted after trimming.
    await runtime.services.productAdmin.updateProduct(
      id,
      opened,
      {
        ...edit,
        imageAlt: `  ${"y".repeat(250)}  `,
        additionalImages: [{ id: row?.id ?? "", alt: "Kept" }],
      },
      TEST_ORIGIN,
    );
    expect((await runtime.services.catalog.getProduct(id))?.image.alt).toBe("y".repeat(250));

    await expect(
      runtime.services.productAdmin.updateProduct(
        id,
        opened,
        {
          ...edit,
          imageAlt: "Lost",
          additionalImages: [{ id: row?.id ?? "", alt: "Lost" }],
        },
        TEST_ORIGIN,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    const stored = await runtime.database.db
      .select({ alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, id));
    expect(stored).toEqual([{ alt: "Kept" }]);
    expect((await runtime.services.catalog.getProduct(id))?.image.alt).toBe("y".repeat(250));
  });

  it("deletes a product with all its files and every accessory link", async () => {
    const partner = await runtime.services.productAdmin.createProduct(await input({ model: "Partner" }), TEST_ORIGIN);
    const extra = await stage("image");
    const manual = await stage("file");
    const base = await input({
      model: "Doomed",
      accessoryIds: [partner.id],
      additionalImages: [{ fileId: extra }],
      downloads: [{ fileId: manual, description: "Manual" }],
    });
    const { id } = await runtime.services.productAdmin.createProduct(base, TEST_ORIGIN);
    await runtime.services.productAdmin.deleteProduct(id, await version(id), TEST_ORIGIN);
    expect(await runtime.services.catalog.getProduct(id)).toBeNull();
    // Kept while Recently deleted can restore it, gone once it is purged.
    for (const fileId of [base.imageFileId ?? "", extra, manual]) expect(await fileExists(fileId)).toBe(true);
    await purgeDeleted(runtime, id);
    for (const fileId of [base.imageFileId ?? "", extra, manual]) expect(await fileExists(fileId)).toBe(false);
    const links = await runtime.database.db
      .select()
      .from(productAccessories)
      .where(or(eq(productAccessories.productA, id), eq(productAccessories.productB, id)));
    expect(links).toEqual([]);
    expect((await runtime.services.catalog.getProduct(partner.id))?.accessories).toEqual([]);
  });

  it("lists the products with downloads on /support a page at a time, by model ignoring case", async () => {
    const before = await runtime.services.catalog.listSupportDownloads({ pageSize: 1_000 });
    const models = ["sup-c", "SUP-A", "sup-e", "Sup-B", "sup-d"];
    for (const model of models) {
      await runtime.services.productAdmin.createProduct(
        await input({ model, downloads: [{ fileId: await stage("file"), description: model }] }),
        TEST_ORIGIN,
      );
    }
    await runtime.services.productAdmin.createProduct(await input({ model: "sup-without-downloads" }), TEST_ORIGIN);
    const all = await runtime.services.catalog.listSupportDownloads({ pageSize: 1_000 });
    expect(all.products.length - before.products.length).toBe(models.length);
    expect(all.products.map((product) => product.model)).not.toContain("sup-without-downloads");

    const pageSize = 2;
    const pageCount = Math.ceil(all.products.length / pageSize);
    const paged: string[] = [];
    for (let page = 1; page <= pageCount; page += 1) {
      const listed = await runtime.services.catalog.listSupportDownloads({ page, pageSize });
      expect(listed).toMatchObject({ page, pageCount });
      expect(listed.products.length).toBeLessThanOrEqual(pageSize);
      paged.push(...listed.products.map((product) => product.model));
    }
    expect(paged).toEqual(all.products.map((product) => product.model));
    // Past the last page: the last page, not an empty one.
    expect(await runtime.services.catalog.listSupportDownloads({ page: 99, pageSize })).toMatchObject({
      page: pageCount,
      pageCount,
    });
  });

  it("lists the dashboard's products a page at a time by model ignoring case, searched by model", async () => {
    const models = Array.from({ length: DASHBOARD_PAGE_SIZE + 1 }, (_, n) =>
      n % 2 ? `pager-${String(n).padStart(3, "0")}` : `PAGER-${String(n).padStart(3, "0")}`,
    );
    for (const model of models) await runtime.services.productAdmin.createProduct(await input({ model }), TEST_ORIGIN);
    const all = await runtime.services.productAdmin.listAdminProducts();
    expect(all.items).toHaveLength(DASHBOARD_PAGE_SIZE);
    expect(all.pageCount).toBe(Math.ceil(all.total / DASHBOARD_PAGE_SIZE));

    const first = await runtime.services.productAdmin.listAdminProducts({ search: "PaGeR-" });
    expect(first).toMatchObject({ total: models.length, page: 1, pageCount: 2 });
    expect(first.items.map((product) => product.model)).toEqual(models.slice(0, DASHBOARD_PAGE_SIZE));
    expect(first.items[0]?.image.url).toMatch(/^\/files\//);
    const second = await runtime.services.productAdmin.listAdminProducts({ search: "pager-", page: 2 });
    expect(second.items.map((product) => product.model)).toEqual(models.slice(DASHBOARD_PAGE_SIZE));
    // Past the last page: the last page, not an empty one.
    expect(await runtime.services.productAdmin.listAdminProducts({ search: "pager-", page: 40 })).toEqual(second);
    expect(await runtime.services.productAdmin.listAdminProducts({ search: "pager-0%" })).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });
});
