import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Catalog } from "#app/server/site/catalog.server";
import type { Database } from "#app/server/db/client.server";
import {
  categories,
  categoryFeatures,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
} from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { CatalogSnapshot, MOST_TOUCHED_IN_PLACE } from "#app/server/site/catalog-snapshot.server";
import { DataWatch } from "#app/server/platform/data-watch.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { selectsBy } from "#tests/support/queries";

/** One stored file, staged as an upload would be: a 2×2 PNG, or a text document. */
async function stageFile(runtime: Runtime, kind: "image" | "document"): Promise<string> {
  const bytes =
    kind === "image"
      ? await sharp({ create: { width: 2, height: 2, channels: 3, background: "#336699" } })
          .png()
          .toBuffer()
      : Buffer.from("Quick start guide\n");
  const row = await runtime.files.stage({
    body: (async function* () {
      yield new Uint8Array(bytes);
    })(),
    originalName: kind === "image" ? "pixel.png" : "guide.txt",
    uploadedBy: null,
    requireImage: kind === "image",
  });
  return row.id;
}

/** A category of four features and products with pictures, downloads and accessories, by raw inserts. */
async function seed(runtime: Runtime) {
  const [imageId, secondImageId, documentId] = [
    await stageFile(runtime, "image"),
    await stageFile(runtime, "image"),
    await stageFile(runtime, "document"),
  ];
  return runtime.database.db.transaction(async (tx) => {
    await runtime.files.claim(tx, [imageId, secondImageId], { images: true });
    await runtime.files.claim(tx, [documentId], { images: false });
    const [cameras, locks] = await tx
      .insert(categories)
      .values([
        { name: "Cameras", description: "Every camera." },
        { name: "locks", description: "" },
      ])
      .returning({ id: categories.id });
    if (!cameras || !locks) throw new Error("no categories");
    const features = await tx
      .insert(categoryFeatures)
      .values(["Zoom 10x", "Zoom 2x", "Audio", "PoE"].map((label) => ({ categoryId: cameras.id, label })))
      .returning({ id: categoryFeatures.id, label: categoryFeatures.label });
    const feature = (label: string) => features.find((row) => row.label === label)?.id ?? "";
    // Models out of order and in mixed case: every listing sorts them ignoring letter case.
    const rows = await tx
      .insert(products)
      .values(
        ["cam-c", "CAM-A", "cam-b", "Cam-D", "cam-e"].map((model) => ({
          model,
          description: `${model} description`,
          categoryId: cameras.id,
          imageFileId: imageId,
        })),
      )
      .returning({ id: products.id, model: products.model });
    const id = (model: string) => rows.find((row) => row.model === model)?.id ?? "";
    const has: Record<string, string[]> = {
      "CAM-A": ["Zoom 2x", "Audio", "PoE"],
      "cam-b": ["Audio", "PoE"],
      "cam-c": ["Zoom 10x", "PoE"],
      "Cam-D": ["Audio"],
      "cam-e": [],
    };
    await tx
      .insert(productFeatures)
      .values(
        Object.entries(has).flatMap(([model, labels]) =>
          labels.map((label) => ({ productId: id(model), featureId: feature(label) })),
        ),
      );
    await tx.insert(productImages).values([
      { productId: id("CAM-A"), fileId: secondImageId, alt: "Second", position: 1 },
      { productId: id("CAM-A"), fileId: imageId, alt: "First", position: 0 },
    ]);
    await tx.insert(productDownloads).values([
      { productId: id("CAM-A"), fileId: documentId, description: "Later", position: 1 },
      { productId: id("CAM-A"), fileId: documentId, description: "Earlier", position: 0 },
    ]);
    const pair = (a: string, b: string) => (id(a) < id(b) ? [id(a), id(b)] : [id(b), id(a)]) as [string, string];
    await tx
      .insert(productAccessories)
      .values([pair("CAM-A", "cam-c"), pair("CAM-A", "cam-b")].map(([productA, productB]) => ({ productA, productB })));
    return { cameras: cameras.id, locks: locks.id, feature, id };
  });
}

