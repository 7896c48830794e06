import { guessDownloadKind } from "#app/domain/download-kinds";
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import {
  CATALOG_COLUMNS,
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  readYesNo,
  splitList,
  splitTable,
  type CatalogColumn,
  type ConflictResolution,
  type ImportOutcome,
  type ImportPreview,
  type ImportRowView,
} from "#app/domain/catalog-sheet";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { PRODUCT_TEXT_LIMITS, SPECS_TABLE_LIMITS } from "#app/domain/forms/product";
import { publicationLabel, type Publication } from "#app/domain/publication";
import { isImageType } from "../files/sniff.server";
import type { Database } from "../db/client.server";
import { categories, categoryAttributes, categoryFeatures, files } from "../db/schema";
import {
  catalogCells,
  readCatalogRecords,
  readSheetAttributes,
  spreadsheetCell,
  type CatalogRecord,
} from "./catalog-export.server";
import { SPEC_MESSAGES, type AttributeDefinition, type SpecValue } from "#app/domain/spec-attributes";
import {
  ACTIVE_LIFECYCLE,
  checkedLifecycle,
  LIFECYCLE_MESSAGES,
  MOST_REPLACEMENTS,
  type LifecycleFields,
} from "#app/domain/lifecycle";
import { LIFECYCLE_STAGE_NAMES, LIFECYCLE_STAGES, type LifecycleStage } from "#app/domain/lifecycle-stages";
import { namesAttribute, readSpecCell } from "#app/domain/spec-sheet";
import { parseCsv, TooManyCsvRowsError, UnclosedCsvQuoteError } from "../platform/csv.server";
import { isUuid, type FileService } from "../files/files.server";
import { parseSpreadsheet, SpreadsheetError } from "./spreadsheet.server";
import { readAll } from "../platform/streams.server";
import type { Logger } from "../platform/logger.server";
import type { AdditionalImageInput, DownloadInput, ImportedProduct, ProductAdmin } from "../admin/products.server";
import { ConflictError, type WriteOrigin } from "../admin/write.server";

/** The file as a whole cannot be imported; the message says why. Nothing was changed. */
export class ImportFileError extends Error {}

/** What an import is given: the staged spreadsheet and the staged files its rows may name. */
export interface ImportRequest {
  sheetFileId: string;
  fileIds: string[];
  /** The admin's word on rows in conflict, by spreadsheet line. */
  resolutions?: ReadonlyMap<number, ConflictResolution>;
}

/** Excel sheets an import reads: a whole catalog, never cut (a sheet past these is refused). */
const IMPORT_SHEET_LIMITS = {
  timeoutMs: 60_000,
  heapMb: 768,
  // Blank rows do not count against MAX_IMPORT_ROWS: room for them, and a sheet that fills even this
  // is refused rather than read in part.
  maxRows: 2 * MAX_IMPORT_ROWS + 2,
  maxColumns: 200,
  maxCellLength: 32_767,
  maxTotalLength: 100_000_000,
};

interface StagedFile {
  id: string;
  name: string;
  isImage: boolean;
}

interface CategoryChoice {
  id: string;
  name: string;
  /** Feature ids by label, lower case. */
  features: Map<string, string>;
  /** Its attributes' ids, each with whether a product must have a value. */
  attributes: Map<string, { required: boolean }>;
}

/** A column of typed values: the attribute, where it stands, and its header as the sheet writes it. */
interface AttributeColumn {
  attribute: AttributeDefinition;
  index: number;
  header: string;
}

interface PlannedRow extends ImportRowView {
  change?: ImportedProduct;
  /** The version an unchanged (or conflicting) product was checked at: Apply refuses if it moved on. */
  checkedVersion?: number;
  /** A conflicting row's Version cell: the version the file was exported at. */
  exportedVersion?: number;
}

/** The lifecycle's columns, each with the field it holds (decision 072). */
const LIFECYCLE_COLUMNS = [
  ["Lifecycle", "stage"],
  ["End of sale", "endOfSaleOn"],
  ["Discontinued on", "discontinuedOn"],
  ["Firmware updates until", "firmwareUntil"],
  ["Repairs until", "repairsUntil"],
] as const satisfies readonly (readonly [CatalogColumn, keyof LifecycleFields])[];

