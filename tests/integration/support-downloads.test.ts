import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SupportListing } from "#app/domain/catalog-views";
import { guessDownloadKind } from "#app/domain/download-kinds";
import type { Transaction } from "#app/server/db/client.server";
import { categories, downloads, files, productDownloads, products } from "#app/server/db/schema";
import type { Catalog } from "#app/server/site/catalog.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { selectsBy } from "#tests/support/queries";

const CATEGORIES = ["Dome Cameras", "Bullet Cameras", "Empty Shelf"] as const;
type CategoryName = (typeof CATEGORIES)[number];

const PRODUCTS: { model: string; category: CategoryName; downloads: [description: string, fileName: string][] }[] = [
  {
    model: "VNT-D4M",
    category: "Dome Cameras",
    downloads: [
      ["Datasheet", "VNT-D4M_Datasheet.pdf"],
      ["Firmware 2.4 release notes", "VNT-D4M_Release_Notes.txt"],
    ],
  },
  {
    model: "vnt-b2m",
    category: "Bullet Cameras",
    downloads: [
      ["Installation Guide", "Bullet_Install_ÜBERSICHT.pdf"],
      ["", "vnt-b2m_100%_manual.pdf"],
    ],
  },
  { model: "Zeta-Cam", category: "Bullet Cameras", downloads: [["DATASHEET", "Zeta_Sheet.pdf"]] },
  // No downloads: never listed, whatever its model matches.
  { model: "VNT-D9-Silent", category: "Dome Cameras", downloads: [] },
];

const GENERAL: [description: string, fileName: string][] = [
  ["Warranty Policy", "Warranty.pdf"],
  ["Product Catalog 2026", "Vantage_Product_Catalog_2026.pdf"],
];

/** A file row as a claimed upload leaves it; nothing here reads its bytes. */
async function insertFile(tx: Transaction, originalName: string): Promise<string> {
  const [row] = await tx
    .insert(files)
    .values({
      storageKey: `test/${crypto.randomUUID()}`,
      originalName,
      size: 1_000,
      contentType: originalName.endsWith(".png") ? "image/png" : "application/pdf",
      sha256: "0".repeat(64),
      width: originalName.endsWith(".png") ? 2 : null,
      height: originalName.endsWith(".png") ? 2 : null,
      staged: false,
    })
    .returning({ id: files.id });
  if (!row) throw new Error("no file row");
  return row.id;
}

async function seed(runtime: Runtime): Promise<Record<CategoryName, string>> {
  return runtime.database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(categories)
      .values(CATEGORIES.map((name) => ({ name })))
      .returning({ id: categories.id, name: categories.name });
    const categoryIds = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<CategoryName, string>;
    for (const product of PRODUCTS) {
      const [created] = await tx
        .insert(products)
        .values({
          model: product.model,
          categoryId: categoryIds[product.category],
          imageFileId: await insertFile(tx, `${product.model}.png`),
        })
        .returning({ id: products.id });
      for (const [position, [description, fileName]] of product.downloads.entries()) {
        await tx.insert(productDownloads).values({
          productId: created?.id ?? "",
          fileId: await insertFile(tx, fileName),
          description,
          kind: guessDownloadKind(description, fileName),
          position,
        });
      }
    }
    for (const [description, fileName] of GENERAL) {
      await tx.insert(downloads).values({
        description,
        kind: guessDownloadKind(description, fileName),
        fileId: await insertFile(tx, fileName),
      });
    }
    return categoryIds;
  });
}

/** What a listing shows: general entries and each product's entries, as description / file name. */
function shown(listing: SupportListing) {
  return {
    general: listing.general.map((download) => `${download.description} / ${download.file.name}`),
    products: Object.fromEntries(
      listing.products.map((product) => [
        product.model,
        product.downloads.map((download) => `${download.description} / ${download.file.name}`),
      ]),
    ),
    productTotal: listing.productTotal,
  };
}

/** The catalog of the runtime the current `describe` started. */
let catalog: Catalog;

async function found(options: Parameters<Catalog["listSupportDownloads"]>[0]) {
  return shown(await catalog.listSupportDownloads(options));
}

