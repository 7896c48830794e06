import { cameraOptics, opticsValuesOf } from "#app/domain/coverage";
import fs from "node:fs";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { selectRows, type Database } from "#app/server/db/client.server";
import {
  categories,
  categoryFeatures,
  downloads,
  files,
  infoItems,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
  siteSettings,
} from "#app/server/db/schema";
import { DEMO_CATALOG, DEMO_CATEGORY_NAMES, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { DEMO_ATTRIBUTES, DEMO_CAMERA_CATEGORIES } from "../../demo/attributes";
import { DEMO_KNOWN_MODELS } from "#tests/support/demo-models";
import { loadDemoCatalogIfEmpty } from "../../demo/load";
import { parseEnv } from "#app/server/platform/env.server";
import { startRuntime, type Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, testDatabaseConfig, type DatabaseKind } from "#tests/support/database";

type Config = Awaited<ReturnType<typeof testDatabaseConfig>>;

async function startFor(kind: DatabaseKind): Promise<{ runtime: Runtime; config: Config }> {
  const config = await testDatabaseConfig(kind);
  const runtime = await startRuntime(
    parseEnv({ DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl, LOG_LEVEL: "silent" }),
  );
  return { runtime, config };
}

/** Every stored file's key (its path below DATA_DIR/files), leaving out half-written uploads. */
function storedKeys(dataDir: string): string[] {
  const root = path.join(dataDir, "files");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((key) => !key.startsWith(".tmp"))
    .sort();
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const TABLES = {
  categories,
  categoryFeatures,
  products,
  productFeatures,
  productImages,
  productAccessories,
  productDownloads,
  downloads,
  infoItems,
  siteSettings,
  files,
};

async function tableCounts(db: Database): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ value: count() }).from(table);
      return [name, row?.value ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

describe.each(DATABASE_KINDS)("the demo catalog on %s", (kind) => {
  let runtime: Runtime;
  let config: Config;
  let db: Database;

  beforeAll(async () => {
    ({ runtime, config } = await startFor(kind));
    db = runtime.database.db;
  });
  afterAll(async () => {
    await runtime?.close();
    config?.cleanup();
  });

  it("loads into an empty database and says so", async () => {
    expect(await loadDemoCatalogIfEmpty(runtime)).toBe(true);
  });

  it("has at least six categories, each with a description and several features", async () => {
    const rows = await db.select().from(categories).orderBy(asc(categories.name));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.map((row) => row.name).sort()).toEqual([...DEMO_CATEGORY_NAMES].sort());
    const features = await db.select().from(categoryFeatures);
    for (const category of rows) {
      expect(category.description.length).toBeGreaterThan(40);
      expect(features.filter((feature) => feature.categoryId === category.id).length).toBeGreaterThanOrEqual(4);
    }
    // Labels like "2MP" … "12mm" only come out right with a numeric sort.
    const byCategory = groupBy(features, (feature) => feature.categoryId);
    const needsNaturalSort = [...byCategory.values()].some((list) => {
      const labels = list.map((feature) => feature.label);
      const plain = [...labels].sort();
      const natural = [...labels].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
      return plain.join("|") !== natural.join("|");
    });
    expect(needsNaturalSort).toBe(true);
  });

  it("has at least forty products, each with a description, features of its own category and a main image", async () => {
    const rows = await db
      .select({ product: products, file: files })
      .from(products)
      .innerJoin(files, eq(files.id, products.imageFileId));
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(rows.length).toBe(DEMO_PRODUCTS.length);
    const featureRows = await db
      .select({ productId: productFeatures.productId, featureCategory: categoryFeatures.categoryId })
      .from(productFeatures)
      .innerJoin(categoryFeatures, eq(categoryFeatures.id, productFeatures.featureId));
    for (const { product, file } of rows) {
      expect(product.model).toMatch(/^VNT-[A-Z0-9-]+$/);
      expect(product.description.length).toBeGreaterThan(60);
      const own = featureRows.filter((row) => row.productId === product.id);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((row) => row.featureCategory === product.categoryId)).toBe(true);
      expect(file.contentType).toBe("image/jpeg");
      expect(file.width).toBe(800);
      expect(file.height).toBe(600);
      const metadata = await sharp(path.join(config.dataDir, "files", file.storageKey)).metadata();
      expect(metadata.format).toBe("jpeg");
    }
    const models = rows.map((row) => row.product.model);
    for (const model of Object.values(DEMO_KNOWN_MODELS)) expect(models).toContain(model);
  });

  it("stores specs as text on most products and as a table on some, never both", async () => {
    const rows = await db.select().from(products);
    const withText = rows.filter((row) => row.specs !== null);
    const withTable = rows.filter((row) => row.specsTable !== null);
    expect(withText.length).toBeGreaterThan(rows.length / 2);
    expect(withTable.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((row) => row.specs !== null && row.specsTable !== null)).toBe(false);
    for (const row of withText) {
      const lines = (row.specs ?? "").split("\n");
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.every((line) => /^[^:]+: .+/.test(line))).toBe(true);
    }
    for (const row of withTable) {
      const table = row.specsTable ?? [];
      expect(table[0]).toEqual(["Parameter", "Value"]);
      expect(table.length).toBeGreaterThan(5);
      expect(table.every((cells) => cells.length === 2 && cells.every((cell) => typeof cell === "string"))).toBe(true);
    }
    const table = rows.find((row) => row.model === DEMO_KNOWN_MODELS.withSpecsTable);
    expect(table?.specs).toBeNull();
    expect(table?.specsTable?.length).toBeGreaterThan(5);
  });

  it("gives every camera its typed values, read from its datasheet, with enough variety to filter by", async () => {
    const { catalog } = runtime.services;
    const cameras = DEMO_PRODUCTS.filter((product) => DEMO_CAMERA_CATEGORIES.includes(product.category));
    expect(cameras.length).toBeGreaterThan(25);
    const named = new Map<string, Set<string>>();
    for (const camera of cameras) {
      const page = await catalog.getProduct(camera.model.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
      const names = (page?.specValues ?? []).map((spec) => spec.attribute.name);
      // A thermal-only camera has no visible channel: no IR illuminator, its datasheet says so.
      const expected = DEMO_ATTRIBUTES.map((attribute) => attribute.name).filter(
        (name) => !(camera.model === "VNT-TH640-25" && name === "IR range"),
      );
      expect(names, camera.model).toEqual(expected);
      // Every camera's page has the coverage calculator.
      expect(cameraOptics(opticsValuesOf(page?.specValues ?? [])), camera.model).not.toBeNull();
      for (const spec of page?.specValues ?? []) {
        const values = named.get(spec.attribute.name) ?? new Set<string>();
        values.add(JSON.stringify(spec.value));
        named.set(spec.attribute.name, values);
      }
    }
    for (const [name, values] of named) expect(values.size, name).toBeGreaterThanOrEqual(3);
    // Recorders and accessories have none.
    const category = await catalog.getCategory("accessories");
    expect(category?.attributes).toEqual([]);
  });

  it("marks most products NDAA compliant and a few not", async () => {
    const rows = await db.select({ model: products.model, ndaa: products.ndaa }).from(products);
    const compliant = rows.filter((row) => row.ndaa).length;
    expect(compliant).toBeGreaterThan(rows.length * 0.8);
    expect(compliant).toBeLessThan(rows.length);
    expect(rows.find((row) => row.model === DEMO_KNOWN_MODELS.notNdaa)?.ndaa).toBe(false);
  });

  it("has the words people search for in models, descriptions and specs", async () => {
    for (const word of ["starlight", "WDR", "IP67", "H.265", "thermal", "PoE"]) {
      const [row] = await selectRows<{ hits: number }>(
        db,
        sql`select count(*)::int as hits from ${products}
          where ${products.model} ilike ${`%${word}%`} or ${products.description} ilike ${`%${word}%`}
            or ${products.specs} ilike ${`%${word}%`}`,
      );
      expect(row?.hits, word).toBeGreaterThan(0);
    }
  });

  it("gives several products two or more additional images, numbered from 0", async () => {
    const rows = await db
      .select({ image: productImages, file: files })
      .from(productImages)
      .innerJoin(files, eq(files.id, productImages.fileId));
    const byProduct = groupBy(rows, (row) => row.image.productId);
    const withTwoOrMore = [...byProduct.values()].filter((list) => list.length >= 2);
    expect(withTwoOrMore.length).toBeGreaterThanOrEqual(5);
    for (const list of byProduct.values()) {
      expect(list.map((row) => row.image.position).sort()).toEqual(list.map((_, index) => index));
      expect(list.every((row) => row.file.contentType.startsWith("image/"))).toBe(true);
    }
  });

  it("describes every product picture: the model and the view it shows", async () => {
    const mains = await db.select({ model: products.model, alt: products.imageAlt }).from(products);
    for (const { model, alt } of mains) expect(alt).toBe(`${model}, front view`);
    const extras = await db
      .select({ model: products.model, alt: productImages.alt })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId));
    for (const { model, alt } of extras)
      expect(alt).toMatch(new RegExp(`^${model}, (angle|night mode|thermal|detail) view$`));
  });

  it("relates products in accessory pairs, one row per pair with the smaller id first", async () => {
    const rows = await db.select().from(productAccessories);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(row.productA < row.productB).toBe(true);
    const dome = await db.select().from(products).where(eq(products.model, DEMO_KNOWN_MODELS.dome));
    const domeId = dome[0]?.id ?? "";
    expect(rows.filter((row) => row.productA === domeId || row.productB === domeId).length).toBeGreaterThanOrEqual(2);
  });

  it("attaches downloads to most products and offers general downloads", async () => {
    const productFiles = await db
      .select({ download: productDownloads, file: files })
      .from(productDownloads)
      .innerJoin(files, eq(files.id, productDownloads.fileId));
    const productsWithDownloads = new Set(productFiles.map((row) => row.download.productId));
    expect(productsWithDownloads.size).toBeGreaterThan(DEMO_PRODUCTS.length * 0.8);
    const descriptions = productFiles.map((row) => row.download.description);
    expect(descriptions).toContain("User Manual");
    expect(descriptions).toContain("Datasheet");
    expect(descriptions.some((description) => /^Firmware \d+\.\d+\.\d+/.test(description))).toBe(true);

    const general = await db
      .select({ download: downloads, file: files })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId));
    expect(general.length).toBeGreaterThanOrEqual(5);
    expect(general.map((row) => row.download.description)).toContain("NDAA Compliance Statement");

    for (const { file } of [...productFiles, ...general]) {
      const bytes = fs.readFileSync(path.join(config.dataDir, "files", file.storageKey));
      expect(bytes.length).toBe(file.size);
      expect(bytes.length).toBeGreaterThan(200);
      if (file.originalName.endsWith(".pdf")) {
        expect(file.contentType).toBe("application/pdf");
        expect(bytes.subarray(-6).toString("latin1")).toBe("%%EOF\n");
      } else {
        expect(file.originalName).toMatch(/\.txt$/);
      }
    }
  });

  it("fills the home page with banners, cards and images, a banner on top", async () => {
    const rows = await db
      .select()
      .from(infoItems)
      .orderBy(sql`${infoItems.sortAt} desc`);
    const ofType = (type: string) => rows.filter((row) => row.type === type);
    expect(ofType("banner").length).toBeGreaterThanOrEqual(2);
    expect(ofType("card").length).toBeGreaterThanOrEqual(3);
    expect(ofType("image").length).toBeGreaterThanOrEqual(2);
    expect(rows[0]?.type).toBe("banner");
    expect(new Set(rows.map((row) => row.sortAt.getTime())).size).toBe(rows.length);
    for (const banner of ofType("banner")) expect(banner.content?.length).toBeGreaterThan(20);
    for (const card of ofType("card")) {
      expect(card.heading?.length).toBeGreaterThan(3);
      expect(card.content?.length).toBeGreaterThan(20);
    }
    expect(ofType("card").filter((card) => card.imageFileId).length).toBeGreaterThan(ofType("card").length / 2);
    expect(ofType("image").every((item) => item.imageFileId)).toBe(true);
    // Each picture is described, and only pictures are.
    for (const row of rows) expect(row.imageAlt.length > 0, row.heading ?? row.type).toBe(row.imageFileId !== null);
    // Added on days of their own, so lists that show the day tell them apart; never edited since.
    expect(new Set(rows.map((row) => row.createdAt.toISOString().slice(0, 10))).size).toBe(rows.length);
    for (const row of rows) expect(row.updatedAt).toEqual(row.createdAt);
  });

  it("draws the home page's image items at their slot's 16:9 and its cards' pictures at 4:3", async () => {
    const rows = await db
      .select({ type: infoItems.type, width: files.width, height: files.height })
      .from(infoItems)
      .innerJoin(files, eq(files.id, infoItems.imageFileId));
    for (const { type, width, height } of rows) {
      expect((width ?? 0) * (type === "image" ? 9 : 3), type).toBe((height ?? 0) * (type === "image" ? 16 : 4));
    }
  });

  it("has firmware for every camera and recorder: stable and beta releases over two years, with notes", async () => {
    const { firmware } = runtime.services;
    const all = await firmware.list({ pageSize: 1_000 });
    expect(all.total).toBe(DEMO_CATALOG.firmware.length);
    expect(new Set(all.items.map((release) => release.channel))).toEqual(new Set(["stable", "beta"]));
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // Newest first, the latest within the last month, the oldest about two years back.
    expect((all.items[0]?.releasedOn ?? "") >= day(31)).toBe(true);
    expect((all.items.at(-1)?.releasedOn ?? "9") <= day(365)).toBe(true);
    for (const release of all.items) expect(release.notes).toContain("### Fixed");
    const rows = await db.select({ id: products.id, model: products.model }).from(products);
    const withFirmware = new Set(all.items.flatMap((release) => release.products.map((product) => product.id)));
    const cameras = DEMO_PRODUCTS.filter((product) => !product.model.startsWith("VNT-AC-"));
    for (const product of cameras) {
      const id = rows.find((row) => row.model === product.model)?.id ?? "";
      expect(withFirmware.has(id), product.model).toBe(true);
      expect(await firmware.latestStable(id), product.model).not.toBeNull();
    }
  });

  it("stores site settings that the settings service reads back", async () => {
    const settings = await runtime.services.settings.getSiteSettings();
    expect(settings.companyName).toBe("Vantage");
    expect(settings.contactEmail).toMatch(/@/);
    expect(settings.socialLinks.length).toBeGreaterThanOrEqual(2);
    expect(settings.copyrightHolder.length).toBeGreaterThan(0);
  });

  it("claims every file and keeps exactly those files' bytes in storage", async () => {
    const rows = await db.select().from(files);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((row) => row.staged)).toEqual([]);
    expect(storedKeys(config.dataDir)).toEqual(rows.map((row) => row.storageKey).sort());
    for (const row of rows) {
      expect(fs.statSync(path.join(config.dataDir, "files", row.storageKey)).size).toBe(row.size);
    }
  });

  it("does nothing when called again", async () => {
    const before = await tableCounts(db);
    expect(await loadDemoCatalogIfEmpty(runtime)).toBe(false);
    expect(await tableCounts(db)).toEqual(before);
    expect(storedKeys(config.dataDir).length).toBe(before.files);
  });
});

