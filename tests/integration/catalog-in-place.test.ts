import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CATALOG_COLUMNS, MAX_IMPORT_ROWS } from "#app/domain/catalog-sheet";
import type { CategoryInput } from "#app/domain/forms/category";
import { CategoryInUseError } from "#app/server/admin/categories.server";
import type { ProductInput } from "#app/server/admin/products.server";
import type { Database } from "#app/server/db/client.server";
import {
  catalogChanges,
  categories,
  files,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
} from "#app/server/db/schema";
import { csvLine, parseCsv } from "#app/server/platform/csv.server";
import { DataWatch } from "#app/server/platform/data-watch.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { CatalogSnapshot, MOST_TOUCHED_IN_PLACE } from "#app/server/site/catalog-snapshot.server";
import { CatalogState } from "#app/server/site/catalog-state.server";
import type { Catalog } from "#app/server/site/catalog.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { newProductInput, productEditForm } from "#tests/support/products";
import { attributeInput } from "#tests/support/spec-attributes";
import { stageImage, stageText } from "#tests/support/staged-files";

describe.each(DATABASE_KINDS)("the public catalog changed in place on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let db: Database;
  let catalog: Catalog;
  let cameras: string;
  let mounts: string;
  const ids = new Map<string, string>();

  /** A product's id by the model it was made with. */
  const id = (model: string) => {
    const found = ids.get(model);
    if (!found) throw new Error(`no product ${model}`);
    return found;
  };

  /** A feature's id by its category and label, as committed now. */
  async function feature(categoryId: string, label: string): Promise<string> {
    const found = (await catalog.getCategory(categoryId, { latest: true }))?.features.find(
      (candidate) => candidate.label === label,
    );
    if (!found) throw new Error(`no feature ${label}`);
    return found.id;
  }

  /** A new product's form, filled in: a published camera with a main picture. */
  async function newProduct(model: string, overrides: Partial<ProductInput> = {}): Promise<ProductInput> {
    return newProductInput(runtime, cameras, model, { specs: `Sensor of ${model}`, ...overrides });
  }

  /** A product's edit form as it opens. */
  const editForm = (productId: string) => productEditForm(runtime, productId);

  /** A category's edit form as it opens. */
  async function categoryForm(categoryId: string): Promise<{ version: number; input: CategoryInput }> {
    const category = await catalog.getCategory(categoryId, { latest: true });
    if (!category) throw new Error(`no category ${categoryId}`);
    return {
      version: category.version,
      input: {
        name: category.name,
        description: category.description,
        features: category.features.map((item) => ({ id: item.id, label: item.label })),
      },
    };
  }

  /** The catalog as a server starting now would read it. */
  const fresh = () => new CatalogSnapshot(db, new DataWatch());

  /** `snapshot` (the runtime's by default), as committed now, is what a fresh read of the catalog is. */
  async function expectSameAsFresh(snapshot: CatalogSnapshot = runtime.catalogSnapshot): Promise<void> {
    expect(await snapshot.describe()).toEqual(await fresh().describe());
  }

  /** How many times a catalog was read whole while `work` ran. */
  async function rebuildsDuring(work: () => Promise<unknown>): Promise<number> {
    const build = vi.spyOn(CatalogState, "build");
    try {
      await work();
      return build.mock.calls.length;
    } finally {
      build.mockRestore();
    }
  }

  /**
   * Runs `write` on the runtime's catalog already read (so that the write is applied to it, not read
   * by a first build), and says whether it was applied in place or the catalog read again whole.
   */
  async function applied(write: () => Promise<unknown>): Promise<"in place" | "read again"> {
    await catalog.listCategories();
    const rebuilds = await rebuildsDuring(async () => {
      await write();
      await runtime.catalogSnapshot.catchUp();
    });
    return rebuilds === 0 ? "in place" : "read again";
  }

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    db = runtime.database.db;
    catalog = runtime.services.catalog;
    const { categoryAdmin, productAdmin } = runtime.services;
    const labels = (...names: string[]) => names.map((label) => ({ id: undefined, label }));
    cameras = await categoryAdmin.createCategory(
      { name: "Cameras", description: "Every camera", features: labels("PoE", "4K", "Audio", "IR") },
      TEST_ORIGIN,
    );
    mounts = await categoryAdmin.createCategory(
      { name: "mounts", description: "Brackets", features: labels("Wall", "Ceiling") },
      TEST_ORIGIN,
    );
    const create = async (model: string, overrides: Partial<ProductInput>) => {
      const { id: made } = await productAdmin.createProduct(await newProduct(model, overrides), TEST_ORIGIN);
      ids.set(model, made);
    };
    await create("MOUNT-1", { categoryId: mounts, featureIds: [await feature(mounts, "Wall")] });
    await create("mount-2", { categoryId: mounts, featureIds: [await feature(mounts, "Ceiling")] });
    await create("DOME-1", {
      featureIds: [await feature(cameras, "PoE"), await feature(cameras, "4K")],
      accessoryIds: [id("MOUNT-1")],
      downloads: [{ fileId: (await stageText(runtime, "dome.pdf", "dome manual")).id, description: "Manual" }],
    });
    await create("Bullet-1", {
      specs: null,
      specsTable: [
        ["Lens", "4 mm"],
        ["Range", "30 m"],
      ],
      featureIds: [await feature(cameras, "IR")],
      accessoryIds: [id("mount-2")],
      additionalImages: [{ fileId: await stageImage(runtime, "bullet-side.png", "#aa0000"), alt: "Side" }],
      downloads: [{ fileId: (await stageText(runtime, "bullet.pdf", "bullet manual")).id, description: "Manual" }],
    });
    await create("DRAFT-1", { publication: { status: "draft" }, accessoryIds: [id("DOME-1")] });
  });
  afterAll(async () => {
    // The runtime is one per process: the next database kind starts its own.
    await started?.close();
  });

  it("starts from the catalog a fresh read gives", async () => {
    await catalog.listCategories();
    await expectSameAsFresh();
    expect((await catalog.listProducts({ pageSize: 100 })).products.map((product) => product.model)).toEqual([
      "Bullet-1",
      "DOME-1",
      "MOUNT-1",
      "mount-2",
    ]);
  });

  it("takes in a new product with its features, pictures, download and accessory in place", async () => {
    const input = await newProduct("PTZ-1", {
      featureIds: [await feature(cameras, "PoE"), await feature(cameras, "Audio")],
      additionalImages: [{ fileId: await stageImage(runtime, "ptz-side.png", "#00aa00"), alt: "From the side" }],
      downloads: [{ fileId: (await stageText(runtime, "ptz.pdf", "ptz manual")).id, description: "PTZ manual" }],
      accessoryIds: [id("MOUNT-1")],
    });
    expect(
      await applied(async () => {
        ids.set("PTZ-1", (await runtime.services.productAdmin.createProduct(input, TEST_ORIGIN)).id);
      }),
    ).toBe("in place");
    expect(await catalog.getProduct(id("PTZ-1"))).toMatchObject({
      model: "PTZ-1",
      features: [{ label: "Audio" }, { label: "PoE" }],
      additionalImages: [{ alt: "From the side" }],
      downloads: [{ description: "PTZ manual", file: { name: "ptz.pdf" } }],
      accessories: [{ model: "MOUNT-1" }],
    });
    expect((await catalog.getProduct(id("MOUNT-1")))?.accessories.map((item) => item.model)).toEqual([
      "DOME-1",
      "PTZ-1",
    ]);
    await expectSameAsFresh();
  });

  it("takes in an edit of a product's description, model, features and accessories", async () => {
    const { version, input } = await editForm(id("PTZ-1"));
    expect(
      await applied(async () =>
        runtime.services.productAdmin.updateProduct(
          id("PTZ-1"),
          version,
          {
            ...input,
            model: "ptz-2",
            description: "Pans, tilts and zooms",
            featureIds: [await feature(cameras, "4K"), await feature(cameras, "IR")],
            accessoryIds: [],
          },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    const product = await catalog.getProduct(id("PTZ-1"));
    expect(product).toMatchObject({
      model: "ptz-2",
      description: "Pans, tilts and zooms",
      features: [{ label: "4K" }, { label: "IR" }],
      accessories: [],
    });
    expect((await catalog.getProduct(id("MOUNT-1")))?.accessories.map((item) => item.model)).toEqual(["DOME-1"]);
    expect((await catalog.search("pans, tilts")).products.map((item) => item.model)).toEqual(["ptz-2"]);
    await expectSameAsFresh();
  });

  it("moves a product to another category, out of one listing and into the other", async () => {
    const { version, input } = await editForm(id("PTZ-1"));
    const wall = await feature(mounts, "Wall");
    expect(
      await applied(() =>
        runtime.services.productAdmin.updateProduct(
          id("PTZ-1"),
          version,
          { ...input, categoryId: mounts, featureIds: [wall] },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    expect((await catalog.getProduct(id("PTZ-1")))?.category.name).toBe("mounts");
    expect(await catalog.listCategories()).toMatchObject([
      { name: "Cameras", productCount: 2 },
      { name: "mounts", productCount: 3 },
    ]);
    const filtered = await catalog.listProducts({ categoryId: mounts, featureIds: [wall] });
    expect(filtered.products.map((product) => product.model)).toEqual(["MOUNT-1", "ptz-2"]);
    await expectSameAsFresh();
  });

  it("takes a product out of view as a draft, and its accessories' pages with it, then back once published", async () => {
    const { productAdmin } = runtime.services;
    const draft = await editForm(id("DOME-1"));
    expect(
      await applied(() =>
        productAdmin.updateProduct(
          id("DOME-1"),
          draft.version,
          { ...draft.input, publication: { status: "draft" } },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    expect(await catalog.getProduct(id("DOME-1"))).toBeNull();
    expect((await catalog.getProduct(id("MOUNT-1")))?.accessories).toEqual([]);
    expect((await catalog.getAnyProduct(id("MOUNT-1")))?.accessories.map((item) => item.model)).toEqual(["DOME-1"]);
    await expectSameAsFresh();

    const published = await editForm(id("DOME-1"));
    expect(
      await applied(() =>
        productAdmin.updateProduct(
          id("DOME-1"),
          published.version,
          { ...published.input, publication: { status: "published" } },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    expect((await catalog.getProduct(id("DOME-1")))?.publication).toEqual({ status: "published", publishAt: null });
    expect((await catalog.getProduct(id("MOUNT-1")))?.accessories.map((item) => item.model)).toEqual(["DOME-1"]);
    await expectSameAsFresh();
  });

  it("publishes a scheduled product in place once its time has come", async () => {
    const input = await newProduct("SCHED-1", {
      publication: { status: "scheduled", publishAt: new Date(Date.now() - 60_000) },
      accessoryIds: [id("DOME-1")],
    });
    expect(
      await applied(async () => {
        ids.set("SCHED-1", (await runtime.services.productAdmin.createProduct(input, TEST_ORIGIN)).id);
      }),
    ).toBe("in place");
    expect(await catalog.getProduct(id("SCHED-1"))).toBeNull();
    await expectSameAsFresh();

    expect(await applied(() => runtime.services.scheduler.publishDue())).toBe("in place");
    expect((await catalog.getProduct(id("SCHED-1")))?.publication).toEqual({ status: "published", publishAt: null });
    expect((await catalog.getProduct(id("DOME-1")))?.accessories.map((item) => item.model)).toEqual([
      "MOUNT-1",
      "SCHED-1",
    ]);
    await expectSameAsFresh();
  });

  it("drops a deleted product, its search text and every accessory link to it", async () => {
    const { version } = await editForm(id("Bullet-1"));
    expect(await applied(() => runtime.services.productAdmin.deleteProduct(id("Bullet-1"), version, TEST_ORIGIN))).toBe(
      "in place",
    );
    expect(await catalog.getProduct(id("Bullet-1"))).toBeNull();
    expect((await catalog.getProduct(id("mount-2")))?.accessories).toEqual([]);
    expect((await catalog.search("30 m")).products).toEqual([]);
    await expectSameAsFresh();
  });

  it("brings a deleted product back whole from Recently deleted", async () => {
    const { revisions, history } = runtime.services;
    const deleted = (await revisions.recentlyDeleted()).find((entry) => entry.recordId === id("Bullet-1"));
    expect(await applied(() => history.restoreDeleted("product", id("Bullet-1"), deleted?.id ?? "", TEST_ORIGIN))).toBe(
      "in place",
    );
    expect(await catalog.getProduct(id("Bullet-1"))).toMatchObject({
      model: "Bullet-1",
      specsTable: [
        ["Lens", "4 mm"],
        ["Range", "30 m"],
      ],
      features: [{ label: "IR" }],
      additionalImages: [{ alt: "Side" }],
      downloads: [{ description: "Manual", file: { name: "bullet.pdf" } }],
      accessories: [{ model: "mount-2" }],
    });
    expect((await catalog.search("30 m")).products.map((item) => item.model)).toEqual(["Bullet-1"]);
    await expectSameAsFresh();
  });

  it("puts back a product's first revision: its model, category, features and accessory", async () => {
    const { revisions, history } = runtime.services;
    const first = (await revisions.history("product", id("PTZ-1"))).at(-1);
    expect(first?.kind).toBe("created");
    const { version } = await editForm(id("PTZ-1"));
    expect(
      await applied(() => history.restoreRevision("product", id("PTZ-1"), first?.id ?? "", version, TEST_ORIGIN)),
    ).toBe("in place");
    expect(await catalog.getProduct(id("PTZ-1"))).toMatchObject({
      model: "PTZ-1",
      description: "The PTZ-1",
      category: { name: "Cameras" },
      features: [{ label: "Audio" }, { label: "PoE" }],
      accessories: [{ model: "MOUNT-1" }],
    });
    await expectSameAsFresh();
  });

  it("takes in an import that changes some products and creates others linked to them", async () => {
    const { catalogExport, catalogImport } = runtime.services;
    const rows = parseCsv(await catalogExport.csv(), MAX_IMPORT_ROWS + 1);
    const column = (name: (typeof CATALOG_COLUMNS)[number]) => CATALOG_COLUMNS.indexOf(name);
    const edit = (model: string, name: (typeof CATALOG_COLUMNS)[number], value: string) => {
      const row = rows.find((cells) => cells[0] === model);
      if (!row) throw new Error(`no row ${model}`);
      row[column(name)] = value;
    };
    edit("DOME-1", "Description", "Imported dome");
    edit("DOME-1", "Features", "PoE; Audio");
    edit("mount-2", "Status", "Draft");
    // Accessories go both ways: both rows of a new pairing list it.
    const accessories = (model: string) => rows.find((cells) => cells[0] === model)?.[column("Accessories")] ?? "";
    for (const model of ["Bullet-1", "MOUNT-1"]) {
      edit(model, "Accessories", [accessories(model), "IMPORTED-1"].filter(Boolean).join("; "));
    }
    const added = CATALOG_COLUMNS.map(
      (name) =>
        ({
          Model: "IMPORTED-1",
          Category: "cameras",
          Description: "Made by an import",
          Features: "IR",
          Accessories: "Bullet-1; MOUNT-1",
          "Main image": "imported.png",
          Status: "Published",
        })[name as string] ?? "",
    );
    const request = {
      sheetFileId: (await stageText(runtime, "catalog.csv", [...rows, added].map((cells) => csvLine(cells)).join("")))
        .id,
      fileIds: [await stageImage(runtime, "imported.png", "#0000aa")],
    };
    const preview = await catalogImport.check(request);
    expect(preview.counts).toMatchObject({ create: 1, update: 4, error: 0, conflict: 0 });
    expect(
      await applied(async () => {
        expect(await catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN)).toEqual({
          applied: preview.counts,
        });
      }),
    ).toBe("in place");
    const imported = (await catalog.search("made by an import")).products[0];
    expect(imported?.model).toBe("IMPORTED-1");
    ids.set("IMPORTED-1", imported?.id ?? "");
    expect(await catalog.getProduct(id("IMPORTED-1"))).toMatchObject({
      features: [{ label: "IR" }],
      accessories: [{ model: "Bullet-1" }, { model: "MOUNT-1" }],
    });
    expect(await catalog.getProduct(id("DOME-1"))).toMatchObject({
      description: "Imported dome",
      features: [{ label: "Audio" }, { label: "PoE" }],
    });
    expect(await catalog.getProduct(id("mount-2"))).toBeNull();
    await expectSameAsFresh();
  });

  it("takes in a new category with its features", async () => {
    expect(
      await applied(async () => {
        ids.set(
          "Lenses",
          await runtime.services.categoryAdmin.createCategory(
            { name: "Lenses", description: "Glass", features: [{ id: undefined, label: "Zoom" }] },
            TEST_ORIGIN,
          ),
        );
      }),
    ).toBe("in place");
    expect((await catalog.listCategories()).map((category) => category.name)).toEqual(["Cameras", "Lenses", "mounts"]);
    expect((await catalog.search("glass")).categories.map((category) => category.name)).toEqual(["Lenses"]);
    await expectSameAsFresh();
  });

  it("renames a category on its products' pages and in the category order", async () => {
    const { version, input } = await categoryForm(cameras);
    expect(
      await applied(() =>
        runtime.services.categoryAdmin.updateCategory(
          cameras,
          version,
          { ...input, name: "Zoom cameras", description: "Every camera there is" },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    expect((await catalog.getProduct(id("DOME-1")))?.category.name).toBe("Zoom cameras");
    expect((await catalog.listCategories()).map((category) => category.name)).toEqual([
      "Lenses",
      "mounts",
      "Zoom cameras",
    ]);
    await expectSameAsFresh();
  });

  it("takes in a feature added to a category and one renamed, on its products' pages", async () => {
    const { version, input } = await categoryForm(cameras);
    expect(
      await applied(() =>
        runtime.services.categoryAdmin.updateCategory(
          cameras,
          version,
          {
            ...input,
            features: [
              ...input.features.map((item) => (item.label === "4K" ? { ...item, label: "4K UHD" } : item)),
              { id: undefined, label: "Night vision" },
            ],
          },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    expect((await catalog.getCategory(cameras))?.features.map((item) => item.label)).toEqual([
      "4K UHD",
      "Audio",
      "IR",
      "Night vision",
      "PoE",
    ]);
    await expectSameAsFresh();
  });

  it("takes in a feature removed from a category, and with it every product's selection of it", async () => {
    const { version, input } = await categoryForm(cameras);
    expect(
      await applied(() =>
        runtime.services.categoryAdmin.updateCategory(
          cameras,
          version,
          { ...input, features: input.features.filter((item) => item.label !== "Audio") },
          TEST_ORIGIN,
        ),
      ),
    ).toBe("in place");
    expect((await catalog.getProduct(id("DOME-1")))?.features.map((item) => item.label)).toEqual(["PoE"]);
    expect((await catalog.getProduct(id("PTZ-1")))?.features.map((item) => item.label)).toEqual(["PoE"]);
    await expectSameAsFresh();
  });

  it("deletes an empty category, and refuses one with products leaving the catalog as it was", async () => {
    const { categoryAdmin } = runtime.services;
    const used = await categoryForm(mounts);
    expect(
      await applied(() =>
        expect(categoryAdmin.deleteCategory(mounts, used.version, TEST_ORIGIN)).rejects.toThrow(CategoryInUseError),
      ),
    ).toBe("in place");
    await expectSameAsFresh();

    const empty = await categoryForm(id("Lenses"));
    expect(await applied(() => categoryAdmin.deleteCategory(id("Lenses"), empty.version, TEST_ORIGIN))).toBe(
      "in place",
    );
    expect(await catalog.getCategory(id("Lenses"))).toBeNull();
    expect((await catalog.search("glass")).categories).toEqual([]);
    await expectSameAsFresh();
  });

  it("brings a deleted category back from Recently deleted", async () => {
    const { revisions, history } = runtime.services;
    const deleted = (await revisions.recentlyDeleted()).find((entry) => entry.recordId === id("Lenses"));
    expect(await applied(() => history.restoreDeleted("category", id("Lenses"), deleted?.id ?? "", TEST_ORIGIN))).toBe(
      "in place",
    );
    expect((await catalog.getCategory(id("Lenses")))?.features.map((item) => item.label)).toEqual(["Zoom"]);
    await expectSameAsFresh();
  });

  it("takes in a product changed by raw SQL, as another instance or an operator writes it", async () => {
    expect(
      await applied(async () => {
        await db.execute(
          sql`update ${products} set description = 'Raw description', model = 'Aa-mount' where id = ${id("MOUNT-1")}`,
        );
        // Heard through the database's notice.
        await expect.poll(async () => (await catalog.getProduct(id("MOUNT-1")))?.model).toBe("Aa-mount");
      }),
    ).toBe("in place");
    expect((await catalog.getProduct(id("MOUNT-1")))?.description).toBe("Raw description");
    expect((await catalog.getProduct(id("PTZ-1")))?.accessories.map((item) => item.model)).toEqual(["Aa-mount"]);
    // Renamed to the front of the listing.
    expect((await catalog.listProducts({ pageSize: 1 })).products.map((item) => item.model)).toEqual(["Aa-mount"]);
    await expectSameAsFresh();
  });

  it("takes in an accessory pairing inserted by raw SQL on both products", async () => {
    const [productA, productB] = [id("DOME-1"), id("Bullet-1")].sort() as [string, string];
    expect(
      await applied(async () => {
        await db.execute(
          sql`insert into ${productAccessories} (product_a, product_b) values (${productA}, ${productB})`,
        );
        await expect
          .poll(async () => (await catalog.getProduct(id("Bullet-1")))?.accessories.map((item) => item.model))
          .toEqual(["DOME-1", "IMPORTED-1"]);
      }),
    ).toBe("in place");
    expect((await catalog.getProduct(id("DOME-1")))?.accessories.map((item) => item.model)).toEqual([
      "Aa-mount",
      "Bullet-1",
      "SCHED-1",
    ]);
    await expectSameAsFresh();
  });

  it("takes in a file renamed by raw SQL on the page of each product that shows it", async () => {
    const [download] = await db
      .select({ fileId: productDownloads.fileId })
      .from(productDownloads)
      .where(eq(productDownloads.productId, id("Bullet-1")));
    expect(
      await applied(async () => {
        await db.execute(sql`update ${files} set original_name = 'bullet-v2.pdf' where id = ${download?.fileId ?? ""}`);
        await expect
          .poll(async () => (await catalog.getProduct(id("Bullet-1")))?.downloads.map((item) => item.file.name))
          .toEqual(["bullet-v2.pdf"]);
      }),
    ).toBe("in place");
    await expectSameAsFresh();
  });

  it("takes in one raw transaction that changes several tables at once", async () => {
    const [image] = await db
      .select({ fileId: products.imageFileId })
      .from(products)
      .where(eq(products.id, id("DOME-1")));
    const poe = await feature(cameras, "PoE");
    expect(
      await applied(async () => {
        await db.transaction(async (tx) => {
          const [made] = await tx
            .insert(products)
            .values({
              model: "RAW-1",
              description: "Inserted raw",
              categoryId: cameras,
              imageFileId: image?.fileId ?? "",
            })
            .returning({ id: products.id });
          ids.set("RAW-1", made?.id ?? "");
          await tx.insert(productFeatures).values({ productId: id("RAW-1"), featureId: poe });
          await tx.execute(sql`update category_features set label = 'PoE+' where id = ${poe}`);
          await tx.delete(productImages).where(eq(productImages.productId, id("Bullet-1")));
          await tx.delete(productFeatures).where(eq(productFeatures.productId, id("DOME-1")));
        });
        await expect.poll(async () => (await catalog.getProduct(id("RAW-1")))?.model).toBe("RAW-1");
      }),
    ).toBe("in place");
    expect((await catalog.getProduct(id("RAW-1")))?.features.map((item) => item.label)).toEqual(["PoE+"]);
    expect((await catalog.getProduct(id("PTZ-1")))?.features.map((item) => item.label)).toEqual(["PoE+"]);
    expect((await catalog.getProduct(id("DOME-1")))?.features).toEqual([]);
    expect((await catalog.getProduct(id("Bullet-1")))?.additionalImages).toEqual([]);
    await expectSameAsFresh();
  });

  it("reads the whole catalog again after a table is emptied, and still matches a fresh read", async () => {
    expect(
      await applied(async () => {
        await db.execute(sql`truncate ${productAccessories}`);
        await expect.poll(async () => (await catalog.getProduct(id("DOME-1")))?.accessories).toEqual([]);
      }),
    ).toBe("read again");
    expect((await catalog.getProduct(id("PTZ-1")))?.accessories).toEqual([]);
    await expectSameAsFresh();
  });

  it("keeps two instances' catalogs equal to a fresh read when writes land at the same moment", async () => {
    const { productAdmin, categoryAdmin } = runtime.services;
    // The other instance's catalog in memory, hearing nothing: it catches up when it is read.
    const other = new CatalogSnapshot(db, new DataWatch());
    await other.listCategories();
    await catalog.listCategories();
    const dome = await editForm(id("DOME-1"));
    const lenses = await categoryForm(id("Lenses"));
    const turret = await newProduct("TURRET-1", { accessoryIds: [id("MOUNT-1")] });
    const [low, high] = [id("PTZ-1"), id("RAW-1")].sort() as [string, string];
    const rebuilds = await rebuildsDuring(async () => {
      await Promise.all([
        productAdmin.updateProduct(
          id("DOME-1"),
          dome.version,
          { ...dome.input, description: "Saved at once", accessoryIds: [id("Bullet-1")] },
          TEST_ORIGIN,
        ),
        productAdmin.createProduct(turret, TEST_ORIGIN).then((made) => ids.set("TURRET-1", made.id)),
        categoryAdmin.updateCategory(
          id("Lenses"),
          lenses.version,
          { ...lenses.input, name: "Optics", features: [...lenses.input.features, { id: undefined, label: "Wide" }] },
          TEST_ORIGIN,
        ),
        db.execute(sql`update ${products} set description = 'Raw at once' where id = ${id("mount-2")}`),
        db.execute(sql`insert into ${productAccessories} (product_a, product_b) values (${low}, ${high})`),
        db.execute(sql`update ${products} set status = 'draft' where id = ${id("IMPORTED-1")}`),
      ]);
      await other.catchUp();
    });
    expect(rebuilds).toBe(0);
    expect(await catalog.getProduct(id("DOME-1"))).toMatchObject({
      description: "Saved at once",
      accessories: [{ model: "Bullet-1" }],
    });
    expect((await catalog.getProduct(id("PTZ-1")))?.accessories.map((item) => item.model)).toEqual(["RAW-1"]);
    expect((await catalog.getProduct(id("MOUNT-1")))?.accessories.map((item) => item.model)).toEqual(["TURRET-1"]);
    expect((await catalog.getCategory(id("Lenses")))?.name).toBe("Optics");
    await expectSameAsFresh(runtime.catalogSnapshot);
    await expectSameAsFresh(other);
  });

  it("catches up on many changes from one late notice, and stays so when notices come with nothing changed", async () => {
    const { productAdmin } = runtime.services;
    const watch = new DataWatch();
    const late = new CatalogSnapshot(db, watch);
    const before = await late.listProducts({ pageSize: 1000 });
    const ptz = await editForm(id("PTZ-1"));
    const made = await newProduct("LATE-1", { description: "Arrived late", accessoryIds: [id("PTZ-1")] });
    const sched = await editForm(id("SCHED-1"));
    // Several writes, whose notices this instance does not hear.
    await productAdmin.updateProduct(
      id("PTZ-1"),
      ptz.version,
      { ...ptz.input, description: "Changed unheard" },
      TEST_ORIGIN,
    );
    ids.set("LATE-1", (await productAdmin.createProduct(made, TEST_ORIGIN)).id);
    await productAdmin.deleteProduct(id("SCHED-1"), sched.version, TEST_ORIGIN);
    await db.execute(sql`update ${products} set model = 'Raw-1b' where id = ${id("RAW-1")}`);
    await runtime.services.categoryAdmin.createCategory(
      { name: "Heard late", description: "", features: [] },
      TEST_ORIGIN,
    );
    // A product made and deleted again before the notice: touched, and gone by the time it is read.
    const gone = await productAdmin.createProduct(
      await newProduct("GONE-LATE", { accessoryIds: [id("DOME-1")] }),
      TEST_ORIGIN,
    );
    await productAdmin.deleteProduct(gone.id, (await editForm(gone.id)).version, TEST_ORIGIN);
    // A category made and a product moved into it in one transaction.
    await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(categories)
        .values({ name: "Moved late", description: "" })
        .returning({ id: categories.id });
      await tx
        .update(products)
        .set({ categoryId: made?.id ?? "" })
        .where(eq(products.id, id("RAW-1")));
    });
    // A picture two products show renamed: both pages change.
    await db.execute(
      sql`update ${files} set original_name = 'shared-main.png' where id = (select image_file_id from ${products} where id = ${id("RAW-1")})`,
    );
    // Nothing heard: a visitor still reads what was there.
    expect(await late.listProducts({ pageSize: 1000 })).toEqual(before);

    let listing = before;
    const rebuilds = await rebuildsDuring(async () => {
      // One notice, late, for every change.
      watch.changed("products");
      listing = await late.listProducts({ pageSize: 1000 });
    });
    expect(rebuilds).toBe(0);
    expect(listing).toEqual(await fresh().listProducts({ pageSize: 1000 }));
    expect(listing.products.map((product) => product.model)).toContain("LATE-1");
    expect(listing.products.map((product) => product.model)).not.toContain("SCHED-1");
    expect(await late.getProduct(id("PTZ-1"))).toMatchObject({
      description: "Changed unheard",
      accessories: [{ model: "LATE-1" }, { model: "Raw-1b" }],
    });
    expect((await late.search("arrived late", 50, [])).products.map((product) => product.model)).toEqual(["LATE-1"]);
    expect((await late.listCategories()).map((category) => category.name)).toEqual(
      expect.arrayContaining(["Heard late", "Moved late"]),
    );
    expect((await late.getProduct(id("RAW-1")))?.category.name).toBe("Moved late");
    expect((await late.getProduct(id("DOME-1")))?.image.url).toMatch(/\/shared-main\.png$/);
    expect(await late.getProduct(id("SCHED-1"))).toBeNull();
    await expectSameAsFresh(late);

    // Notices with nothing behind them change nothing.
    watch.changed("categories");
    watch.changed("categories");
    expect(await late.listProducts({ pageSize: 1000 })).toEqual(listing);
    await expectSameAsFresh(late);
  });

  it("reads what a change touched a few rows at a time, and applies it the same as one read at once", async () => {
    let pauses = 0;
    const sliced = new CatalogSnapshot(db, new DataWatch(), {
      size: 2,
      pause: () => {
        pauses += 1;
        return new Promise<void>((resolve) => setImmediate(resolve));
      },
    });
    await sliced.listCategories();
    // Its specifications held in pieces first: only the catch-up's pauses are counted.
    await sliced.packedSpecifications();
    pauses = 0;
    // Every camera given every feature of its category, and paired with every other: rows across pages.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update ${products} set description = description || ' (sliced)' where category_id = ${cameras}`,
      );
      await tx.execute(sql`insert into ${productFeatures} (product_id, feature_id)
        select p.id, f.id from ${products} p join category_features f on f.category_id = p.category_id
        where p.category_id = ${cameras} on conflict do nothing`);
      await tx.execute(sql`insert into ${productAccessories} (product_a, product_b)
        select a.id, b.id from ${products} a join ${products} b on a.id < b.id
        where a.category_id = ${cameras} and b.category_id = ${cameras} on conflict do nothing`);
    });
    expect(await rebuildsDuring(() => sliced.catchUp())).toBe(0);
    expect(pauses).toBeGreaterThan(2);
    expect((await sliced.getProduct(id("DOME-1")))?.description).toMatch(/ \(sliced\)$/);
    await expectSameAsFresh(sliced);
    await expectSameAsFresh();
  });

  it("applies a change to a couple of thousand products in place, read a thousand rows at a time", async () => {
    const [image] = await db
      .select({ fileId: products.imageFileId })
      .from(products)
      .where(eq(products.id, id("DOME-1")));
    const wall = await feature(mounts, "Wall");
    const count = 2_500;
    expect(
      await applied(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into ${products} (model, description, category_id, image_file_id, status)
            select 'MANY-' || n, 'One of a crowd', ${mounts}, ${image?.fileId ?? ""},
              case when n % 3 = 0 then 'draft' else 'published' end
            from generate_series(1, ${count}) as n`);
          await tx.execute(sql`insert into ${productFeatures} (product_id, feature_id)
            select id, ${wall} from ${products} where model like 'MANY-%' and right(model, 1) in ('1', '2', '5')`);
          await tx.execute(sql`insert into ${productAccessories} (product_a, product_b)
            select least(id, ${id("DOME-1")}::uuid), greatest(id, ${id("DOME-1")}::uuid)
            from ${products} where model like 'MANY-%' and right(model, 1) = '7'`);
        }),
      ),
    ).toBe("in place");
    expect((await catalog.search("one of a crowd")).total).toBe(count - Math.floor(count / 3));
    await expectSameAsFresh();

    // A tenth of them with a manual: on /support, and swapped there by the hundred at the next change.
    const [manual] = await db
      .select({ fileId: productDownloads.fileId })
      .from(productDownloads)
      .where(eq(productDownloads.productId, id("DOME-1")));
    expect(
      await applied(() =>
        db.execute(sql`insert into ${productDownloads} (product_id, file_id, description, position)
          select id, ${manual?.fileId ?? ""}, 'Crowd manual', 0 from ${products}
          where model like 'MANY-%' and right(model, 1) = '3'`),
      ),
    ).toBe("in place");
    await expectSameAsFresh();
    expect(
      await applied(() =>
        db.execute(sql`update ${productDownloads} set description = 'Crowd guide' where description = 'Crowd manual'`),
      ),
    ).toBe("in place");
    expect((await catalog.listSupportDownloads({ query: "crowd guide" })).productTotal).toBe(166);
    await expectSameAsFresh();

    expect(
      await applied(() =>
        db.execute(sql`update ${products} set description = 'Still a crowd', status = case
          when status = 'draft' then 'published' else status end where model like 'MANY-%'`),
      ),
    ).toBe("in place");
    expect((await catalog.search("still a crowd")).total).toBe(count);
    await expectSameAsFresh();

    expect(await applied(() => db.execute(sql`delete from ${products} where model like 'MANY-%'`))).toBe("in place");
    expect((await catalog.search("crowd")).total).toBe(0);
    await expectSameAsFresh();
  });

  it("stays equal to a fresh read through rounds of writes landing together while visitors read", async () => {
    const { productAdmin } = runtime.services;
    const [low, high] = [id("Bullet-1"), id("LATE-1")].sort() as [string, string];
    for (let round = 1; round <= 5; round += 1) {
      await catalog.listCategories();
      const dome = await editForm(id("DOME-1"));
      const visitors = Array.from({ length: 10 }, (_, index) =>
        index % 2
          ? catalog.listProducts({ categoryId: cameras, page: 1, pageSize: 5 })
          : catalog.search(`round ${round}`),
      );
      await Promise.all([
        productAdmin.updateProduct(
          id("DOME-1"),
          dome.version,
          { ...dome.input, description: `Saved in round ${round}` },
          TEST_ORIGIN,
        ),
        db.execute(sql`update ${products} set description = ${`Raw in round ${round}`} where id = ${id("PTZ-1")}`),
        round % 2
          ? db.execute(sql`delete from ${productAccessories} where product_a = ${low} and product_b = ${high}`)
          : db.execute(
              sql`insert into ${productAccessories} (product_a, product_b) values (${low}, ${high}) on conflict do nothing`,
            ),
        db.execute(
          sql`update ${products} set status = ${round % 2 ? "draft" : "published"} where id = ${id("Bullet-1")}`,
        ),
        ...visitors,
      ]);
      await expectSameAsFresh();
      expect((await catalog.search(`round ${round}`)).products.map((product) => product.model).sort()).toEqual([
        "DOME-1",
        "PTZ-1",
      ]);
    }
  });

  it("takes back the version of a change rolled back to a savepoint, and applies what the transaction kept", async () => {
    expect(
      await applied(() =>
        db.transaction(async (tx) => {
          await expect(
            tx.transaction(async (inner) => {
              await inner.execute(sql`update ${products} set description = 'Rolled back' where id = ${id("DOME-1")}`);
              inner.rollback();
            }),
          ).rejects.toThrow();
          await tx.execute(sql`update ${products} set description = 'Kept past a savepoint' where id = ${id("PTZ-1")}`);
        }),
      ),
    ).toBe("in place");
    expect((await catalog.getProduct(id("PTZ-1")))?.description).toBe("Kept past a savepoint");
    expect((await catalog.getProduct(id("DOME-1")))?.description).not.toBe("Rolled back");
    await expectSameAsFresh();
  });

  it("reads the whole catalog again when the notes of the changes it missed were pruned", async () => {
    const { productAdmin } = runtime.services;
    const behind = new CatalogSnapshot(db, new DataWatch());
    await behind.listCategories();
    const ptz = await editForm(id("PTZ-1"));
    await productAdmin.updateProduct(
      id("PTZ-1"),
      ptz.version,
      { ...ptz.input, description: "Saved before the prune" },
      TEST_ORIGIN,
    );
    // What the hourly prune does to notes a day old.
    await db.delete(catalogChanges);
    expect(await rebuildsDuring(() => behind.catchUp())).toBe(1);
    expect((await behind.getProduct(id("PTZ-1")))?.description).toBe("Saved before the prune");
    await expectSameAsFresh(behind);
    // The runtime's catalog missed nothing: the next change is applied in place.
    expect(
      await applied(() =>
        db.execute(sql`update ${products} set description = 'After the prune' where id = ${id("PTZ-1")}`),
      ),
    ).toBe("in place");
    expect((await catalog.getProduct(id("PTZ-1")))?.description).toBe("After the prune");
    await expectSameAsFresh();
  });

  it("reads the whole catalog again when more products changed at once than are worth changing in place", async () => {
    const [image] = await db
      .select({ fileId: products.imageFileId })
      .from(products)
      .where(eq(products.id, id("DOME-1")));
    const many = MOST_TOUCHED_IN_PLACE + 1;
    expect(
      await applied(() =>
        db.execute(sql`insert into ${products} (model, description, category_id, image_file_id)
          select 'BULK-' || n, 'One of many', ${mounts}, ${image?.fileId ?? ""} from generate_series(1, ${many}) as n`),
      ),
    ).toBe("read again");
    expect((await catalog.listProducts({ categoryId: mounts })).total).toBeGreaterThan(many);
    await expectSameAsFresh();

    expect(await applied(() => db.execute(sql`delete from ${products} where model like 'BULK-%'`))).toBe("read again");
    expect((await catalog.search("one of many")).total).toBe(0);
    await expectSameAsFresh();
  });
  it("puts a product edited where it is listed in its place: its text, features, values, lifecycle and downloads", async () => {
    const { attributeAdmin, categoryAdmin, productAdmin } = runtime.services;
    const zoom = await attributeAdmin.createAttribute(attributeInput({ name: "Zoom" }), TEST_ORIGIN);
    const weight = await attributeAdmin.createAttribute(attributeInput({ name: "Weight" }), TEST_ORIGIN);
    // Two categories filtering by one attribute: the product selector lists both.
    const lenses = await categoryAdmin.createCategory(
      {
        name: "Zoom lenses",
        description: "",
        features: [
          { id: undefined, label: "Motorized" },
          { id: undefined, label: "Fixed" },
        ],
        attributes: [
          { attributeId: zoom, required: false, filter: true },
          { attributeId: weight, required: false, filter: true },
        ],
      },
      TEST_ORIGIN,
    );
    const optics = await categoryAdmin.createCategory(
      {
        name: "Zoom optics",
        description: "",
        features: [],
        attributes: [{ attributeId: zoom, required: false, filter: true }],
      },
      TEST_ORIGIN,
    );
    for (const [model, categoryId, values] of [
      ["LENS-1", lenses, { [zoom]: 3, [weight]: 200 }],
      ["LENS-2", lenses, { [zoom]: 10, [weight]: 150 }],
      ["LENS-3", lenses, { [zoom]: 5 }],
      ["OPTIC-1", optics, { [zoom]: 7 }],
    ] as const) {
      const made = await productAdmin.createProduct(
        await newProductInput(runtime, categoryId, model, { specValues: values }),
        TEST_ORIGIN,
      );
      ids.set(model, made.id);
    }
    const draft = await productAdmin.createProduct(
      await newProductInput(runtime, lenses, "LENS-DRAFT", { publication: { status: "draft" } }),
      TEST_ORIGIN,
    );
    ids.set("LENS-DRAFT", draft.id);
    // Every order and column of values is made once before the edits, so that the edits change them.
    await expectSameAsFresh();

    const edit = async (model: string, change: (input: ProductInput) => Partial<ProductInput>) => {
      const { version, input } = await editForm(id(model));
      return applied(() => productAdmin.updateProduct(id(model), version, { ...input, ...change(input) }, TEST_ORIGIN));
    };
    const motorized = await feature(lenses, "Motorized");
    const discontinued = {
      stage: "discontinued",
      endOfSaleOn: "2026-01-31",
      discontinuedOn: "2026-02-01",
      firmwareUntil: null,
      repairsUntil: null,
    } as const;
    const steps: [string, (input: ProductInput) => Partial<ProductInput>][] = [
      ["LENS-2", () => ({ description: "A longer zoom" })],
      ["LENS-2", () => ({ featureIds: [motorized] })],
      ["LENS-1", () => ({ specValues: { [zoom]: 12, [weight]: 90 } })],
      ["LENS-3", () => ({ lifecycle: discontinued })],
      ["OPTIC-1", () => ({ lifecycle: discontinued, specValues: { [zoom]: 1 } })],
      ["LENS-3", () => ({ lifecycle: { ...discontinued, stage: "active", endOfSaleOn: null, discontinuedOn: null } })],
      ["LENS-DRAFT", () => ({ description: "Still a draft" })],
    ];
    for (const [model, change] of steps) {
      expect(await edit(model, change)).toBe("in place");
      await expectSameAsFresh();
    }
    // Its first download puts it on /support; its last one gone takes it off.
    const manual = await stageText(runtime, "lens.pdf", "lens manual");
    expect(await edit("LENS-1", () => ({ downloads: [{ fileId: manual.id, description: "Manual" }] }))).toBe(
      "in place",
    );
    expect((await catalog.listSupportDownloads({ pageSize: 100 })).products.map((item) => item.model)).toContain(
      "LENS-1",
    );
    await expectSameAsFresh();
    expect(
      await edit("LENS-1", (input) => ({
        downloads: input.downloads.map((item) => ({ ...item, description: "User manual" })),
      })),
    ).toBe("in place");
    await expectSameAsFresh();
    expect(await edit("LENS-1", () => ({ downloads: [] }))).toBe("in place");
    await expectSameAsFresh();
    expect(
      (await catalog.listProducts({ categoryId: lenses, featureIds: [motorized] })).products.map((item) => item.model),
    ).toEqual(["LENS-2"]);
    // One transaction that touches the category, leaving it as it was, and discontinues a product of it.
    expect(
      await applied(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update ${categories} set name = name where id = ${lenses}`);
          await tx.execute(
            sql`update ${products} set lifecycle = 'discontinued', end_of_sale_on = '2026-01-31', discontinued_on = '2026-02-01' where id = ${id("LENS-2")}`,
          );
        }),
      ),
    ).toBe("in place");
    expect((await catalog.listCategories()).find((category) => category.id === lenses)?.productCount).toBe(2);
    await expectSameAsFresh();
  });

  it("holds one family's specifications in shared pieces once served, and every page reads them as written", async () => {
    const { categoryAdmin, productAdmin } = runtime.services;
    const family = await categoryAdmin.createCategory({ name: "Family", description: "", features: [] }, TEST_ORIGIN);
    // A family's datasheet: most lines shared, a few of each model's own.
    const datasheet = (model: string, lens: string) =>
      [
        `Model: ${model}`,
        'Image Sensor: 1/2.8" progressive scan CMOS, starlight',
        "Effective Pixels: 2560 × 1440 (4MP)",
        `Lens: ${lens}, F1.6`,
        "Minimum Illumination: Color 0.002 lux @ F1.6, B/W 0 lux with IR",
        "Wide Dynamic Range: 120 dB true WDR",
        "Compression: H.265+, H.265, H.264+, H.264, MJPEG",
        "Protection: IP67, IK10",
        "Operating Conditions: −30 °C – 60 °C, humidity ≤ 95%",
      ].join("\n");
    const table = (model: string) => [
      ["Model", model],
      ["Power", "PoE (802.3af), 12 V DC ± 25%"],
      ["Storage", "microSD up to 512 GB"],
      ["Network", "RJ45 10/100 Mbps"],
    ];
    const written = new Map<string, Pick<ProductInput, "specs" | "specsTable">>();
    for (const [index, lens] of ["2.8 mm", "4 mm", "6 mm", "2.8–12 mm motorized", "8 mm"].entries()) {
      const model = `PACK-${index + 1}`;
      // A product's specifications are a text or a table.
      const specs =
        index % 2 === 0
          ? { specs: datasheet(model, lens), specsTable: null }
          : { specs: null, specsTable: table(model) };
      const made = await productAdmin.createProduct(await newProductInput(runtime, family, model, specs), TEST_ORIGIN);
      ids.set(model, made.id);
      written.set(model, specs);
    }
    const served = fresh();
    const asRead = await served.describe();
    const held = await served.packedSpecifications();
    expect(held.held).toBeLessThan(held.read / 2);
    expect(await served.describe()).toEqual(asRead);
    const expectWritten = async (snapshot: CatalogSnapshot) => {
      for (const [model, specs] of written) {
        const page = await snapshot.getProduct(id(model));
        expect({ specs: page?.specs, specsTable: page?.specsTable }).toEqual(specs);
      }
    };
    await expectWritten(served);
    // An edit afterwards is held in the same pieces and read back as written.
    const { version, input } = await editForm(id("PACK-2"));
    const edited = { specs: `${datasheet("PACK-2", "3.6 mm")}\nAudio: 1 in, 1 out — G.711`, specsTable: null };
    await productAdmin.updateProduct(id("PACK-2"), version, { ...input, ...edited }, TEST_ORIGIN);
    written.set("PACK-2", edited);
    await served.catchUp();
    await expectWritten(served);
    expect(await served.describe()).toEqual(await fresh().describe());
  });
});
