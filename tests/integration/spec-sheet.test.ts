import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { CATALOG_COLUMNS, MAX_IMPORT_ROWS, type ImportPreview } from "#app/domain/catalog-sheet";
import type { AttributeInput } from "#app/domain/forms/attribute";
import { formatSpecValue } from "#app/domain/spec-attributes";
import { csvLine, parseCsv } from "#app/server/platform/csv.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { attributeInput as input } from "#tests/support/spec-attributes";
import { newProductInput } from "#tests/support/products";
import { stageBytes, stageImage, stageText } from "#tests/support/staged-files";

describe.each(DATABASE_KINDS)("typed values in the catalog's spreadsheet on %s", (kind) => {
  let started: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  const ids = new Map<string, string>();
  const idOf = (name: string) => ids.get(name) ?? "";

  beforeAll(async () => {
    started = await startTestRuntime(kind);
    runtime = started.runtime;
    const { attributeAdmin, categoryAdmin, productAdmin } = runtime.services;
    const made = async (name: string, rest: Partial<AttributeInput>) =>
      ids.set(name, await attributeAdmin.createAttribute(input({ name, ...rest }), TEST_ORIGIN));
    await made("Focal length", { group: "Lens", type: "range", unit: "mm", precision: 1 });
    await made("IR range", { group: "Image", unit: "m", precision: 1 });
    await made("IP rating", { group: "Environment", type: "choice", choices: [{ label: "IP66" }, { label: "IP67" }] });
    await made("Audio", { group: "Video", type: "boolean" });
    // In no category: no column.
    await made("Weight", { group: "Physical", unit: "g" });
    const domes = await categoryAdmin.createCategory(
      {
        name: "Domes",
        description: "",
        features: [],
        attributes: [
          { attributeId: idOf("Focal length"), required: true, filter: true },
          { attributeId: idOf("IR range"), required: false, filter: true },
          { attributeId: idOf("IP rating"), required: false, filter: true },
          { attributeId: idOf("Audio"), required: false, filter: false },
        ],
      },
      TEST_ORIGIN,
    );
    ids.set("Domes", domes);
    const mounts = await categoryAdmin.createCategory({ name: "Mounts", description: "", features: [] }, TEST_ORIGIN);
    const product = async (categoryId: string, model: string, specTexts: Record<string, string | string[]>) =>
      productAdmin.createProduct(await newProductInput(runtime, categoryId, model, { specTexts }), TEST_ORIGIN);
    const ip = await attributeAdmin.getAttribute(idOf("IP rating"));
    await product(domes, "D-1", {
      [idOf("Focal length")]: "2.8-12",
      [idOf("IR range")]: "30",
      [idOf("IP rating")]: ip?.choices[1]?.id ?? "",
      [idOf("Audio")]: "yes",
    });
    await product(domes, "D-2", { [idOf("Focal length")]: "4" });
    await product(mounts, "M-1", {});
  });
  afterAll(async () => {
    await started?.close();
  });

  async function exported(): Promise<string[][]> {
    return parseCsv(await runtime.services.catalogExport.csv(), MAX_IMPORT_ROWS + 1);
  }

  async function stageCsv(rows: string[][]): Promise<string> {
    return (await stageText(runtime, "catalog.csv", rows.map((row) => csvLine(row)).join(""))).id;
  }

  function set(rows: string[][], model: string, column: string, value: string) {
    const at = rows[0]?.indexOf(column) ?? -1;
    const row = rows.find((cells) => cells[0] === model);
    if (at < 0 || !row) throw new Error(`no cell ${model} / ${column}`);
    row[at] = value;
  }

  const outcomes = (preview: ImportPreview) => preview.rows.map((row) => [row.model, row.outcome, row.details]);

  /** A product's values as its page shows them. */
  async function shown(model: string) {
    const product = await runtime.services.catalog.getProduct(model.toLowerCase());
    return product?.specValues.map((spec) => [spec.attribute.name, formatSpecValue(spec.attribute, spec.value)]);
  }

  it("exports a column an attribute with its unit, by group, and reads itself back unchanged", async () => {
    const rows = await exported();
    const header = rows[0] ?? [];
    expect(header.slice(0, CATALOG_COLUMNS.length)).toEqual([...CATALOG_COLUMNS]);
    // Image, Lens, Video, Environment: the dashboard's order of groups.
    expect(header.slice(CATALOG_COLUMNS.length)).toEqual(["IR range (m)", "Focal length (mm)", "Audio", "IP rating"]);
    const typed = (model: string) => rows.find((cells) => cells[0] === model)?.slice(CATALOG_COLUMNS.length);
    expect(typed("D-1")).toEqual(["30", "2.8\u201312", "Yes", "IP67"]);
    expect(typed("D-2")).toEqual(["", "4", "", ""]);
    expect(typed("M-1")).toEqual(["", "", "", ""]);

    const { catalogImport, catalogExport } = runtime.services;
    const fromCsv = await catalogImport.check({ sheetFileId: await stageCsv(rows), fileIds: [] });
    expect(fromCsv.counts).toMatchObject({ update: 0, unchanged: 3, error: 0 });
    const fromExcel = await catalogImport.check({
      sheetFileId: (await stageBytes(runtime, "catalog.xlsx", await catalogExport.xlsx())).id,
      fileIds: [],
    });
    expect(fromExcel.counts).toMatchObject({ update: 0, unchanged: 3, error: 0 });
    const workbook = XLSX.read(await catalogExport.xlsx());
    const sheetRows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets.Products ?? {}, { header: 1 });
    expect(sheetRows[0]?.slice(CATALOG_COLUMNS.length)).toEqual(header.slice(CATALOG_COLUMNS.length));
  });

  it("imports edited values, in other units and any letter case, with the changed columns named", async () => {
    const rows = await exported();
    set(rows, "D-1", "IR range (m)", "98 ft");
    set(rows, "D-2", "IP rating", "ip66");
    set(rows, "D-2", "Focal length (mm)", "2.8 - 12 mm");
    const request = { sheetFileId: await stageCsv(rows), fileIds: [] };
    const preview = await runtime.services.catalogImport.check(request);
    expect(outcomes(preview)).toEqual([
      ["D-1", "update", ["Changes: IR range (m)"]],
      ["D-2", "update", ["Changes: Focal length (mm), IP rating"]],
    ]);
    expect(
      await runtime.services.catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN),
    ).toEqual({
      applied: preview.counts,
    });
    expect(await shown("D-1")).toEqual([
      ["Focal length", "2.8\u201312 mm"],
      ["IR range", "29.9 m (98.1 ft)"],
      ["IP rating", "IP67"],
      ["Audio", "Yes"],
    ]);
    expect(await shown("D-2")).toEqual([
      ["Focal length", "2.8\u201312 mm"],
      ["IP rating", "IP66"],
    ]);
    // A file without the attributes' columns leaves the values as they are.
    const plain = (await exported()).map((cells) => cells.slice(0, CATALOG_COLUMNS.length));
    set(plain, "D-1", "Description", "Still the D-1");
    const without = { sheetFileId: await stageCsv(plain), fileIds: [] };
    const checked = await runtime.services.catalogImport.check(without);
    expect(outcomes(checked)).toEqual([["D-1", "update", ["Changes: Description"]]]);
    await runtime.services.catalogImport.apply({ ...without, fingerprint: checked.fingerprint }, TEST_ORIGIN);
    expect(await shown("D-1")).toHaveLength(4);
  });

  it("refuses bad values row by row, saying which column and why, and writes nothing", async () => {
    const rows = await exported();
    set(rows, "D-1", "IR range (m)", "far");
    set(rows, "D-1", "IP rating", "IP99");
    set(rows, "D-2", "Focal length (mm)", "");
    set(rows, "M-1", "Audio", "Yes");
    const header = rows[0] ?? [];
    rows.push(
      header.map(
        (column) => ({ Model: "D-9", Category: "Domes", Description: "New", "Main image": "d9.png" })[column] ?? "",
      ),
    );
    const image = await stageImage(runtime, "d9.png", "#123456");
    const request = { sheetFileId: await stageCsv(rows), fileIds: [image] };
    const preview = await runtime.services.catalogImport.check(request);
    expect(preview.counts).toMatchObject({ error: 4, update: 0, create: 0 });
    const [d1, d2, m1, d9] = preview.rows;
    expect(d1?.details).toEqual([
      expect.stringMatching(/^IR range \(m\): Enter a number in m/),
      'IP rating: "IP99" is not one of IP66, IP67',
    ]);
    expect(d2?.details).toEqual(["Focal length (mm): Focal length required"]);
    expect(m1?.details).toEqual(["Audio: the category Mounts has no such attribute"]);
    expect(d9?.details).toEqual(["Focal length (mm): Focal length required"]);
    const result = await runtime.services.catalogImport.apply(
      { ...request, fingerprint: preview.fingerprint },
      TEST_ORIGIN,
    );
    expect(result).toMatchObject({ message: expect.stringContaining("Nothing was imported") });
    expect(await shown("D-1")).toContainEqual(["IR range", "29.9 m (98.1 ft)"]);
  });
});