describe("the demo catalog on a database that already has a category", () => {
  let runtime: Runtime;
  let config: Config;

  beforeAll(async () => {
    ({ runtime, config } = await startFor("pglite"));
  });
  afterAll(async () => {
    await runtime?.close();
    config?.cleanup();
  });

  it("leaves it alone", async () => {
    await runtime.database.db.insert(categories).values({ name: "Our Own Cameras" });
    expect(await loadDemoCatalogIfEmpty(runtime)).toBe(false);
    const counts = await tableCounts(runtime.database.db);
    expect(counts).toMatchObject({ categories: 1, products: 0, infoItems: 0, downloads: 0, files: 0, siteSettings: 0 });
    expect(storedKeys(config.dataDir)).toEqual([]);
  });
});

describe("a demo load that fails while writing", () => {
  let runtime: Runtime;
  let config: Config;

  beforeAll(async () => {
    ({ runtime, config } = await startFor("pglite"));
  });
  afterAll(async () => {
    await runtime?.close();
    config?.cleanup();
  });

  it("rolls everything back, removes the files it stored, and can be run again", async () => {
    const db = runtime.database.db;
    // The info items are written last, after every file has been claimed.
    await db.execute(sql`create function demo_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db.execute(sql`create trigger demo_test_fail before insert on info_items
      for each statement execute function demo_test_fail()`);

    await expect(loadDemoCatalogIfEmpty(runtime)).rejects.toThrow(/info_items/);
    const counts = await tableCounts(db);
    expect(Object.values(counts).every((value) => value === 0)).toBe(true);
    expect(storedKeys(config.dataDir)).toEqual([]);

    await db.execute(sql`drop trigger demo_test_fail on info_items`);
    expect(await loadDemoCatalogIfEmpty(runtime)).toBe(true);
    expect((await tableCounts(db)).products).toBe(DEMO_PRODUCTS.length);
  });
});

describe("a demo load into a storage that refuses a write for a moment", () => {
  let runtime: Runtime;
  let config: Config;

  beforeAll(async () => {
    ({ runtime, config } = await startFor("pglite"));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await runtime?.close();
    config?.cleanup();
  });

  it("asks again and loads everything", async () => {
    const write = vi.spyOn(runtime.storage, "write");
    write.mockRejectedValueOnce(new Error("SlowDown: please reduce your request rate"));
    write.mockRejectedValueOnce(new Error("SlowDown: please reduce your request rate"));
    expect(await loadDemoCatalogIfEmpty(runtime)).toBe(true);
    expect((await tableCounts(runtime.database.db)).products).toBe(DEMO_PRODUCTS.length);
    // Every file the rows name is stored: none was lost to the refused writes.
    const keys = new Set(storedKeys(config.dataDir));
    const rows = await runtime.database.db.select({ key: files.storageKey }).from(files);
    expect(rows.every((row) => keys.has(row.key))).toBe(true);
  });
});