describe.each(DATABASE_KINDS)("the public catalog read from memory on %s", (kind) => {
  let runtime: Runtime;
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let catalog: Catalog;
  let db: Database;
  let seeded: Awaited<ReturnType<typeof seed>>;

  const models = async (options: Parameters<Catalog["listProducts"]>[0]) =>
    (await catalog.listProducts(options)).products.map((product) => product.model);

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    catalog = runtime.services.catalog;
    db = runtime.database.db;
    seeded = await seed(runtime);
  });
  afterAll(async () => {
    // The runtime is one per process: the next database kind starts its own.
    await started?.close();
  });

  it("lists categories by name ignoring case, with their product counts", async () => {
    expect(await catalog.listCategories()).toEqual([
      { id: seeded.cameras, slug: "cameras", name: "Cameras", description: "Every camera.", productCount: 5 },
      { id: seeded.locks, slug: "locks", name: "locks", description: "", productCount: 0 },
    ]);
    expect((await catalog.getCategory(seeded.cameras))?.features.map((feature) => feature.label)).toEqual([
      "Audio",
      "PoE",
      "Zoom 2x",
      "Zoom 10x",
    ]);
    expect(await catalog.getCategory("not-a-uuid")).toBeNull();
    expect(await catalog.getCategory(seeded.id("CAM-A"))).toBeNull();
  });

  it("keeps the products that have every chosen feature, and counts each feature among them", async () => {
    const { feature, cameras } = seeded;
    expect(await models({ categoryId: cameras })).toEqual(["CAM-A", "cam-b", "cam-c", "Cam-D", "cam-e"]);
    const audio = await catalog.listProducts({ categoryId: cameras, featureIds: [feature("Audio")] });
    expect(audio.products.map((product) => product.model)).toEqual(["CAM-A", "cam-b", "Cam-D"]);
    expect(audio.featureCounts).toEqual({ [feature("Audio")]: 3, [feature("PoE")]: 2, [feature("Zoom 2x")]: 1 });
    expect(await models({ categoryId: cameras, featureIds: [feature("Audio"), feature("PoE")] })).toEqual([
      "CAM-A",
      "cam-b",
    ]);
    // The same feature twice is one feature; one no product has with another leaves none.
    expect(await models({ categoryId: cameras, featureIds: [feature("PoE"), feature("PoE")] })).toHaveLength(3);
    expect(await models({ categoryId: cameras, featureIds: [feature("Zoom 10x"), feature("Audio")] })).toEqual([]);
    expect(await models({ categoryId: seeded.locks })).toEqual([]);
  });

  it("pages through a listing, a page past the end giving the last", async () => {
    const second = await catalog.listProducts({ page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pageCount: 3, featureCounts: {} });
    expect(second.products.map((product) => product.model)).toEqual(["cam-c", "Cam-D"]);
    expect(await catalog.listProducts({ page: 99, pageSize: 2 })).toMatchObject({ page: 3 });
    expect(await catalog.listProducts({ page: -3, pageSize: 2 })).toMatchObject({ page: 1 });
  });

  it("gives a product's page with its features, pictures, downloads and accessories in order", async () => {
    const product = await catalog.getProduct(seeded.id("CAM-A"));
    expect(product).toMatchObject({
      model: "CAM-A",
      category: { id: seeded.cameras, name: "Cameras" },
      features: [{ label: "Audio" }, { label: "PoE" }, { label: "Zoom 2x" }],
      additionalImages: [{ alt: "First" }, { alt: "Second" }],
      downloads: [{ description: "Earlier", file: { name: "guide.txt" } }, { description: "Later" }],
      accessories: [{ model: "cam-b" }, { model: "cam-c" }],
    });
    // Accessories go both ways.
    // Each with its main picture, which the product page shows.
    expect((await catalog.getProduct(seeded.id("cam-c")))?.accessories).toEqual([
      {
        id: seeded.id("CAM-A"),
        slug: "cam-a",
        model: "CAM-A",
        name: "",
        image: expect.objectContaining({ url: expect.stringMatching(/^\/files\//) }),
      },
    ]);
    expect(await catalog.getProduct("not-a-uuid")).toBeNull();
    expect(await catalog.getProduct("x".repeat(500))).toBeNull();
    expect(await catalog.getProduct(seeded.cameras)).toBeNull();
  });

  it("sees every change to what a page shows, however it is made, once the database says so", async () => {
    // Raw SQL, as another instance, a script or an operator would write: heard through the database.
    const { id, feature, cameras } = seeded;
    await db.execute(sql`update ${categoryFeatures} set label = 'Two-way audio' where id = ${feature("Audio")}`);
    await expect
      .poll(async () => (await catalog.getProduct(id("CAM-A")))?.features.map((row) => row.label))
      .toEqual(["PoE", "Two-way audio", "Zoom 2x"]);
    await db.delete(productFeatures).where(eq(productFeatures.productId, id("cam-b")));
    await expect.poll(() => models({ categoryId: cameras, featureIds: [feature("PoE")] })).toEqual(["CAM-A", "cam-c"]);
    await db.execute(sql`update ${productImages} set alt = 'Renamed' where alt = 'First'`);
    await expect
      .poll(async () => (await catalog.getProduct(id("CAM-A")))?.additionalImages.map((image) => image.alt))
      .toEqual(["Renamed", "Second"]);
    await db.execute(sql`delete from ${productDownloads} where description = 'Later'`);
    await expect
      .poll(async () => (await catalog.getProduct(id("CAM-A")))?.downloads.map((row) => row.description))
      .toEqual(["Earlier"]);
    await db.execute(sql`delete from ${productAccessories}`);
    await expect.poll(async () => (await catalog.getProduct(id("cam-c")))?.accessories).toEqual([]);
    await db.execute(sql`update ${products} set category_id = ${seeded.locks} where model = 'cam-e'`);
    await expect
      .poll(async () => (await catalog.listCategories()).map((category) => category.productCount))
      .toEqual([4, 1]);
  });

  it("sees this instance's own writes at the very next read, and asks the database only after a change", async () => {
    // Once the notices of earlier changes are in, a read asks the database nothing (the spy passes
    // every call through): were the counters read each time, this would never come true.
    await expect.poll(() => selectsBy(db, () => catalog.getProduct(seeded.id("Cam-D")))).toBe(0);
    // A write of this instance announces itself before its response leaves: no waiting for the notice.
    await db.execute(sql`update ${products} set description = 'Own write' where model = 'Cam-D'`);
    runtime.ownWrites.publish({ topics: ["products"] });
    expect((await catalog.getProduct(seeded.id("Cam-D")))?.description).toBe("Own write");
  });

  it("finds a record made elsewhere whose notice has not come in yet, when it is asked for by id", async () => {
    await catalog.listCategories();
    // The notices of another instance's write can come after the request it leads to (an admin sent
    // to the record just made, on the other instance): here none arrive at all.
    const deaf = vi.spyOn(DataWatch.prototype, "changed").mockImplementation(() => undefined);
    try {
      const [made] = await db
        .insert(categories)
        .values({ name: "Made elsewhere", description: "" })
        .returning({ id: categories.id });
      expect((await catalog.getCategory(made?.id ?? ""))?.name).toBe("Made elsewhere");
      await db.delete(categories).where(eq(categories.id, made?.id ?? ""));
    } finally {
      deaf.mockRestore();
    }
  });

  it("gives the dashboard what is committed now, when another instance's notice has not come in yet", async () => {
    await catalog.listCategories();
    // An admin's save through the other instance, then the admin's next page on this one, whose
    // notice of the save is late: here it never arrives.
    const deaf = vi.spyOn(DataWatch.prototype, "changed").mockImplementation(() => undefined);
    // One change before each read: a read that rebuilds leaves the next one nothing stale to show.
    try {
      await db.execute(sql`update ${products} set description = 'Saved elsewhere' where model = 'cam-c'`);
      expect((await catalog.getAnyProduct(seeded.id("cam-c")))?.description).toBe("Saved elsewhere");

      await db.execute(sql`update ${products} set model = 'cam-c-renamed' where model = 'cam-c'`);
      const picked = await catalog.searchProductModels("c-renamed");
      expect(picked.products.map((product) => product.model)).toEqual(["cam-c-renamed"]);

      await db.execute(sql`update ${categories} set description = 'Renamed elsewhere' where name = 'locks'`);
      expect((await catalog.getCategory(seeded.locks, { latest: true }))?.description).toBe("Renamed elsewhere");

      await db.execute(sql`update ${categories} set description = 'Described elsewhere' where name = 'locks'`);
      const listed = await catalog.listCategories({ drafts: true });
      expect(listed.find((category) => category.id === seeded.locks)?.description).toBe("Described elsewhere");
    } finally {
      deaf.mockRestore();
      await db.execute(sql`update ${categories} set description = '' where name = 'locks'`);
      await db.execute(sql`update ${products} set model = 'cam-c' where model = 'cam-c-renamed'`);
    }
  });

  it("rebuilds in slices, pausing between them, the catalog it would read at once", async () => {
    let pauses = 0;
    const pause = () => {
      pauses += 1;
      return new Promise<void>((resolve) => setImmediate(resolve));
    };
    // Two rows or products a slice: the five products' rows, their assembly, their search index and,
    // once served, the holding of their specifications in pieces are each cut at least twice, whatever
    // the tests before changed.
    const sliced = new CatalogSnapshot(db, new DataWatch(), { size: 2, pause });
    const listing = await sliced.listProducts({ pageSize: 100 });
    await sliced.packedSpecifications();
    expect(pauses).toBeGreaterThanOrEqual(2 + 2 + 2 + 2);
    const searched = await sliced.search("cam", 10, []);
    pauses = 0;
    // Slices larger than the catalog: read and assembled at once, never paused.
    const whole = new CatalogSnapshot(db, new DataWatch(), { size: 1_000, pause });
    expect(listing).toEqual(await whole.listProducts({ pageSize: 100 }));
    await whole.packedSpecifications();
    expect(pauses).toBe(0);

    expect(listing.products.map((product) => product.model)).toEqual(["CAM-A", "cam-b", "cam-c", "Cam-D", "cam-e"]);
    expect(await sliced.listCategories({ drafts: true })).toEqual(await whole.listCategories({ drafts: true }));
    for (const model of ["CAM-A", "cam-b", "cam-c", "Cam-D", "cam-e"]) {
      expect(await sliced.getAnyProduct(seeded.id(model))).toEqual(await whole.getAnyProduct(seeded.id(model)));
    }
    expect(searched).toEqual(await whole.search("cam", 10, []));
    expect(searched.products.map((product) => product.model)).toEqual(["CAM-A", "cam-b", "cam-c", "Cam-D", "cam-e"]);
    expect(await sliced.searchModels("cam", 10, new Set())).toEqual(await whole.searchModels("cam", 10, new Set()));
  });

  it("goes on answering visitors from the catalog served while it reads the whole catalog again", async () => {
    // A rebuild that cannot finish until the test lets it: its slices wait at the gate.
    let gate: Promise<void> | undefined;
    let openGate: () => void = () => undefined;
    const watch = new DataWatch();
    const gated = new CatalogSnapshot(db, watch, {
      size: 1_000,
      pause: () => gate ?? new Promise<void>((resolve) => setImmediate(resolve)),
    });
    const before = await gated.listProducts({ pageSize: 100 });
    const everyProduct = async () =>
      (await gated.listCategories({ drafts: true })).reduce((sum, category) => sum + category.productCount, 0);
    const everyBefore = await everyProduct();
    gate = new Promise<void>((resolve) => (openGate = resolve));
    // More products at once than are changed in place: the catalog is read again whole.
    await db.execute(sql`insert into ${products} (model, description, category_id, image_file_id)
      select 'many-' || n, 'One of many', category_id, image_file_id
      from ${products}, generate_series(1, ${MOST_TOUCHED_IN_PLACE + 1}) as n where model = 'cam-e'`);
    try {
      watch.changed("products");
      // Visitors read the catalog as it was, at once, however many times they ask.
      for (let read = 0; read < 3; read += 1) expect(await gated.listProducts({ pageSize: 100 })).toEqual(before);
      // The dashboard waits for the catalog as committed.
      const committed = everyProduct();
      openGate();
      gate = undefined;
      expect(await committed).toBe(everyBefore + MOST_TOUCHED_IN_PLACE + 1);
      expect((await gated.listProducts({ pageSize: 100 })).total).toBe(before.total + MOST_TOUCHED_IN_PLACE + 1);
    } finally {
      openGate();
      gate = undefined;
      await db.execute(sql`delete from ${products} where model like 'many-%'`);
      // The runtime's own catalog reads them whole again too: the tests after this one start once it has.
      await runtime.catalogSnapshot.catchUp();
    }
  });

  it("answers many reads at once from one rebuild", async () => {
    await db.execute(sql`update ${products} set description = 'Changed' where model = 'Cam-D'`);
    runtime.ownWrites.publish({ topics: ["products"] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => catalog.getProduct(seeded.id("Cam-D"))));
    for (const answer of answers) expect(answer?.description).toBe("Changed");
  });
});