describe.each(DATABASE_KINDS)("/support's downloads on %s", (kind) => {
  let runtime: Runtime;
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let categoryIds: Record<CategoryName, string>;

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    catalog = runtime.services.catalog;
    categoryIds = await seed(runtime);
  });
  afterAll(async () => {
    await started?.close();
  });

  it("lists everything without a search: general by description, products with downloads by model", async () => {
    const listing = await runtime.services.catalog.listSupportDownloads();
    expect(shown(listing)).toEqual({
      general: ["Product Catalog 2026 / Vantage_Product_Catalog_2026.pdf", "Warranty Policy / Warranty.pdf"],
      products: {
        "vnt-b2m": ["Installation Guide / Bullet_Install_ÜBERSICHT.pdf", " / vnt-b2m_100%_manual.pdf"],
        "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf", "Firmware 2.4 release notes / VNT-D4M_Release_Notes.txt"],
        "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"],
      },
      productTotal: 3,
    });
    expect(listing.products.map((product) => product.model)).toEqual(["vnt-b2m", "VNT-D4M", "Zeta-Cam"]);
    expect(listing.anyDownloads).toBe(true);
  });

  it("finds a product by its model, in any letter case, with all its downloads", async () => {
    for (const query of ["vnt-d4", "VNT-D4M", "  Vnt-D4m "]) {
      expect(await found({ query }), query).toEqual({
        general: [],
        products: {
          "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf", "Firmware 2.4 release notes / VNT-D4M_Release_Notes.txt"],
        },
        productTotal: 1,
      });
    }
    expect(await found({ query: "d9-silent" })).toEqual({ general: [], products: {}, productTotal: 0 });
  });

  it("finds downloads by file name or description, showing only those of a product that match", async () => {
    expect(await found({ query: "release_NOTES" })).toEqual({
      general: [],
      products: { "VNT-D4M": ["Firmware 2.4 release notes / VNT-D4M_Release_Notes.txt"] },
      productTotal: 1,
    });
    expect(await found({ query: "datasheet" })).toEqual({
      general: [],
      products: { "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf"], "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"] },
      productTotal: 2,
    });
    expect(await found({ query: "catalog 2026" })).toEqual({
      general: ["Product Catalog 2026 / Vantage_Product_Catalog_2026.pdf"],
      products: {},
      productTotal: 0,
    });
    expect((await found({ query: "WARRANTY.pdf" })).general).toEqual(["Warranty Policy / Warranty.pdf"]);
  });

  it("narrows the products to a category, alone or with a search, and leaves general downloads out on request", async () => {
    expect(await found({ categoryId: categoryIds["Bullet Cameras"], includeGeneral: false })).toEqual({
      general: [],
      products: {
        "vnt-b2m": ["Installation Guide / Bullet_Install_ÜBERSICHT.pdf", " / vnt-b2m_100%_manual.pdf"],
        "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"],
      },
      productTotal: 2,
    });
    expect(
      await found({ query: "datasheet", categoryId: categoryIds["Bullet Cameras"], includeGeneral: false }),
    ).toEqual({ general: [], products: { "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"] }, productTotal: 1 });
    const empty = await runtime.services.catalog.listSupportDownloads({
      categoryId: categoryIds["Empty Shelf"],
      includeGeneral: false,
    });
    expect(shown(empty)).toEqual({ general: [], products: {}, productTotal: 0 });
    // Nothing in view, but the site has downloads: the page says the search found nothing, not that there are none.
    expect(empty.anyDownloads).toBe(true);
  });

  it("folds letters beyond ASCII alike, and searches words, never patterns", async () => {
    for (const query of ["übersicht", "ÜBERSICHT", "Übersicht"]) {
      expect((await found({ query })).products, query).toEqual({
        "vnt-b2m": ["Installation Guide / Bullet_Install_ÜBERSICHT.pdf"],
      });
    }
    expect((await found({ query: "100%" })).products).toEqual({ "vnt-b2m": [" / vnt-b2m_100%_manual.pdf"] });
    expect((await found({ query: "b2m_100" })).products).toEqual({ "vnt-b2m": [" / vnt-b2m_100%_manual.pdf"] });
    // Punctuation separates words, and alone finds nothing.
    for (const query of ["%", "_", ".*", "^$", "[]"]) {
      expect(await found({ query }), query).toEqual({ general: [], products: {}, productTotal: 0 });
    }
    expect((await found({ query: "d4m.datasheet" })).products).toEqual({
      "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf"],
    });
    expect((await found({ query: "[ü]bersicht" })).products).toEqual({
      "vnt-b2m": ["Installation Guide / Bullet_Install_ÜBERSICHT.pdf"],
    });
  });

  it("finds a product by its type or category, a piece of its model or a download's words, and ranks them", async () => {
    // The category's name: every download of its products.
    expect((await found({ query: "bullet", includeGeneral: false })).products).toEqual({
      "vnt-b2m": ["Installation Guide / Bullet_Install_ÜBERSICHT.pdf", " / vnt-b2m_100%_manual.pdf"],
      "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"],
    });
    // Part of a model, with or without its punctuation, in any letter case: all its downloads.
    for (const query of ["d4m", "VNT D4M", "vntd4m", "Dome"]) {
      expect((await found({ query, includeGeneral: false })).products, query).toEqual({
        "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf", "Firmware 2.4 release notes / VNT-D4M_Release_Notes.txt"],
      });
    }
    // A model and a kind of document: that document.
    expect((await found({ query: "d4m datasheet", includeGeneral: false })).products).toEqual({
      "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf"],
    });
    expect((await found({ query: "release notes dome", includeGeneral: false })).products).toEqual({
      "VNT-D4M": ["Firmware 2.4 release notes / VNT-D4M_Release_Notes.txt"],
    });
    // A typo, and words in any order.
    expect((await found({ query: "datasheat", includeGeneral: false })).products).toEqual({
      "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf"],
      "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"],
    });
    expect((await found({ query: "manual b2m", includeGeneral: false })).products).toEqual({
      "vnt-b2m": [" / vnt-b2m_100%_manual.pdf"],
    });
  });

  it("narrows to one kind of download: only the files of that kind, only the products that have any", async () => {
    expect(await found({ kind: "datasheet" })).toEqual({
      general: [],
      products: { "VNT-D4M": ["Datasheet / VNT-D4M_Datasheet.pdf"], "Zeta-Cam": ["DATASHEET / Zeta_Sheet.pdf"] },
      productTotal: 2,
    });
    expect(await found({ kind: "manual", categoryId: categoryIds["Bullet Cameras"] })).toEqual({
      general: [],
      products: {
        "vnt-b2m": ["Installation Guide / Bullet_Install_ÜBERSICHT.pdf", " / vnt-b2m_100%_manual.pdf"],
      },
      productTotal: 1,
    });
    // The general ones too; a search within the kind keeps only what both find.
    expect(await found({ kind: "other" })).toEqual({
      general: ["Product Catalog 2026 / Vantage_Product_Catalog_2026.pdf", "Warranty Policy / Warranty.pdf"],
      products: { "VNT-D4M": ["Firmware 2.4 release notes / VNT-D4M_Release_Notes.txt"] },
      productTotal: 1,
    });
    expect(await found({ kind: "manual", query: "datasheet" })).toEqual({ general: [], products: {}, productTotal: 0 });
    const none = await catalog.listSupportDownloads({ kind: "sbom" });
    expect(none).toMatchObject({ productTotal: 0, general: [], anyDownloads: true });
  });

  it("pages the products, counting all of them, and turns a page past the end into the last one", async () => {
    const first = await runtime.services.catalog.listSupportDownloads({ pageSize: 2 });
    expect([first.products.map((product) => product.model), first.page, first.pageCount, first.productTotal]).toEqual([
      ["vnt-b2m", "VNT-D4M"],
      1,
      2,
      3,
    ]);
    for (const page of [2, 9]) {
      const last = await runtime.services.catalog.listSupportDownloads({ pageSize: 2, page });
      expect([last.products.map((product) => product.model), last.page, last.productTotal], String(page)).toEqual([
        ["Zeta-Cam"],
        2,
        3,
      ]);
    }
    // Zeta-Cam's file is a Sheet, VNT-D4M's a Datasheet: the whole word ranks first.
    const searched = await runtime.services.catalog.listSupportDownloads({ query: "sheet", pageSize: 1, page: 2 });
    expect([searched.products.map((product) => product.model), searched.pageCount]).toEqual([["VNT-D4M"], 2]);
  });

  it("lists the products in one order whatever the page size, also models that differ only in punctuation", async () => {
    const added = ["Cam_1", "Cam-1", "Cam1", "cam 1"];
    await runtime.database.db.transaction(async (tx) => {
      for (const model of added) {
        const [created] = await tx
          .insert(products)
          .values({ model, categoryId: categoryIds["Dome Cameras"], imageFileId: await insertFile(tx, `${model}.png`) })
          .returning({ id: products.id });
        await tx.insert(productDownloads).values({
          productId: created?.id ?? "",
          fileId: await insertFile(tx, "manual.pdf"),
          description: "Manual",
          position: 0,
        });
      }
    });
    // Written past the admin's write, as a script would: announced as that write announces itself,
    // rather than waiting for the database's notice to the in-memory catalog.
    runtime.ownWrites.publish({ topics: ["products"] });
    try {
      const inPages = async (pageSize: number) => {
        const models: string[] = [];
        for (let page = 1; page <= Math.ceil(7 / pageSize); page += 1) {
          const listing = await catalog.listSupportDownloads({ pageSize, page });
          models.push(...listing.products.map((product) => product.model));
        }
        return models;
      };
      const whole = await inPages(50);
      expect(whole).toHaveLength(7);
      for (const pageSize of [1, 2, 3]) expect([pageSize, await inPages(pageSize)]).toEqual([pageSize, whole]);
    } finally {
      await runtime.database.db.delete(products).where(inArray(products.model, added));
    }
  });
  it("reads from memory, asking the database again only after a change, however it is made", async () => {
    const queriesOf = (read: () => Promise<unknown>) => selectsBy(runtime.database.db, read);
    const listings = () =>
      Promise.all([found({}), found({ query: "sheet" }), found({ categoryId: categoryIds["Dome Cameras"] })]);
    // Once the notices of the writes before are in, a listing or a search costs no query.
    await expect.poll(() => queriesOf(listings)).toBe(0);

    // Raw SQL, as another instance, a script or an operator would write: heard through the database.
    const { db } = runtime.database;
    await db.execute(sql`update ${downloads} set description = 'Warranty Terms' where description = 'Warranty Policy'`);
    await expect.poll(async () => (await found({ query: "terms" })).general).toEqual(["Warranty Terms / Warranty.pdf"]);
    await db.execute(
      sql`update ${files} set original_name = 'Catalog_2027.pdf' where original_name = 'Vantage_Product_Catalog_2026.pdf'`,
    );
    await expect
      .poll(async () => (await found({ query: "2027" })).general)
      .toEqual(["Product Catalog 2026 / Catalog_2027.pdf"]);
    await db.execute(sql`update ${productDownloads} set description = 'Spec sheet' where description = 'DATASHEET'`);
    await expect
      .poll(async () => (await found({ query: "spec sheet" })).products)
      .toEqual({ "Zeta-Cam": ["Spec sheet / Zeta_Sheet.pdf"] });
    await expect.poll(() => queriesOf(listings)).toBe(0);

    // A write of this instance announces itself before its response leaves: no waiting for the notice.
    await db.update(downloads).set({ status: "draft" }).where(eq(downloads.description, "Warranty Terms"));
    runtime.ownWrites.publish({ topics: ["downloads"] });
    expect((await found({})).general).toEqual(["Product Catalog 2026 / Catalog_2027.pdf"]);

    // A read that failed is not kept: the next page asks again.
    await db.update(downloads).set({ status: "published" }).where(eq(downloads.description, "Warranty Terms"));
    runtime.ownWrites.publish({ topics: ["downloads"] });
    const failing = vi.spyOn(db, "select").mockImplementationOnce(() => {
      throw new Error("connection lost");
    });
    try {
      await expect(found({})).rejects.toThrow("connection lost");
    } finally {
      failing.mockRestore();
    }
    expect((await found({})).general).toHaveLength(2);
  });
});
