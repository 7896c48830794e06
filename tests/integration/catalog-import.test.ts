import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { CATALOG_COLUMNS, IMPORT_MESSAGES, MAX_IMPORT_ROWS, type ImportPreview } from "#app/domain/catalog-sheet";
import { readCatalogRecords } from "#app/server/import-export/catalog-export.server";
import { ImportFileError } from "#app/server/import-export/catalog-import.server";
import { csvLine, parseCsv } from "#app/server/platform/csv.server";
import { auditLog, categoryFeatures, files, products, revisions } from "#app/server/db/schema";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { TEST_ORIGIN } from "#tests/support/origin";
import { stageBytes, stageImage, stageText } from "#tests/support/staged-files";

describe.each(DATABASE_KINDS)("importing the catalog on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    const { categoryAdmin, productAdmin } = runtime.services;
    const domes = await categoryAdmin.createCategory(
      { name: "Domes", description: "", features: ["PoE", "IR", "Audio"].map((label) => ({ id: undefined, label })) },
      TEST_ORIGIN,
    );
    await categoryAdmin.createCategory(
      { name: "Bullets", description: "", features: [{ id: undefined, label: "Zoom" }] },
      TEST_ORIGIN,
    );
    const poe = await runtime.database.db
      .select({ id: categoryFeatures.id })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.label, "PoE"));
    for (const [index, model] of ["Dome-1", "Dome-2", "Dome-3", "Dome-4", "Mount-1"].entries()) {
      const manual = await stageText(runtime, `${model} manual.pdf`, `manual ${model}`);
      await productAdmin.createProduct(
        {
          categoryId: domes,
          model,
          description: `The ${model}`,
          specs: `Resolution: ${index + 2} MP`,
          specsTable: undefined,
          ndaa: true,
          featureIds: poe.map((row) => row.id),
          imageFileId: await stageImage(runtime, `${model}.png`, "#336699"),
          additionalImages: [],
          accessoryIds: [],
          downloads: [{ fileId: manual.id, description: "Manual" }],
        },
        TEST_ORIGIN,
      );
    }
  });
  afterAll(async () => {
    await test?.close();
  });

  /** The catalog's export as editable rows (header first). */
  async function exported(): Promise<string[][]> {
    return parseCsv(await runtime.services.catalogExport.csv(), MAX_IMPORT_ROWS + 1);
  }

  async function stageCsv(rows: string[][], name = "catalog.csv"): Promise<string> {
    return (await stageText(runtime, name, rows.map((row) => csvLine(row)).join(""))).id;
  }

  function edit(rows: string[][], model: string, column: (typeof CATALOG_COLUMNS)[number], value: string) {
    const row = rows.find((cells) => cells[0] === model);
    if (!row) throw new Error(`no row ${model}`);
    row[CATALOG_COLUMNS.indexOf(column)] = value;
  }

  function outcomes(preview: ImportPreview) {
    return preview.rows.map((row) => [row.model, row.outcome, row.details]);
  }

  it("reads its own export back as unchanged, from CSV and from Excel", async () => {
    const rows = await exported();
    const fromCsv = await runtime.services.catalogImport.check({ sheetFileId: await stageCsv(rows), fileIds: [] });
    expect(fromCsv.counts).toEqual({ create: 0, update: 0, unchanged: 5, conflict: 0, error: 0 });
    expect(fromCsv.rows).toEqual([]);

    const workbook = await runtime.services.catalogExport.xlsx();
    const fromExcel = await runtime.services.catalogImport.check({
      sheetFileId: (await stageBytes(runtime, "catalog.xlsx", workbook)).id,
      fileIds: [],
    });
    expect(fromExcel.counts).toEqual({ create: 0, update: 0, unchanged: 5, conflict: 0, error: 0 });
  });

  it("previews exactly the edited rows, then applies them in one write with audit and history", async () => {
    const { catalogImport } = runtime.services;
    const rows = await exported();
    edit(rows, "Dome-1", "Description", "A sharper dome");
    edit(rows, "Dome-1", "Name", "2MP Sharp Dome Camera");
    edit(rows, "Dome-2", "Features", "PoE; Audio");
    edit(rows, "Dome-2", "NDAA compliant", "No");
    edit(rows, "Dome-3", "Accessories", "Mount-1");
    edit(rows, "Mount-1", "Accessories", "Dome-3");
    edit(rows, "Dome-4", "Status", "Draft");
    const request = { sheetFileId: await stageCsv(rows), fileIds: [] };
    const preview = await catalogImport.check(request);
    expect(preview.counts).toEqual({ create: 0, update: 5, unchanged: 0, conflict: 0, error: 0 });
    expect(outcomes(preview)).toEqual([
      ["Dome-1", "update", ["Changes: Name, Description"]],
      ["Dome-2", "update", ["Changes: NDAA compliant, Features"]],
      ["Dome-3", "update", ["Changes: Accessories"]],
      ["Dome-4", "update", ["Changes: Status"]],
      ["Mount-1", "update", ["Changes: Accessories"]],
    ]);
    // A check writes nothing.
    expect((await readCatalogRecords(runtime.database.db)).find((r) => r.model === "Dome-1")?.description).toBe(
      "The Dome-1",
    );

    const result = await catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN);
    expect(result).toEqual({ applied: preview.counts });
    const records = new Map((await readCatalogRecords(runtime.database.db)).map((r) => [r.model, r]));
    expect(records.get("Dome-1")?.description).toBe("A sharper dome");
    expect(records.get("Dome-1")?.name).toBe("2MP Sharp Dome Camera");
    expect((await runtime.services.catalog.getProduct("dome-1"))?.name).toBe("2MP Sharp Dome Camera");
    expect(records.get("Dome-2")?.features).toEqual(["Audio", "PoE"]);
    expect(records.get("Dome-2")?.ndaa).toBe(false);
    expect(records.get("Dome-3")?.accessories.map((a) => a.model)).toEqual(["Mount-1"]);
    expect(records.get("Mount-1")?.accessories.map((a) => a.model)).toEqual(["Dome-3"]);
    expect(records.get("Dome-4")?.publication.status).toBe("draft");
    // Untouched columns stayed as they were: the downloads and the specifications.
    expect(records.get("Dome-1")?.downloads.map((d) => d.description)).toEqual(["Manual"]);
    expect(records.get("Dome-1")?.specs).toBe("Resolution: 2 MP");

    const ids = [...records.values()].map((record) => record.id);
    const logged = await runtime.database.db
      .select({ kind: auditLog.kind, label: auditLog.recordLabel, details: auditLog.details })
      .from(auditLog)
      .where(inArray(auditLog.recordId, ids));
    expect(
      logged
        .filter((entry) => entry.details?.source === "import")
        .map((entry) => entry.label)
        .sort(),
    ).toEqual(["Dome-1", "Dome-2", "Dome-3", "Dome-4", "Mount-1"]);
    const history = await runtime.services.revisions.history("product", records.get("Dome-1")?.id ?? "");
    expect(history[0]?.changes).toContainEqual({
      kind: "changed",
      label: "Description",
      before: "The Dome-1",
      after: "A sharper dome",
    });

    // The sheet has served: applying it again finds no file to read.
    await expect(catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN)).rejects.toThrow(
      IMPORT_MESSAGES.chooseFile,
    );
  });

  it("applies nothing when the catalog changed since the check, and shows the new preview", async () => {
    const { catalogImport } = runtime.services;
    const sheet = async (description: string) => {
      const rows = await exported();
      edit(rows, "Dome-1", "Description", description);
      const request = { sheetFileId: await stageCsv(rows), fileIds: [] };
      return { request, preview: await catalogImport.check(request) };
    };
    const mine = await sheet("Mine");
    const theirs = await sheet("Theirs");
    await catalogImport.apply({ ...theirs.request, fingerprint: theirs.preview.fingerprint }, TEST_ORIGIN);
    const late = await catalogImport.apply({ ...mine.request, fingerprint: mine.preview.fingerprint }, TEST_ORIGIN);
    // Dome-1 was saved (by the other import) after this file was exported: applying it now would undo
    // that save, so the new preview holds it back for the admin to decide.
    expect(late).toMatchObject({
      message: IMPORT_MESSAGES.changedSinceCheck,
      preview: { counts: { update: 0, conflict: 1, unchanged: 4 } },
    });
    expect((await readCatalogRecords(runtime.database.db)).find((r) => r.model === "Dome-1")?.description).toBe(
      "Theirs",
    );
  });

  it("holds back a row changed in the catalog since the export until the admin says which version stays", async () => {
    const { catalogImport } = runtime.services;
    const oldExport = await exported();
    // After the export, someone edits Dome-1 in its form.
    const [dome1] = (await readCatalogRecords(runtime.database.db)).filter((record) => record.model === "Dome-1");
    if (!dome1) throw new Error("no Dome-1");
    // (Its save, as the form's write leaves it: the text changed and the version moved on.)
    await runtime.database.db
      .update(products)
      .set({ description: "Edited in the form after the export", version: sql`${products.version} + 1` })
      .where(eq(products.id, dome1.id));
    // The old file comes back with other edits: its Dome-1 row would put the old description back.
    edit(oldExport, "Dome-1", "Specifications", "Resolution: 12 MP");
    edit(oldExport, "Dome-2", "Description", "Edited in the sheet");
    const request = { sheetFileId: await stageCsv(oldExport), fileIds: [] };
    const preview = await catalogImport.check(request);
    expect(preview.counts).toMatchObject({ update: 1, conflict: 1, error: 0 });
    expect(outcomes(preview)).toEqual([
      [
        "Dome-1",
        "conflict",
        [
          IMPORT_MESSAGES.changedSinceExport(dome1.version, dome1.version + 1),
          IMPORT_MESSAGES.wouldChange(["Description", "Specifications"]),
        ],
      ],
      ["Dome-2", "update", ["Changes: Description"]],
    ]);

    // Applied without a word on it: nothing at all is written, not even the row without a conflict.
    const unresolved = await catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN);
    expect(unresolved).toMatchObject({ message: IMPORT_MESSAGES.hasConflicts, preview: { counts: { conflict: 1 } } });
    const descriptionOf = async (model: string) =>
      (await readCatalogRecords(runtime.database.db)).find((record) => record.model === model)?.description;
    expect(await descriptionOf("Dome-1")).toBe("Edited in the form after the export");
    expect(await descriptionOf("Dome-2")).not.toBe("Edited in the sheet");

    // "Keep the catalog's": the form's edit stays, the rest of the file is applied.
    const line = preview.rows.find((row) => row.model === "Dome-1")?.line ?? 0;
    const kept = await catalogImport.apply(
      { ...request, resolutions: new Map([[line, "keep"]]), fingerprint: preview.fingerprint },
      TEST_ORIGIN,
    );
    expect(kept).toEqual({ applied: { create: 0, update: 1, unchanged: 4, conflict: 0, error: 0 } });
    expect(await descriptionOf("Dome-1")).toBe("Edited in the form after the export");
    expect(await descriptionOf("Dome-2")).toBe("Edited in the sheet");

    // "Overwrite it with the file's", chosen on purpose: the file's row replaces the form's edit.
    const again = { sheetFileId: await stageCsv(oldExport, "again.csv"), fileIds: [] };
    const second = await catalogImport.check(again);
    const secondLine = second.rows.find((row) => row.model === "Dome-1")?.line ?? 0;
    const overwritten = await catalogImport.apply(
      { ...again, resolutions: new Map([[secondLine, "overwrite"]]), fingerprint: second.fingerprint },
      TEST_ORIGIN,
    );
    expect(overwritten).toMatchObject({ applied: { update: 1 } });
    expect(await descriptionOf("Dome-1")).toBe(dome1.description);
  });

  it("reads a value the export had to cut as unchanged, never as the cut value", async () => {
    const { catalogImport, productAdmin } = runtime.services;
    const [domes] = await runtime.database.db.select({ id: products.categoryId }).from(products).limit(1);
    const table = Array.from({ length: 400 }, (_, index) => [`Property ${index}`, "x".repeat(100)]);
    await productAdmin.createProduct(
      {
        categoryId: domes?.id ?? "",
        model: "Long-1",
        description: "A long table\r\nover two lines",
        specs: null,
        specsTable: table,
        ndaa: true,
        featureIds: [],
        imageFileId: await stageImage(runtime, "long.png", "#999999"),
        additionalImages: [],
        accessoryIds: [],
        downloads: [],
      },
      TEST_ORIGIN,
    );
    const rows = await exported();
    const cut = rows.find((row) => row[0] === "Long-1")?.[CATALOG_COLUMNS.indexOf("Specifications table")] ?? "";
    expect(cut.endsWith("…")).toBe(true);
    const preview = await catalogImport.check({ sheetFileId: await stageCsv(rows), fileIds: [] });
    expect(preview.rows).toEqual([]);
    const record = (await readCatalogRecords(runtime.database.db)).find((r) => r.model === "Long-1");
    expect(record?.specsTable).toEqual(table);
    await runtime.database.db.delete(products).where(eq(products.id, record?.id ?? ""));
  });

  it("creates products with the files uploaded beside the sheet, linked to each other", async () => {
    const { catalogImport } = runtime.services;
    const header = [...CATALOG_COLUMNS];
    const row = (model: string, accessories: string, image: string, extra: string, manual: string) =>
      header.map(
        (column) =>
          ({
            Model: model,
            Category: "bullets",
            Description: `New ${model}`,
            "Specifications table": "Lens | 4 mm\nZoom | 10x",
            Features: "zoom",
            Accessories: accessories,
            "Main image": image,
            "Additional images": extra,
            Downloads: manual,
            Status: "Published",
          })[column as string] ?? "",
      );
    const fileIds = [
      await stageImage(runtime, "b1.png", "#112233"),
      await stageImage(runtime, "b1-side.png", "#223344"),
      await stageImage(runtime, "b2.png", "#334455"),
      (await stageText(runtime, "b2 datasheet.pdf", "sheet")).id,
    ];
    const request = {
      sheetFileId: await stageCsv([
        header,
        row("Bullet-1", "Bullet-2", "b1.png", "b1-side.png", ""),
        row("Bullet-2", "Bullet-1", "b2.png", "", "b2 datasheet.pdf"),
      ]),
      fileIds,
    };
    const preview = await catalogImport.check(request);
    expect(outcomes(preview)).toEqual([
      ["Bullet-1", "create", []],
      ["Bullet-2", "create", []],
    ]);
    expect(await catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN)).toEqual({
      applied: { create: 2, update: 0, unchanged: 0, conflict: 0, error: 0 },
    });
    const records = new Map((await readCatalogRecords(runtime.database.db)).map((r) => [r.model, r]));
    const bullet = records.get("Bullet-1");
    expect(bullet?.category).toBe("Bullets");
    expect(bullet?.features).toEqual(["Zoom"]);
    expect(bullet?.specsTable).toEqual([
      ["Lens", "4 mm"],
      ["Zoom", "10x"],
    ]);
    expect(bullet?.image.name).toBe("b1.png");
    expect(bullet?.images.map((image) => image.name)).toEqual(["b1-side.png"]);
    expect(bullet?.accessories.map((a) => a.model)).toEqual(["Bullet-2"]);
    expect(records.get("Bullet-2")?.downloads.map((d) => d.name)).toEqual(["b2 datasheet.pdf"]);
    // The files were claimed, and the sheet itself has served and is gone.
    const stillStaged = await runtime.database.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [...fileIds, request.sheetFileId]));
    expect(stillStaged.map((file) => file.id).sort()).toEqual([...fileIds].sort());
    const created = await runtime.database.db
      .select({ id: revisions.id })
      .from(revisions)
      .where(eq(revisions.recordId, bullet?.id ?? ""));
    expect(created).toHaveLength(1);
  });

  it("changes a product's pictures and downloads by name: kept, added from uploads, dropped", async () => {
    const { catalogImport } = runtime.services;
    const rows = await exported();
    const before = (await readCatalogRecords(runtime.database.db)).find((r) => r.model === "Dome-3");
    edit(rows, "Dome-3", "Main image", "dome-3-new.png");
    edit(rows, "Dome-3", "Additional images", "dome-3-side.png");
    edit(rows, "Dome-3", "Downloads", "");
    edit(rows, "Dome-4", "Main image", "notes.txt");
    const fileIds = [
      await stageImage(runtime, "Dome-3-New.png", "#010203"),
      await stageImage(runtime, "dome-3-side.png", "#040506"),
      (await stageText(runtime, "notes.txt", "not a picture")).id,
    ];
    const request = { sheetFileId: await stageCsv(rows), fileIds };
    const preview = await catalogImport.check(request);
    expect(outcomes(preview)).toEqual([
      ["Dome-3", "update", ["Changes: Main image, Additional images, Downloads"]],
      ["Dome-4", "error", [IMPORT_MESSAGES.notAnImage("notes.txt")]],
    ]);
    edit(rows, "Dome-4", "Main image", "Dome-4.png");
    // Two uploads of one name: which is meant cannot be told.
    const twice = await catalogImport.check({
      sheetFileId: await stageCsv(rows),
      fileIds: [...fileIds, await stageImage(runtime, "dome-3-side.png", "#070809")],
    });
    expect(outcomes(twice)).toEqual([["Dome-3", "error", [IMPORT_MESSAGES.sameUploadName("dome-3-side.png")]]]);
    const fixed = { sheetFileId: await stageCsv(rows), fileIds };
    const again = await catalogImport.check(fixed);
    await catalogImport.apply({ ...fixed, fingerprint: again.fingerprint }, TEST_ORIGIN);
    const after = (await readCatalogRecords(runtime.database.db)).find((r) => r.model === "Dome-3");
    expect(after?.image.name).toBe("Dome-3-New.png");
    expect(after?.images.map((image) => image.name)).toEqual(["dome-3-side.png"]);
    expect(after?.downloads).toEqual([]);
    // The replaced picture and the dropped manual are no longer used: their rows are kept only for history.
    const old = await runtime.database.db
      .select({ retired: files.retired })
      .from(files)
      .where(inArray(files.id, [before?.image.fileId ?? "", before?.downloads[0]?.fileId ?? ""]));
    expect(old.map((file) => file.retired)).toEqual([true, true]);
  });

  it("lists every bad row with its reason and changes nothing", async () => {
    const { catalogImport } = runtime.services;
    const rows = await exported();
    edit(rows, "Dome-1", "Category", "Turrets");
    edit(rows, "Dome-2", "Features", "PoE; Laser");
    edit(rows, "Dome-3", "NDAA compliant", "Maybe");
    edit(rows, "Dome-4", "Accessories", "Nothing-9");
    edit(rows, "Mount-1", "Description", "");
    edit(rows, "Bullet-1", "Main image", "missing.png");
    edit(rows, "Bullet-2", "Status", "Scheduled for 1 Jan 2030, 09:00 UTC");
    rows.push(rows[1]?.slice() ?? []);
    rows.push(["", "Domes"]);
    const request = { sheetFileId: await stageCsv(rows), fileIds: [] };
    const preview = await catalogImport.check(request);
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: 0, conflict: 0, error: 9 });
    expect(outcomes(preview)).toEqual([
      ["Bullet-1", "error", [IMPORT_MESSAGES.missingFile("missing.png")]],
      ["Bullet-2", "error", [IMPORT_MESSAGES.scheduleInForm]],
      ["Dome-1", "error", [IMPORT_MESSAGES.unknownCategory("Turrets")]],
      ["Dome-2", "error", [IMPORT_MESSAGES.unknownFeature("Laser", "Domes")]],
      ["Dome-3", "error", [IMPORT_MESSAGES.yesOrNo("Maybe")]],
      ["Dome-4", "error", [IMPORT_MESSAGES.unknownAccessory("Nothing-9")]],
      ["Mount-1", "error", [IMPORT_MESSAGES.descriptionRequired]],
      [rows[1]?.[0], "error", [IMPORT_MESSAGES.modelTwice(2)]],
      ["", "error", [IMPORT_MESSAGES.modelRequired]],
    ]);
    const before = await runtime.database.db.select({ version: products.version }).from(products);
    const result = await catalogImport.apply({ ...request, fingerprint: preview.fingerprint }, TEST_ORIGIN);
    expect(result).toMatchObject({ message: IMPORT_MESSAGES.hasErrors });
    expect(await runtime.database.db.select({ version: products.version }).from(products)).toEqual(before);
  });

  it("refuses a one-sided accessory link, naming the other row", async () => {
    const rows = await exported();
    edit(rows, "Dome-1", "Accessories", "Dome-2");
    const preview = await runtime.services.catalogImport.check({ sheetFileId: await stageCsv(rows), fileIds: [] });
    const dome2Line = rows.findIndex((cells) => cells[0] === "Dome-2") + 1;
    expect(outcomes(preview)).toEqual([["Dome-1", "error", [IMPORT_MESSAGES.oneSidedAccessory("Dome-2", dome2Line)]]]);
  });

  it("refuses, as a whole, files that are not a catalog", async () => {
    const { catalogImport } = runtime.services;
    const refusal = async (sheetFileId: string) =>
      catalogImport.check({ sheetFileId, fileIds: [] }).then(
        () => "accepted",
        (error: unknown) => (error instanceof ImportFileError ? error.message : String(error)),
      );
    expect(await refusal(await stageCsv([["Model", "Colour"], ["X"]]))).toBe(IMPORT_MESSAGES.unknownColumn("Colour"));
    expect(await refusal(await stageCsv([["Model", "model"], ["X"]]))).toBe(IMPORT_MESSAGES.duplicateColumn("Model"));
    expect(await refusal(await stageCsv([["Category"], ["Domes"]]))).toBe(IMPORT_MESSAGES.noModelColumn);
    expect(await refusal(await stageCsv([["Model"]]))).toBe(IMPORT_MESSAGES.empty);
    expect(await refusal(await stageCsv([["Model"]], "catalog.txt"))).toBe(IMPORT_MESSAGES.chooseFile);
    const unclosed = await stageText(runtime, "unclosed.csv", 'Model,Description\nDome-1,"A dome\nDome-2,Other\n');
    expect(await refusal(unclosed.id)).toBe(IMPORT_MESSAGES.unclosedQuote);
    expect(await refusal(await stageImage(runtime, "photo.csv", "#000000"))).toBe(IMPORT_MESSAGES.unreadable);
    expect(await refusal((await stageText(runtime, "fake.xlsx", "not a zip")).id)).toBe(IMPORT_MESSAGES.unreadable);
    expect(await refusal("not-an-id")).toBe(IMPORT_MESSAGES.chooseFile);
    const tooMany = [["Model"], ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => [`M-${index}`])];
    expect(await refusal(await stageCsv(tooMany))).toBe(IMPORT_MESSAGES.tooManyRows);
    const sheet = XLSX.utils.aoa_to_sheet(tooMany);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Products");
    const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    expect(await refusal((await stageBytes(runtime, "many.xlsx", bytes)).id)).toBe(IMPORT_MESSAGES.tooManyRows);
  });
});
