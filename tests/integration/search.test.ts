import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_SEARCH_LENGTH, MODEL_SEARCH_LIMIT, normalizeSearchQuery, SEARCH_LIMIT } from "#app/domain/search";
import type { SearchResults } from "#app/domain/catalog-views";
import type { Database } from "#app/server/db/client.server";
import { categories, products } from "#app/server/db/schema";
import type { Catalog } from "#app/server/site/catalog.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { PATIENCE_MS } from "#tests/support/patience";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";

const CATEGORIES = [
  { key: "dome", name: "Dome Cameras", description: "Discreet vandal-resistant domes for ceilings." },
  // Lower-case first letter: the order must ignore letter case.
  { key: "bullet", name: "bullet cameras", description: "Long-range ÜBERWACHUNG for car parks." },
  { key: "access", name: "Access Control", description: "Door readers with 100% uptime." },
] as const;

type CategoryKey = (typeof CATEGORIES)[number]["key"];

/** Longer than MAX_SEARCH_LENGTH. */
const RELEASE_NOTES =
  "Release notes: the reader keeps working through power cuts and network outages, logs every entry " +
  "and exit, and syncs again when it is back online.";

const PRODUCTS: {
  model: string;
  description: string;
  specs?: string;
  specsTable?: string[][];
  category: CategoryKey;
}[] = [
  {
    model: "VNT-D4M-AI28",
    description: "Starlight dome with an F1.0 lens.",
    specs: 'Image Sensor: 1/1.8" progressive scan CMOS\nNight Vision: Smart IR, up to 30 m',
    category: "dome",
  },
  {
    model: "vnt-b2m",
    description: "Budget bullet that draws 50% less power.",
    specsTable: [
      ["Lens", "2.8 mm fixed"],
      ["Housing", "Über-strong aluminium"],
      ["Sensor", '1/2.7" CMOS'],
      ["Mount path", "C:\\mounts\\wall"],
    ],
    category: "bullet",
  },
  {
    model: "VNT_X1",
    description: "Reader for the Straße entrance.",
    specs: `Firmware path: D:\\fw\\x1.bin\n${RELEASE_NOTES}`,
    category: "access",
  },
  { model: "alpha-box", description: "Junction box for dome cameras.", category: "dome" },
  { model: "Zeta-Cam", description: "Corner camera, ÄÖÜ tested.", category: "bullet" },
];

/** A 2×2 PNG, staged as an upload would be and claimed by the products written in `tx`. */
async function stageImage(runtime: Runtime): Promise<string> {
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const row = await runtime.files.stage({
    body: (async function* () {
      yield new Uint8Array(png);
    })(),
    originalName: "pixel.png",
    uploadedBy: null,
    requireImage: true,
  });
  return row.id;
}

async function seed(runtime: Runtime): Promise<{ imageFileId: string; categoryIds: Record<CategoryKey, string> }> {
  const imageFileId = await stageImage(runtime);
  return runtime.database.db.transaction(async (tx) => {
    await runtime.files.claim(tx, [imageFileId], { images: true });
    const rows = await tx
      .insert(categories)
      .values(CATEGORIES.map(({ name, description }) => ({ name, description })))
      .returning({ id: categories.id, name: categories.name });
    const categoryIds = Object.fromEntries(
      CATEGORIES.map((category) => [category.key, rows.find((row) => row.name === category.name)?.id ?? ""]),
    ) as Record<CategoryKey, string>;
    await tx.insert(products).values(
      PRODUCTS.map((product) => ({
        model: product.model,
        description: product.description,
        specs: product.specs ?? null,
        specsTable: product.specsTable ?? null,
        categoryId: categoryIds[product.category],
        imageFileId,
      })),
    );
    return { imageFileId, categoryIds };
  });
}

function names(results: SearchResults) {
  return {
    categories: results.categories.map((category) => category.name),
    products: results.products.map((product) => product.model),
    total: results.total,
  };
}

/** The catalog of the runtime the current `describe` started. */
let catalog: Catalog;

