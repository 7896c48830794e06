import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { readAll } from "#app/server/platform/streams.server";
import { startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { attributeInput } from "#tests/support/spec-attributes";
import { stageImage } from "#tests/support/staged-files";

describe("product datasheets", () => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    test = await startTestRuntime("pglite");
    runtime = test.runtime;
  });
  afterAll(async () => {
    await test?.close();
  });

  async function text(key: string): Promise<string> {
    const parser = new PDFParse({ data: new Uint8Array(await readAll(runtime.storage.read(key))) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }

  it("is made once per content, drops the one before, and draws what its fonts cannot as ?", async () => {
    const { categoryAdmin, productAdmin, catalog, settings } = runtime.services;
    const categoryId = await categoryAdmin.createCategory(
      { name: "Thermal", description: "", features: [] },
      TEST_ORIGIN,
    );
    const input = {
      categoryId,
      model: "TH-1",
      name: "640 Thermal Bullet Camera",
      description: "Measures −20 to 550 °C ≤ 2 % error at 640 × 512; 温度 alarms.\nWorks in rain.",
      specs: "Resolution: 640 × 512\nFrame rate: 30 fps",
      specsTable: [
        ["Lens", "25 mm"],
        ["Weight", "1.2 kg"],
        ["Certifications", Array.from({ length: 400 }, (_, index) => `Standard-${index}`).join(" ")],
      ],
      ndaa: false,
      featureIds: [],
      imageFileId: await stageImage(runtime, "th.png", "#884422"),
      additionalImages: [],
      accessoryIds: [],
      downloads: [],
    };
    const { id } = await productAdmin.createProduct(input, TEST_ORIGIN);
    const site = await settings.getSiteSettings();
    const product = await catalog.getProduct(id);
    if (!product) throw new Error("no product");

    const first = await runtime.datasheets.datasheetOf(product, site);
    const words = await text(first.key);
    expect(words).toContain("TH-1");
    expect(words).toContain("640 Thermal Bullet Camera");
    // The page it names is the product's readable address.
    expect(words).toContain("/catalog/products/th-1");
    expect(words).toContain("Not NDAA compliant");
    expect(words).toContain("Lens");
    expect(words).toContain("25 mm");
    expect(words).toContain("Measures ?20 to 550 °C ? 2 % error at 640 × 512; ?? alarms.");
    // A line break is a new line, not a "?"; a row longer than a page runs on to the next.
    expect(words).not.toContain("alarms.?");
    expect(words).toContain("Works in rain.");
    expect(words).toContain("Standard-0");
    expect(words).toContain("Standard-399");
    // Asked again: the same one, not made again.
    const again = await runtime.datasheets.datasheetOf(product, site);
    expect([again.key, again.etag]).toEqual([first.key, first.etag]);
    expect(Buffer.compare(Buffer.from(again.bytes), Buffer.from(first.bytes))).toBe(0);

    const [row] = await runtime.database.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, id));
    await productAdmin.updateProduct(
      id,
      row?.version ?? 0,
      {
        ...input,
        imageFileId: undefined,
        specsTable: undefined,
        model: "TH-2",
        lifecycle: {
          stage: "discontinued",
          endOfSaleOn: null,
          discontinuedOn: "2026-03-01",
          firmwareUntil: "2031-03-01",
          repairsUntil: null,
        },
      },
      TEST_ORIGIN,
    );
    const changed = await catalog.getProduct(id);
    if (!changed) throw new Error("no product");
    const second = await runtime.datasheets.datasheetOf(changed, site);
    expect(second.key).not.toBe(first.key);
    const secondText = await text(second.key);
    expect(secondText).toContain("TH-2");
    // Its lifecycle under the NDAA statement (decision 072).
    expect(secondText.replace(/\s+/g, " ")).toContain(
      "Lifecycle: Discontinued on 1 Mar 2026; firmware updates until 1 Mar 2031",
    );
    expect(await runtime.storage.stat(first.key)).toBeNull();
  });

  it("prints the typed values in their groups with units, the prose after them", async () => {
    const { attributeAdmin, categoryAdmin, productAdmin, catalog, settings } = runtime.services;
    const attribute = (name: string, group: string, type: "number" | "range", unit: "mm" | "m") =>
      attributeAdmin.createAttribute(attributeInput({ name, group, type, unit, precision: 1 }), TEST_ORIGIN);
    const focal = await attribute("Focal length", "Lens", "range", "mm");
    const ir = await attribute("IR range", "Image", "number", "m");
    const categoryId = await categoryAdmin.createCategory(
      {
        name: "Domes",
        description: "",
        features: [],
        attributes: [
          { attributeId: focal, required: false, filter: true },
          { attributeId: ir, required: false, filter: true },
        ],
      },
      TEST_ORIGIN,
    );
    const { id } = await productAdmin.createProduct(
      {
        categoryId,
        model: "D-1",
        description: "A dome.",
        specs: "Housing: aluminium",
        specsTable: null,
        ndaa: true,
        featureIds: [],
        imageFileId: await stageImage(runtime, "d.png", "#224488"),
        additionalImages: [],
        accessoryIds: [],
        downloads: [],
        specTexts: { [focal]: "2.8-12 mm", [ir]: "30 m" },
      },
      TEST_ORIGIN,
    );
    const product = await catalog.getProduct(id);
    if (!product) throw new Error("no product");
    const words = await text((await runtime.datasheets.datasheetOf(product, await settings.getSiteSettings())).key);
    const lines = words.split("\n").map((line) => line.trim());
    const at = (line: string) => lines.findIndex((candidate) => candidate.startsWith(line));
    expect(at("LENS")).toBeGreaterThan(at("Specifications"));
    expect(lines[at("LENS") + 1]).toMatch(/^Focal length\s+2\.8\u201312 mm$/);
    expect(at("IMAGE")).toBeGreaterThan(at("LENS"));
    expect(lines[at("IMAGE") + 1]).toMatch(/^IR range\s+30 m \(98\.4 ft\)$/);
    expect(at("More specifications")).toBeGreaterThan(at("IMAGE"));
    expect(lines[at("More specifications") + 1]).toBe("Housing: aluminium");
  });
});