/** The stage a Lifecycle cell names, by its name or its id in any letter case; empty is active. */
function stageNamed(text: string): LifecycleStage | undefined {
  if (!text) return "active";
  return LIFECYCLE_STAGES.find(
    (stage) => lower(stage) === lower(text) || lower(LIFECYCLE_STAGE_NAMES[stage]) === lower(text),
  );
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The most physical rows (header and blank ones included) either reader takes. */
const MAX_SHEET_ROWS = 2 * MAX_IMPORT_ROWS + 2;

const lower = (text: string) => text.trim().toLowerCase();
/** Line ends as a textarea or another program saved them count the same. */
const sameLines = (text: string) => text.replace(/\r\n?/g, "\n");
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));

/**
 * A new product's id, made from the sheet and its row: checking and applying the same file give the
 * same plan (and fingerprint), and rows can name new products as accessories before they exist.
 */
function newProductId(sheetFileId: string, model: string): string {
  const hex = createHash("sha256")
    .update(`${sheetFileId}\n${lower(model)}`)
    .digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Imports products from a spreadsheet in the export's format (see docs/decisions/025): a check reads
 * every row against the catalog and says what each would do; applying writes that same plan in one
 * transaction, or nothing.
 */
export function createCatalogImport({
  db,
  files: fileService,
  productAdmin,
  logger,
}: {
  db: Database;
  files: FileService;
  productAdmin: ProductAdmin;
  logger: Logger;
}) {
  /** The staged spreadsheet's rows: a CSV read here, an Excel file in the sandboxed reader. */
  async function readSheet(sheetFileId: string): Promise<string[][]> {
    const [file] = isUuid(sheetFileId)
      ? await db
          .select()
          .from(files)
          .where(and(eq(files.id, sheetFileId), eq(files.staged, true)))
      : [];
    if (!file) throw new ImportFileError(IMPORT_MESSAGES.chooseFile);
    const name = file.originalName.trim().toLowerCase();
    const isCsv = name.endsWith(".csv");
    if (!isCsv && !/\.xlsx?$/.test(name)) throw new ImportFileError(IMPORT_MESSAGES.chooseFile);
    const bytes = await readAll(fileService.open(file.storageKey), MAX_UPLOAD_BYTES);
    if (!bytes) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
    if (!isCsv) {
      try {
        const rows = await parseSpreadsheet(bytes, file.originalName, { limits: IMPORT_SHEET_LIMITS, logger });
        if (rows.length >= MAX_SHEET_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
        let total = 0;
        for (const cell of rows.flat()) {
          total += cell.length;
          // A cell PostgreSQL cannot store (an escaped NUL, half a surrogate pair) is no catalog text.
          if (cell.includes("\0") || LONE_SURROGATE.test(cell)) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
        }
        if (total >= IMPORT_SHEET_LIMITS.maxTotalLength) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
        return rows;
      } catch (error) {
        if (error instanceof SpreadsheetError) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
        throw error;
      }
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new ImportFileError(IMPORT_MESSAGES.unreadable);
    }
    // PostgreSQL text cannot hold NUL, and no spreadsheet program writes one into a CSV.
    if (text.includes("\0")) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
    try {
      return parseCsv(text, MAX_SHEET_ROWS - 1);
    } catch (error) {
      if (error instanceof TooManyCsvRowsError) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
      if (error instanceof UnclosedCsvQuoteError) throw new ImportFileError(IMPORT_MESSAGES.unclosedQuote);
      throw error;
    }
  }

  /** The staged uploads the rows may name (anything else given is ignored). */
  async function stagedFiles(ids: string[]): Promise<StagedFile[]> {
    const wanted = [...new Set(ids)].filter(isUuid);
    if (!wanted.length) return [];
    const rows = await db
      .select()
      .from(files)
      .where(and(inArray(files.id, wanted), eq(files.staged, true)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return wanted.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        { id, name: row.originalName, isImage: isImageType(row.contentType) && Boolean(row.width && row.height) },
      ];
    });
  }

  async function readCategories(): Promise<Map<string, CategoryChoice>> {
    const [categoryRows, featureRows, attributeRows] = await Promise.all([
      db.select({ id: categories.id, name: categories.name }).from(categories),
      db
        .select({ id: categoryFeatures.id, label: categoryFeatures.label, categoryId: categoryFeatures.categoryId })
        .from(categoryFeatures),
      db.select().from(categoryAttributes),
    ]);
    const byName = new Map<string, CategoryChoice>();
    const byId = new Map<string, CategoryChoice>();
    for (const row of categoryRows) {
      const choice = { id: row.id, name: row.name, features: new Map<string, string>(), attributes: new Map() };
      byName.set(lower(row.name), choice);
      byId.set(row.id, choice);
    }
    for (const row of attributeRows)
      byId.get(row.categoryId)?.attributes.set(row.attributeId, { required: row.required });
    // Labels differing only in letter case: the first by id, so every check reads them the same.
    for (const feature of featureRows.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const features = byId.get(feature.categoryId)?.features;
      if (features && !features.has(lower(feature.label))) features.set(lower(feature.label), feature.id);
    }
    return byName;
  }

  /** Every row of the sheet against the catalog as it is now. Throws ImportFileError for a file that cannot be read as a catalog. */
  async function plan(
    request: ImportRequest,
  ): Promise<{ rows: PlannedRow[]; fingerprint: string; attributes: AttributeDefinition[] }> {
    const [sheet, sheetAttributes] = await Promise.all([readSheet(request.sheetFileId), readSheetAttributes(db)]);
    const header = sheet[0]?.map((name) => name.trim()) ?? [];
    const columnAt = new Map<CatalogColumn, number>();
    const attributeColumns: AttributeColumn[] = [];
    for (const [index, name] of header.entries()) {
      if (!name) continue;
      const column = CATALOG_COLUMNS.find((known) => lower(known) === lower(name));
      if (column) {
        if (columnAt.has(column)) throw new ImportFileError(IMPORT_MESSAGES.duplicateColumn(column));
        columnAt.set(column, index);
        continue;
      }
      const attribute = sheetAttributes.find((candidate) => namesAttribute(name, candidate));
      if (!attribute) throw new ImportFileError(IMPORT_MESSAGES.unknownColumn(name));
      if (attributeColumns.some((taken) => taken.attribute.id === attribute.id)) {
        throw new ImportFileError(IMPORT_MESSAGES.duplicateColumn(name));
      }
      attributeColumns.push({ attribute, index, header: name });
    }
    if (!columnAt.has("Model")) throw new ImportFileError(IMPORT_MESSAGES.noModelColumn);
    const lines = sheet
      .slice(1)
      .map((cells, index) => ({ line: index + 2, cells }))
      .filter(({ cells }) => cells.some((cell) => cell.trim()));
    if (!lines.length) throw new ImportFileError(IMPORT_MESSAGES.empty);
    if (lines.length > MAX_IMPORT_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);

    const [records, categoryByName, uploads] = await Promise.all([
      readCatalogRecords(db),
      readCategories(),
      stagedFiles(request.fileIds),
    ]);
    const recordByModel = new Map(records.map((record) => [lower(record.model), record]));
    const attributeNames = new Map(sheetAttributes.map((attribute) => [attribute.id, attribute.name]));
    const categoryById = new Map([...categoryByName.values()].map((category) => [category.id, category]));
    const unusedUploads = [...uploads];
    // Two uploads of one name: which product gets which could not be told from the sheet.
    const uploadNames = uploads.map((file) => lower(file.name));
    const ambiguous = new Set(uploadNames.filter((name, index) => uploadNames.indexOf(name) !== index));
    /**
     * The file `name` stands for: one of the product's own (`own`, taken off it so a name used twice
     * means two files) or else an upload no other row took; undefined, with the reason in `errors`.
     */
    const findFile = <Own extends { name: string }>(
      name: string,
      own: Own[],
      image: boolean,
      errors: string[],
    ): { own: Own } | { upload: StagedFile } | undefined => {
      const ownIndex = own.findIndex((file) => lower(file.name) === lower(name));
      const ownFile = ownIndex < 0 ? undefined : own.splice(ownIndex, 1)[0];
      if (ownFile) return { own: ownFile };
      const index = unusedUploads.findIndex((file) => lower(file.name) === lower(name));
      const upload = index < 0 ? undefined : unusedUploads[index];
      if (ambiguous.has(lower(name))) errors.push(IMPORT_MESSAGES.sameUploadName(name));
      else if (!upload) errors.push(IMPORT_MESSAGES.missingFile(name));
      else if (image && !upload.isImage) errors.push(IMPORT_MESSAGES.notAnImage(name));
      else return { upload: unusedUploads.splice(index, 1)[0] ?? upload };
      return undefined;
    };

    // First pass: every row's model, and the id it has or will have.
    const firstLineOf = new Map<string, number>();
    const idOf = new Map<string, string>();
    const rows = lines.map(({ line, cells }): PlannedRow & { cells: string[] } => {
      const model = (cells[columnAt.get("Model") ?? 0] ?? "").trim();
      const row = { line, model, outcome: "error" as ImportOutcome, details: [] as string[], cells };
      if (!model) row.details.push(IMPORT_MESSAGES.modelRequired);
      else if (model.length > PRODUCT_TEXT_LIMITS.model) {
        row.details.push(IMPORT_MESSAGES.tooLong("Model", PRODUCT_TEXT_LIMITS.model));
      } else if (firstLineOf.has(lower(model))) {
        row.details.push(IMPORT_MESSAGES.modelTwice(firstLineOf.get(lower(model)) ?? 0));
      } else {
        firstLineOf.set(lower(model), line);
        idOf.set(lower(model), recordByModel.get(lower(model))?.id ?? newProductId(request.sheetFileId, model));
      }
      return row;
    });
    const accessoriesListed = new Map<string, { line: number; model: string; ids: Set<string> }>();

    for (const row of rows) {
      if (row.details.length) continue;
      const record = recordByModel.get(lower(row.model));
      const current = record ? catalogCells(record) : undefined;
      const cell = (column: CatalogColumn) => {
        const index = columnAt.get(column);
        return index === undefined ? "" : sameLines(row.cells[index] ?? "").trim();
      };
      /**
       * A column the row sets. A value the export had to cut to fit a cell, coming back as cut, is left
       * alone: the cut text must not replace the whole one.
       */
      const has = (column: CatalogColumn) => {
        if (!columnAt.has(column)) return false;
        const whole = current?.[column];
        return !(
          whole !== undefined &&
          spreadsheetCell(whole) !== whole &&
          cell(column) === spreadsheetCell(whole).trim()
        );
      };
      const errors: string[] = [];
      const changed: string[] = [];
      if (!record) {
        for (const column of ["Category", "Description", "Main image"] as const) {
          if (!cell(column)) errors.push(IMPORT_MESSAGES.requiredForNew(column));
        }
      }

      let category = record ? categoryById.get(record.categoryId) : undefined;
      if (has("Category") && cell("Category")) {
        category = categoryByName.get(lower(cell("Category")));
        if (!category) errors.push(IMPORT_MESSAGES.unknownCategory(cell("Category")));
        else if (category.id !== record?.categoryId) changed.push("Category");
      }

      let name = record?.name ?? "";
      if (has("Name")) {
        name = cell("Name");
        if (name.length > PRODUCT_TEXT_LIMITS.name)
          errors.push(IMPORT_MESSAGES.tooLong("Name", PRODUCT_TEXT_LIMITS.name));
        else if (name !== (record?.name ?? "")) changed.push("Name");
      }

      let description = record?.description ?? "";
      if (has("Description")) {
        description = cell("Description");
        if (!description) {
          if (record) errors.push(IMPORT_MESSAGES.descriptionRequired);
        } else if (description.length > PRODUCT_TEXT_LIMITS.description) {
          errors.push(IMPORT_MESSAGES.tooLong("Description", PRODUCT_TEXT_LIMITS.description));
        } else if (description !== sameLines(record?.description ?? "").trim()) changed.push("Description");
      }

      let specs = record?.specs ?? null;
      if (has("Specifications")) {
        const text = cell("Specifications");
        if (text.length > PRODUCT_TEXT_LIMITS.specs) {
          errors.push(IMPORT_MESSAGES.tooLong("Specifications", PRODUCT_TEXT_LIMITS.specs));
        }
        if (text !== sameLines(record?.specs ?? "").trim()) changed.push("Specifications");
        specs = text || null;
      }

      let specsTable = record?.specsTable ?? null;
      if (has("Specifications table")) {
        const table = splitTable(cell("Specifications table"));
        if (
          table &&
          (table.length > SPECS_TABLE_LIMITS.rows ||
            table.some((cells) => cells.length > SPECS_TABLE_LIMITS.columns) ||
            table.some((cells) => cells.some((text) => text.length > SPECS_TABLE_LIMITS.cellLength)))
        ) {
          errors.push(IMPORT_MESSAGES.tableTooLarge);
        }
        if (JSON.stringify(table) !== JSON.stringify(splitTable(current?.["Specifications table"] ?? ""))) {
          changed.push("Specifications table");
          specsTable = table;
        }
      }
      if (specs && specsTable) errors.push(IMPORT_MESSAGES.bothSpecs);

      let ndaa = record?.ndaa ?? false;
      if (has("NDAA compliant") && (cell("NDAA compliant") || !record)) {
        const value = cell("NDAA compliant") ? readYesNo(cell("NDAA compliant")) : false;
        if (value === undefined) errors.push(IMPORT_MESSAGES.yesOrNo(cell("NDAA compliant")));
        else {
          if (record && value !== record.ndaa) changed.push("NDAA compliant");
          ndaa = value;
        }
      }

      let featureIds: string[] | undefined;
      if (category && (has("Features") || changed.includes("Category"))) {
        const labels = has("Features") ? splitList(cell("Features")) : (record?.features ?? []);
        const ids: string[] = [];
        for (const label of labels) {
          const id = category.features.get(lower(label));
          if (id) ids.push(id);
          else errors.push(IMPORT_MESSAGES.unknownFeature(label, category.name));
        }
        const before = (record?.features ?? []).map((label) => lower(label));
        if (!record || changed.includes("Category") || !sameSet(labels.map(lower), before)) {
          if (record && !sameSet(labels.map(lower), before)) changed.push("Features");
          featureIds = [...new Set(ids)];
        }
      }

      let accessoryIds: string[] | undefined;
      if (has("Accessories")) {
        const ids = new Set<string>();
        for (const model of splitList(cell("Accessories"))) {
          const id = idOf.get(lower(model)) ?? recordByModel.get(lower(model))?.id;
          if (lower(model) === lower(row.model)) errors.push(IMPORT_MESSAGES.ownAccessory);
          else if (!id) errors.push(IMPORT_MESSAGES.unknownAccessory(model));
          else ids.add(id);
        }
        accessoriesListed.set(idOf.get(lower(row.model)) ?? "", { line: row.line, model: row.model, ids });
        const before = (record?.accessories ?? []).map((accessory) => accessory.id);
        if (!record || !sameSet([...ids], before)) {
          if (record) changed.push("Accessories");
          accessoryIds = [...ids];
        }
      }

      // Its lifecycle (decision 072): the columns there, the rest as the product has them.
      let lifecycle: LifecycleFields | undefined;
      const had = record?.lifecycle ?? ACTIVE_LIFECYCLE;
      const stage = has("Lifecycle") ? stageNamed(cell("Lifecycle")) : had.stage;
      if (LIFECYCLE_COLUMNS.some(([column]) => has(column))) {
        if (stage === undefined) errors.push(IMPORT_MESSAGES.lifecycleStage(cell("Lifecycle")));
        else {
          const day = (column: CatalogColumn, field: Exclude<keyof LifecycleFields, "stage">) =>
            has(column) ? cell(column) || null : had[field];
          const checked = checkedLifecycle({
            stage,
            endOfSaleOn: day("End of sale", "endOfSaleOn"),
            discontinuedOn: day("Discontinued on", "discontinuedOn"),
            firmwareUntil: day("Firmware updates until", "firmwareUntil"),
            repairsUntil: day("Repairs until", "repairsUntil"),
          });
          if (!checked.ok) {
            const column = LIFECYCLE_COLUMNS.find(([, field]) => field === checked.field)?.[0] ?? "Lifecycle";
            errors.push(IMPORT_MESSAGES.lifecycleDay(column, checked.message));
          } else if (!record || JSON.stringify(checked.lifecycle) !== JSON.stringify(had)) {
            if (record) changed.push("Lifecycle");
            lifecycle = checked.lifecycle;
          }
        }
      }
      const activeNow = (stage ?? had.stage) === "active";
      let replacementIds: string[] | undefined;
      if (has("Replacements")) {
        const ids: string[] = [];
        for (const model of splitList(cell("Replacements"))) {
          const id = idOf.get(lower(model)) ?? recordByModel.get(lower(model))?.id;
          if (lower(model) === lower(row.model)) errors.push(LIFECYCLE_MESSAGES.ownReplacement);
          else if (!id) errors.push(IMPORT_MESSAGES.unknownReplacement(model));
          else if (!ids.includes(id)) ids.push(id);
        }
        if (ids.length > MOST_REPLACEMENTS) errors.push(LIFECYCLE_MESSAGES.tooManyReplacements);
        if (ids.length && activeNow) errors.push(IMPORT_MESSAGES.replacementsOfActive);
        const before = (record?.replacements ?? []).map((replacement) => replacement.id);
        if (JSON.stringify(ids) !== JSON.stringify(before)) {
          if (record) changed.push("Replacements");
          replacementIds = ids;
        }
      } else if (activeNow && record?.replacements.length) {
        // Active again: its replacements go, as the form lets them go.
        replacementIds = [];
      }

      let changedFiles: ImportedProduct["files"];
      const listOf = (column: CatalogColumn) => (has(column) ? splitList(cell(column)) : undefined);
      const mainName = has("Main image") ? cell("Main image") : undefined;
      const imageNames = listOf("Additional images");
      const downloadNames = listOf("Downloads");
      const namesDiffer = (names: string[] | undefined, own: { name: string }[]) =>
        names !== undefined &&
        !sameList(
          names.map(lower),
          own.map((file) => lower(file.name)),
        );
      const changedFileColumns = (
        [
          ["Main image", mainName !== undefined && lower(mainName) !== lower(record?.image.name ?? "")],
          ["Additional images", namesDiffer(imageNames, record?.images ?? [])],
          ["Downloads", namesDiffer(downloadNames, record?.downloads ?? [])],
        ] as const
      ).flatMap(([column, differs]) => (differs ? [column] : []));
      if (changedFileColumns.length) {
        changed.push(...changedFileColumns);
        let imageFileId = record?.image.fileId ?? "";
        if (mainName !== undefined && changedFileColumns.includes("Main image")) {
          if (!mainName) {
            if (record) errors.push(IMPORT_MESSAGES.mainImageRequired);
          } else {
            const found = findFile(mainName, [], true, errors);
            if (found && "upload" in found) imageFileId = found.upload.id;
          }
        }
        const ownImages = [...(record?.images ?? [])];
        const additionalImages = (imageNames ?? ownImages.map((image) => image.name)).flatMap(
          (name): AdditionalImageInput[] => {
            const found = findFile(name, ownImages, true, errors);
            if (!found) return [];
            return ["own" in found ? { id: found.own.id, alt: found.own.alt } : { fileId: found.upload.id }];
          },
        );
        const ownDownloads = [...(record?.downloads ?? [])];
        const downloads = (downloadNames ?? ownDownloads.map((download) => download.name)).flatMap(
          (name): DownloadInput[] => {
            const found = findFile(name, ownDownloads, false, errors);
            if (!found) return [];
            return [
              "own" in found
                ? { id: found.own.id, description: found.own.description }
                : // A new file's kind, as its name says; the dashboard corrects it.
                  { fileId: found.upload.id, description: "", kind: guessDownloadKind(found.upload.name) },
            ];
          },
        );
        if (additionalImages.length > 50) errors.push(IMPORT_MESSAGES.tooManyFiles("Additional images"));
        if (downloads.length > 50) errors.push(IMPORT_MESSAGES.tooManyFiles("Downloads"));
        changedFiles = { imageFileId, additionalImages, downloads };
      }

      const specValues = category
        ? typedValues(row.cells, record, category, attributeColumns, errors, changed, attributeNames)
        : undefined;

      let publication: Publication | undefined;
      if (has("Status") && cell("Status")) {
        const value = lower(cell("Status"));
        const label = record ? publicationLabel(record.publication) : "";
        if (value !== lower(label)) {
          if (value === "published" || value === "draft") {
            publication = { status: value };
            if (record) changed.push("Status");
          } else if (value.startsWith("scheduled")) errors.push(IMPORT_MESSAGES.scheduleInForm);
          else errors.push(IMPORT_MESSAGES.status(cell("Status")));
        }
      }

      // The version the file was exported at: a product saved since would have its changes undone.
      let exportedVersion: number | undefined;
      if (record && columnAt.has("Version") && cell("Version")) {
        const value = cell("Version");
        if (/^\d{1,9}$/.test(value)) exportedVersion = Number(value);
        else errors.push(IMPORT_MESSAGES.version(value));
      }

      if (errors.length || !category) {
        row.details = [...new Set(errors)];
        continue;
      }
      const id = idOf.get(lower(row.model)) ?? "";
      if (record && !changed.length && row.model === record.model) {
        row.outcome = "unchanged";
        row.checkedVersion = record.version;
        continue;
      }
      if (record && row.model !== record.model) changed.unshift("Model");
      const changes = [...new Set(changed)];
      if (record && exportedVersion !== undefined && exportedVersion !== record.version) {
        row.outcome = "conflict";
        row.exportedVersion = exportedVersion;
        row.checkedVersion = record.version;
        row.details = [
          IMPORT_MESSAGES.changedSinceExport(exportedVersion, record.version),
          IMPORT_MESSAGES.wouldChange(changes),
        ];
      } else {
        row.outcome = record ? "update" : "create";
        row.details = record ? [`Changes: ${changes.join(", ")}`] : [];
      }
      row.change = {
        id,
        version: record?.version ?? null,
        model: row.model,
        name,
        description,
        specs: specsTable ? null : specs,
        specsTable,
        ndaa,
        categoryId: category.id,
        publication,
        featureIds: featureIds ?? (record ? undefined : []),
        accessoryIds: accessoryIds ?? (record ? undefined : []),
        lifecycle,
        replacementIds,
        files: changedFiles,
        specValues,
      };
    }

    // An accessory link belongs to both products: two rows that both list accessories must agree.
    for (const [id, listed] of accessoriesListed) {
      for (const otherId of listed.ids) {
        const other = accessoriesListed.get(otherId);
        if (other && !other.ids.has(id)) {
          const row = rows.find((candidate) => candidate.line === listed.line);
          if (!row) continue;
          if (row.outcome !== "error") row.details = [];
          row.outcome = "error";
          delete row.change;
          row.details.push(IMPORT_MESSAGES.oneSidedAccessory(other.model, other.line));
        }
      }
    }

    const planned = rows.map(({ cells: _cells, ...row }) => row);
    // What the check showed, before the admin's word on conflicts: Apply carries that word beside it.
    const fingerprint = createHash("sha256")
      .update(
        JSON.stringify(
          planned.map((row) => [row.line, row.outcome, row.details, row.change ?? null, row.checkedVersion ?? null]),
        ),
      )
      .digest("base64url");
    return {
      rows: planned.map((row) => resolved(row, request.resolutions?.get(row.line))),
      fingerprint,
      attributes: sheetAttributes,
    };
  }

  /**
   * The typed values a row gives its product, for the attributes of `category` (its new one, if the
   * row moves it): a column's cell where the sheet has the attribute's column, else the value the
   * product has. Undefined when they are the product's values already. Cells that cannot be read, a
   * value for an attribute the category does not have, and a required one missing go to `errors`;
   * the columns whose values change to `changed`.
   */
  function typedValues(
    cells: string[],
    record: CatalogRecord | undefined,
    category: CategoryChoice,
    columns: AttributeColumn[],
    errors: string[],
    changed: string[],
    attributeNames: ReadonlyMap<string, string>,
  ): Record<string, SpecValue> | undefined {
    const values: Record<string, SpecValue> = {};
    const given = new Set<string>();
    for (const { attribute, index, header } of columns) {
      const read = readSpecCell(attribute, cells[index] ?? "");
      if (!read.ok) errors.push(IMPORT_MESSAGES.specValue(header, read.message));
      else if (read.value !== undefined && !category.attributes.has(attribute.id)) {
        errors.push(IMPORT_MESSAGES.notInCategory(header, category.name));
      } else if (read.value !== undefined) values[attribute.id] = read.value;
      given.add(attribute.id);
    }
    for (const [id, { required }] of category.attributes) {
      const kept = record?.specValues[id];
      if (!given.has(id) && kept !== undefined) values[id] = kept;
      if (required && values[id] === undefined && (given.has(id) || !record)) {
        const column = columns.find((candidate) => candidate.attribute.id === id);
        const name = column?.attribute.name ?? attributeNames.get(id) ?? "";
        errors.push(
          column
            ? IMPORT_MESSAGES.specValue(column.header, SPEC_MESSAGES.required(name))
            : SPEC_MESSAGES.required(name),
        );
      }
    }
    const before = record?.specValues ?? {};
    const differs = (id: string) => JSON.stringify(values[id]) !== JSON.stringify(before[id]);
    const changedColumns = columns.filter(({ attribute }) => differs(attribute.id)).map(({ header }) => header);
    changed.push(...changedColumns);
    const ids = new Set([...Object.keys(values), ...Object.keys(before).filter((id) => category.attributes.has(id))]);
    return !record || [...ids].some(differs) ? values : undefined;
  }

  /** A conflicting row as the admin resolved it: the file's version written, or the catalog's kept. */
  function resolved(row: PlannedRow, resolution: ConflictResolution | undefined): PlannedRow {
    if (row.outcome !== "conflict" || !resolution) return row;
    const { change, ...rest } = row;
    if (resolution === "keep") return { ...rest, outcome: "unchanged", details: [IMPORT_MESSAGES.keptCatalog] };
    const [, wouldChange] = row.details;
    return {
      ...row,
      outcome: "update",
      details: [
        IMPORT_MESSAGES.overwrites(row.exportedVersion ?? 0, row.checkedVersion ?? 0),
        ...(wouldChange ? [wouldChange] : []),
      ],
      change,
    };
  }

  function preview({ rows, fingerprint }: { rows: PlannedRow[]; fingerprint: string }): ImportPreview {
    const counts: Record<ImportOutcome, number> = { create: 0, update: 0, unchanged: 0, conflict: 0, error: 0 };
    for (const row of rows) counts[row.outcome] += 1;
    return {
      rows: rows
        .filter((row) => row.outcome !== "unchanged")
        .map(({ line, model, outcome, details }) => ({ line, model, outcome, details })),
      counts,
      fingerprint,
    };
  }

  /** The dry run: what every row would do. Throws ImportFileError. */
  async function check(request: ImportRequest): Promise<ImportPreview> {
    return preview(await plan(request));
  }

  /**
   * Applies the plan a check showed (`fingerprint`), all or nothing. When the catalog or the files
   * changed meanwhile, or a row has an error, nothing is written and the new preview comes back.
   */
  async function apply(
    request: ImportRequest & { fingerprint: string },
    origin: WriteOrigin,
  ): Promise<{ applied: ImportPreview["counts"] } | { preview: ImportPreview; message: string }> {
    const planned = await plan(request);
    const shown = preview(planned);
    if (shown.counts.error) return { preview: shown, message: IMPORT_MESSAGES.hasErrors };
    if (planned.fingerprint !== request.fingerprint) {
      return { preview: shown, message: IMPORT_MESSAGES.changedSinceCheck };
    }
    if (shown.counts.conflict) return { preview: shown, message: IMPORT_MESSAGES.hasConflicts };
    if (!shown.counts.create && !shown.counts.update) return { applied: shown.counts };
    try {
      await productAdmin.importProducts(
        planned.rows.flatMap((row) => (row.change ? [row.change] : [])),
        origin,
        { kind: "import", sheetFileId: request.sheetFileId },
        planned.attributes,
      );
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      return { preview: preview(await plan(request)), message: IMPORT_MESSAGES.changedSinceCheck };
    }
    return { applied: shown.counts };
  }

  return { check, apply };
}

export type CatalogImport = ReturnType<typeof createCatalogImport>;