async function found(query: string) {
  return names(await catalog.search(query));
}

async function modelsFound(query: string, exclude: string[] = []) {
  const { products: matches, total } = await catalog.searchProductModels(query, exclude);
  return { models: matches.map((product) => product.model), total };
}

describe.each(DATABASE_KINDS)("search on %s", (kind) => {
  let runtime: Runtime;
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let db: Database;
  let seeded: Awaited<ReturnType<typeof seed>>;

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

  it("finds a product by its model in any letter case", async () => {
    for (const query of ["VNT-D4M", "vnt-d4m", "Vnt-D4m-Ai28"]) {
      expect(await found(query), query).toEqual({ categories: [], products: ["VNT-D4M-AI28"], total: 1 });
    }
    expect((await found("VNT-B2M")).products).toEqual(["vnt-b2m"]);
  });

  it("finds a product by its description, its specs text or a cell of its specs table", async () => {
    expect((await found("STARLIGHT dome")).products).toEqual(["VNT-D4M-AI28"]);
    expect((await found("progressive SCAN cmos")).products).toEqual(["VNT-D4M-AI28"]);
    expect((await found("smart ir, UP TO 30")).products).toEqual(["VNT-D4M-AI28"]);
    expect((await found("ALUMINIUM")).products).toEqual(["vnt-b2m"]);
    expect((await found("2.8 MM FIXED")).products).toEqual(["vnt-b2m"]);
    expect((await found("mount path")).products).toEqual(["vnt-b2m"]);
  });

  it("finds table cells holding quotes and backslashes, but never the table's JSON punctuation", async () => {
    expect((await found('2.7" cmos')).products).toEqual(["vnt-b2m"]);
    expect((await found("c:\\mounts\\WALL")).products).toEqual(["vnt-b2m"]);
    // The word in a description ranks before the word in a table cell.
    expect((await found('"lens"')).products).toEqual(["VNT-D4M-AI28", "vnt-b2m"]);
    for (const query of ['["', '", "', "[[", "]]"]) {
      expect(await found(query), query).toEqual({ categories: [], products: [], total: 0 });
    }
  });

  it("finds categories by name or description in any letter case, ordered by name ignoring case", async () => {
    // Products in a category named so come before one whose description says so.
    expect(await found("CAMERAS")).toEqual({
      categories: ["bullet cameras", "Dome Cameras"],
      products: ["alpha-box", "vnt-b2m", "VNT-D4M-AI28", "Zeta-Cam"],
      total: 6,
    });
    expect(await found("door READERS")).toEqual({ categories: ["Access Control"], products: [], total: 1 });
    const [category] = (await runtime.services.catalog.search("vandal-resistant")).categories;
    expect(category).toEqual({
      id: seeded.categoryIds.dome,
      slug: "dome-cameras",
      name: "Dome Cameras",
      description: "Discreet vandal-resistant domes for ceilings.",
    });
  });

  it("lower-cases letters beyond ASCII the same way on both sides, whatever the server's locale", async () => {
    for (const query of ["ÜBERWACHUNG", "überwachung", "Überwachung", "üBERWACHUNG"]) {
      expect(await found(query), query).toEqual({ categories: ["bullet cameras"], products: [], total: 1 });
    }
    for (const query of ["über-strong", "ÜBER-STRONG"]) {
      expect((await found(query)).products, query).toEqual(["vnt-b2m"]);
    }
    for (const query of ["straße", "STRAßE"]) {
      expect((await found(query)).products, query).toEqual(["VNT_X1"]);
    }
    for (const query of ["äöü", "ÄÖÜ", "Äöü"]) {
      expect((await found(query)).products, query).toEqual(["Zeta-Cam"]);
    }
  });

  it("finds nothing for text that is nowhere", async () => {
    expect(await found("fisheye")).toEqual({ categories: [], products: [], total: 0 });
    expect(await found("VNT-D4M-AI29")).toEqual({ categories: [], products: [], total: 0 });
    // Every word must match somewhere in the same product or category.
    expect(await found("dome bullet")).toEqual({ categories: [], products: [], total: 0 });
    expect(await found("starlight aluminium")).toEqual({ categories: [], products: [], total: 0 });
  });

  it("searches words, never patterns: punctuation separates words and alone finds nothing", async () => {
    expect(await found("50%")).toEqual({ categories: [], products: ["vnt-b2m"], total: 1 });
    expect(await found("\\fw\\")).toEqual({ categories: [], products: ["VNT_X1"], total: 1 });
    expect((await found("vnt_x1")).products).toEqual(["VNT_X1"]);
    for (const query of ["%", "_", "\\", ".*", "[]", "^$"]) {
      expect(await found(query), query).toEqual({ categories: [], products: [], total: 0 });
    }
    // As patterns these would match "dome"; as words they match words holding them.
    for (const query of ["(dome)", "^dome", "dome$", "[dome]"]) {
      expect((await found(query)).categories, query).toEqual(["Dome Cameras"]);
    }
    const punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    for (const char of punctuation) {
      await expect(runtime.services.catalog.search(char), char).resolves.toBeDefined();
      await expect(runtime.services.catalog.search(`a${char}{2}${char}`), char).resolves.toBeDefined();
    }
  });

  it("trims the query, and an empty or blank one finds nothing", async () => {
    expect(await found("   starlight dome \t")).toEqual({ categories: [], products: ["VNT-D4M-AI28"], total: 1 });
    for (const query of ["", " ", "\t\n  "]) {
      expect(await found(query), JSON.stringify(query)).toEqual({ categories: [], products: [], total: 0 });
    }
  });

  it("cuts a very long query to its first MAX_SEARCH_LENGTH characters, and survives odd characters", async () => {
    expect(RELEASE_NOTES.length).toBeGreaterThan(MAX_SEARCH_LENGTH);
    const long = `${RELEASE_NOTES.slice(0, MAX_SEARCH_LENGTH)} and then words that are nowhere`;
    expect(await found(long)).toEqual({ categories: [], products: ["VNT_X1"], total: 1 });
    expect(await found(`${RELEASE_NOTES} and then words that are nowhere`)).toEqual({
      categories: [],
      products: ["VNT_X1"],
      total: 1,
    });
    expect(await found(`${RELEASE_NOTES.slice(0, 50)} and then words that are nowhere`)).toEqual({
      categories: [],
      products: [],
      total: 0,
    });
    const cut = `${"x".repeat(MAX_SEARCH_LENGTH - 9)}starlight`;
    expect(normalizeSearchQuery(`${cut} and more`)).toBe(cut);
    expect(normalizeSearchQuery(`  ${"😀".repeat(MAX_SEARCH_LENGTH + 5)}`)).toBe("😀".repeat(MAX_SEARCH_LENGTH));
    expect(normalizeSearchQuery(`${"a".repeat(MAX_SEARCH_LENGTH - 1)} tail`)).toBe("a".repeat(MAX_SEARCH_LENGTH - 1));
    await expect(runtime.services.catalog.search("😀".repeat(MAX_SEARCH_LENGTH * 3))).resolves.toEqual({
      categories: [],
      products: [],
      total: 0,
      matched: [],
    });
    // PostgreSQL text cannot hold NUL; a query with one must not become a server error.
    expect(await found("star\u0000light")).toEqual({ categories: [], products: ["VNT-D4M-AI28"], total: 1 });
    expect(await found("\u0000starlight\u0000")).toEqual({ categories: [], products: ["VNT-D4M-AI28"], total: 1 });
  });

  it("ranks by where and how the words match, then by model, and counts every match beyond the limit", async () => {
    const all = await found("a");
    // A model's word starting with it, then one holding it; then the category's name, the description.
    expect(all.products).toEqual(["alpha-box", "VNT-D4M-AI28", "Zeta-Cam", "VNT_X1", "vnt-b2m"]);
    expect(all.categories).toEqual(["Access Control", "bullet cameras", "Dome Cameras"]);
    expect(all.total).toBe(8);

    const limited = await runtime.services.catalog.search("a", { limit: 2 });
    expect(names(limited)).toEqual({
      categories: ["Access Control", "bullet cameras"],
      products: ["alpha-box", "VNT-D4M-AI28"],
      total: 8,
    });
  });

  it("puts the model meant first: the same model, then one holding it with punctuation ignored", async () => {
    expect((await found("d4m")).products).toEqual(["VNT-D4M-AI28"]);
    for (const query of ["vntd4mai28", "VNT D4M AI28", "d4m-ai28", "D4MAI28", "ai28 d4m"]) {
      expect((await found(query)).products, query).toEqual(["VNT-D4M-AI28"]);
    }
  });

  it("forgives a typo in a word of five letters or more, two from nine, when exact matches are few", async () => {
    expect((await found("starlihgt")).products).toEqual(["VNT-D4M-AI28"]);
    expect((await found("aluminum")).products).toEqual(["vnt-b2m"]);
    expect((await found("prgoresive")).products).toEqual(["VNT-D4M-AI28"]);
    // Four letters: no typo forgiven.
    expect((await found("dmoe")).products).toEqual([]);
    // An exact match in one word, a typo in another.
    expect((await found("budget bulet")).products).toEqual(["vnt-b2m"]);
  });

  it("normalizes fullwidth forms, accents and letter case on both sides", async () => {
    expect((await found("ｄｏｍｅ")).categories).toEqual(["Dome Cameras"]);
    expect((await found("ＶＮＴ－Ｄ４Ｍ")).products).toEqual(["VNT-D4M-AI28"]);
    expect((await found("Überwachung")).categories).toEqual(["bullet cameras"]);
    expect((await found("uberwachung")).categories).toEqual(["bullet cameras"]);
    expect((await found("strasse")).products).toEqual(["VNT_X1"]);
    expect((await found("dôme")).categories).toEqual(["Dome Cameras"]);
  });

  it("says which words matched, typos' corrections included, for highlighting", async () => {
    expect((await catalog.search("starlihgt dome")).matched.sort()).toEqual(["dome", "starlight", "starlihgt"]);
  });

  it("returns what a product summary shows", async () => {
    const [product] = (await runtime.services.catalog.search("alpha-box")).products;
    expect(product).toMatchObject({
      model: "alpha-box",
      description: "Junction box for dome cameras.",
      ndaa: true,
      image: { id: seeded.imageFileId, width: 2, height: 2 },
    });
    expect(product?.image.url).toBe(`/files/${seeded.imageFileId}/pixel.png`);
  });

  it("searches models alone for the accessory picker: those starting with the text first", async () => {
    expect(await modelsFound("A")).toEqual({ models: ["alpha-box", "VNT-D4M-AI28", "Zeta-Cam"], total: 3 });
    expect(await modelsFound("vnt")).toEqual({ models: ["vnt-b2m", "VNT-D4M-AI28", "VNT_X1"], total: 3 });
    expect(await modelsFound("  -CAM ")).toEqual({ models: ["Zeta-Cam"], total: 1 });
    expect(await modelsFound("x1")).toEqual({ models: ["VNT_X1"], total: 1 });
    // Descriptions, specs and categories are not searched.
    for (const query of ["starlight", "junction", "aluminium", "dome cameras", "", "  ", "_"]) {
      expect(await modelsFound(query), query).toEqual({ models: [], total: 0 });
    }
  });

  it("leaves out the products it is told to, in the count too", async () => {
    const rows = await db.select({ id: products.id, model: products.model }).from(products);
    const idOf = (model: string) => rows.find((row) => row.model === model)?.id ?? "";
    expect(await modelsFound("a", [idOf("alpha-box"), idOf("Zeta-Cam")])).toEqual({
      models: ["VNT-D4M-AI28"],
      total: 1,
    });
    const [found] = (await runtime.services.catalog.searchProductModels("alpha")).products;
    expect(found).toMatchObject({ id: idOf("alpha-box"), image: { id: seeded.imageFileId, width: 2, height: 2 } });
  });

  describe("on a catalog of thousands of products", () => {
    const BULK = 3_000;

    beforeAll(async () => {
      await db.execute(sql`
        insert into ${products} (model, description, specs, specs_table, category_id, image_file_id)
        select 'BULK-' || n, 'Filler row number ' || n, 'Weight: ' || n || ' g',
               jsonb_build_array(jsonb_build_array('Row', n::text)),
               ${seeded.categoryIds.access}::uuid, ${seeded.imageFileId}::uuid
        from generate_series(1, ${BULK}) as n`);
      // Written by raw SQL, as a script would: the search hears of it from the database.
      await vi.waitFor(async () => expect((await runtime.services.catalog.search("filler row")).total).toBe(BULK), {
        timeout: PATIENCE_MS,
        interval: 50,
      });
    });

    it("still finds and counts the right rows", async () => {
      expect(await found("bulk-2999")).toEqual({ categories: [], products: ["BULK-2999"], total: 1 });
      expect(await found("WEIGHT: 1234 G")).toEqual({ categories: [], products: ["BULK-1234"], total: 1 });
      const many = await runtime.services.catalog.search("filler row");
      expect(many.total).toBe(BULK);
      expect(many.products).toHaveLength(SEARCH_LIMIT);
      expect(many.products[0]?.model).toBe("BULK-1");
    });

    it("lists the first few model matches and counts them all", async () => {
      // BULK-29 first, then BULK-290 … BULK-299 and BULK-2900 … BULK-2999, then the others holding 29.
      const prefixed = await modelsFound("bulk-29");
      expect(prefixed.total).toBe(159);
      expect(prefixed.models).toHaveLength(MODEL_SEARCH_LIMIT);
      expect(prefixed.models.slice(0, 3)).toEqual(["BULK-29", "BULK-290", "BULK-2900"]);
      // Those starting with the text come before those holding it further on, although they sort later.
      await db.insert(products).values({
        model: "ULK-29-SPARE",
        description: "Spare",
        categoryId: seeded.categoryIds.access,
        imageFileId: seeded.imageFileId,
      });
      await expect.poll(async () => (await modelsFound("ulk-29")).total).toBe(160);
      const mixed = await modelsFound("ulk-29");
      expect(mixed.models.slice(0, 3)).toEqual(["ULK-29-SPARE", "BULK-29", "BULK-290"]);
    });

    it("sees every change to products, however it is made, once the database says so", async () => {
      expect(await found("bulk-2999")).toMatchObject({ total: 1 });
      await db.execute(sql`update ${products} set model = 'RENAMED-2999' where model = 'BULK-2999'`);
      await expect.poll(() => found("bulk-2999")).toEqual({ categories: [], products: [], total: 0 });
      expect((await found("renamed-2999")).products).toEqual(["RENAMED-2999"]);
      await db.execute(sql`delete from ${products} where model = 'RENAMED-2999'`);
      await expect.poll(async () => (await found("renamed-2999")).total).toBe(0);
      expect((await runtime.services.catalog.search("filler row")).total).toBe(BULK - 1);
    });

    it("sees a renamed category once the database says so", async () => {
      await db.execute(sql`update ${categories} set name = 'Renamed Turrets' where id = ${seeded.categoryIds.access}`);
      await expect
        .poll(async () =>
          (await runtime.services.catalog.search("renamed turrets")).categories.map((category) => category.name),
        )
        .toEqual(["Renamed Turrets"]);
    });

    it("answers many searches at once from one rebuild", async () => {
      await db.execute(sql`update ${products} set description = description || ' again' where model = 'BULK-7'`);
      // As this instance's own write would announce itself: every search below must see it.
      runtime.ownWrites.publish({ topics: ["products"] });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => runtime.services.catalog.search("number 7 again")),
      );
      for (const answer of answers) expect(answer.total).toBe(1);
    });
  });
});
