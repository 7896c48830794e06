import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { readCatalogRecords } from "#app/server/import-export/catalog-export.server";
import { CATALOG_COLUMNS as EXPORT_COLUMNS } from "#app/domain/catalog-sheet";
import { categoryFeatures } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { stageImage, stageText } from "#tests/support/staged-files";

describe("exporting the catalog", () => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    test = await startTestRuntime("pglite");
    runtime = test.runtime;
  });
  afterAll(async () => {
    await test?.close();
  });

  it("writes every product, drafts too, as CSV and Excel that read back the same", async () => {
    const { categoryAdmin, productAdmin, catalogExport } = runtime.services;
    const categoryId = await categoryAdmin.createCategory(
      {
        name: "Domes",
        description: "",
        features: [
          { id: undefined, label: "PoE" },
          { id: undefined, label: "IR 10" },
          { id: undefined, label: "IR 2" },
        ],
      },
      TEST_ORIGIN,
    );
    const features = await runtime.database.db
      .select({ id: categoryFeatures.id, label: categoryFeatures.label })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.categoryId, categoryId));
    const base = {
      categoryId,
      specs: null,
      specsTable: null,
      ndaa: true,
      featureIds: [] as string[],
      additionalImages: [],
      accessoryIds: [] as string[],
      downloads: [],
    };
    const mount = await productAdmin.createProduct(
      {
        ...base,
        model: "mount-1",
        description: '=HYPERLINK("http://evil.example")',
        imageFileId: await stageImage(runtime, "mount.png", "#222222"),
        publication: { status: "draft" },
      },
      TEST_ORIGIN,
    );
    const manual = await stageText(runtime, "Dome manual.pdf", "manual");
    await productAdmin.createProduct(
      {
        ...base,
        model: "Dome-2",
        name: "4MP Dome, Indoor",
        description: 'A dome, with commas, "quotes"\nand two lines',
        specsTable: [
          ["Resolution", "4 MP"],
          ["Lens", "2.8 mm", "fixed"],
        ],
        ndaa: false,
        featureIds: features.map((feature) => feature.id),
        imageFileId: await stageImage(runtime, "dome.png", "#444444"),
        additionalImages: [{ fileId: await stageImage(runtime, "side.png", "#666666") }],
        accessoryIds: [mount.id],
        downloads: [{ fileId: manual.id, description: "Manual" }],
      },
      TEST_ORIGIN,
    );

    // Each product's version as it is now: an import of the file later tells a product saved since.
    const versions = new Map(
      (await readCatalogRecords(runtime.database.db)).map((record) => [record.model, String(record.version)]),
    );
    const expected = [
      [...EXPORT_COLUMNS],
      [
        "Dome-2",
        "4MP Dome, Indoor",
        "Domes",
        'A dome, with commas, "quotes"\nand two lines',
        "",
        "Resolution | 4 MP\nLens | 2.8 mm | fixed",
        "No",
        "IR 2; IR 10; PoE",
        "mount-1",
        // Lifecycle, its four days, replacements (decision 072).
        "Active",
        "",
        "",
        "",
        "",
        "",
        "dome.png",
        "side.png",
        "Dome manual.pdf",
        "Published",
        versions.get("Dome-2"),
      ],
      [
        "mount-1",
        "",
        "Domes",
        '=HYPERLINK("http://evil.example")',
        "",
        "",
        "Yes",
        "",
        "Dome-2",
        "Active",
        "",
        "",
        "",
        "",
        "",
        "mount.png",
        "",
        "",
        "Draft",
        versions.get("mount-1"),
      ],
    ];
    const { header, rows } = await catalogExport.sheet();
    expect([header, ...rows]).toEqual(expected);

    const csv = await catalogExport.csv();
    expect(csv.startsWith("\uFEFFModel,Name,Category,")).toBe(true);
    // A spreadsheet never runs a value as a formula.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const fromCsv = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(csv.slice(1), { type: "string", raw: true }).Sheets.Sheet1 ?? {},
      { header: 1, raw: false, defval: "" },
    );
    expect(fromCsv[1]).toEqual(expected[1]);

    const book = XLSX.read(await catalogExport.xlsx(), { type: "buffer" });
    const sheet = book.Sheets.Products ?? {};
    expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: "" })).toEqual(expected);
    // Text, not a formula.
    expect(sheet.D3?.t).toBe("s");
    expect(sheet.D3?.f).toBeUndefined();
  });
});
