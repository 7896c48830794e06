import { formatCount } from "./format";
import { SPECS_TABLE_LIMITS } from "./forms/product";

/**
 * The catalog as a spreadsheet: the columns an export writes and an import reads, in order (decision
 * 025). Every column but Model may be left out of an import: what is not there stays as it is.
 */
export const CATALOG_COLUMNS = [
  "Model",
  "Name",
  "Category",
  "Description",
  "Specifications",
  "Specifications table",
  "NDAA compliant",
  "Features",
  "Accessories",
  "Lifecycle",
  "End of sale",
  "Discontinued on",
  "Firmware updates until",
  "Repairs until",
  "Replacements",
  "Main image",
  "Additional images",
  "Downloads",
  "Status",
  "Version",
] as const;

export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** Between the items of a list in one cell (features, accessories, file names). */
export const LIST_SEPARATOR = "; ";
/** Between the cells of a specifications table's row, and its rows on lines of their own. */
export const TABLE_CELL_SEPARATOR = " | ";

/** The most products one import holds: beyond, a file is refused whole rather than cut. */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * What a row does. A `conflict` is a product changed in the catalog since the file was exported (its
 * Version cell is not the product's version): it is neither written nor skipped until the admin says,
 * for that row, to keep the catalog's version or to overwrite it with the file's.
 */
export type ImportOutcome = "create" | "update" | "unchanged" | "conflict" | "error";

/** The admin's word on a conflicting row: the catalog's version stays, or the file's replaces it. */
export type ConflictResolution = "keep" | "overwrite";

/** The form field that carries the resolution of the conflicting row on spreadsheet line `line`. */
export const resolutionField = (line: number) => `resolve-${line}`;

/** One row of a checked import as the preview lists it (line numbers as a spreadsheet shows them). */
export interface ImportRowView {
  line: number;
  model: string;
  outcome: ImportOutcome;
  /** What changes (an update), or why the row cannot be imported (an error). */
  details: string[];
}

/** A checked import: the rows that change or fail, the count of each outcome, and what was checked. */
export interface ImportPreview {
  rows: ImportRowView[];
  counts: Record<ImportOutcome, number>;
  /** Names the exact plan: Apply carries it, and applies only that plan. */
  fingerprint: string;
}

export const IMPORT_MESSAGES = {
  chooseFile: "Choose a CSV or Excel file (.csv, .xlsx or .xls) to import.",
  unreadable: "The file could not be read as a CSV or Excel spreadsheet. Export the catalog to see the format.",
  empty: "The file has no products in it.",
  noModelColumn: 'The first row must name the columns, "Model" among them, as an export does.',
  unknownColumn: (name: string) =>
    `The file has a column "${name}" that an import does not know. The columns are: ${CATALOG_COLUMNS.join(", ")}, and one for each specification attribute a category has, as an export names it.`,
  duplicateColumn: (name: string) => `The file has the column "${name}" twice.`,
  unclosedQuote:
    "The file could not be read as CSV: a quoted value is never closed. Check the quotes, or save it from a spreadsheet program again.",
  tooManyRows: `The file has more than ${formatCount(MAX_IMPORT_ROWS)} products. Import it in parts.`,
  changedSinceCheck: "The catalog changed since the check. Review the new preview, then apply again.",
  changedSinceExport: (exported: number, now: number) =>
    `Changed in the catalog since this file was exported (its version ${exported}, now ${now}): applying this row would undo those changes`,
  wouldChange: (columns: string[]) => `The file would change: ${columns.join(", ")}`,
  overwrites: (exported: number, now: number) =>
    `Overwrites the changes made in the catalog since the export (version ${exported} → ${now})`,
  keptCatalog: "Kept as it is in the catalog, as chosen",
  hasConflicts:
    "Nothing was imported yet: some products were changed in the catalog since this file was exported. For each, choose whether the catalog's version stays or the file's replaces it, then apply.",
  version: (value: string) => `Version must be the number an export wrote, not "${value}"`,
  hasErrors: "Nothing was imported: correct the rows with errors and check the file again.",
  modelRequired: "Model required",
  modelTwice: (line: number) => `The same model is in row ${line} too`,
  tooLong: (column: CatalogColumn, max: number) => `${column}: at most ${formatCount(max)} characters`,
  requiredForNew: (column: CatalogColumn) => `${column} is required for a new product`,
  descriptionRequired: "Description required",
  unknownCategory: (name: string) => `No category is named "${name}"`,
  unknownFeature: (feature: string, category: string) => `The category ${category} has no feature "${feature}"`,
  unknownAccessory: (model: string) => `No product has the model "${model}"`,
  ownAccessory: "A product cannot be its own accessory",
  lifecycleStage: (value: string) => `Lifecycle must be Active, End of sale announced or Discontinued, not "${value}"`,
  lifecycleDay: (column: string, message: string) => `${column}: ${message}`,
  unknownReplacement: (model: string) => `Replacements: no product has the model "${model}"`,
  replacementsOfActive: "Replacements: an active product has none (set Lifecycle first)",
  oneSidedAccessory: (model: string, line: number) =>
    `Lists ${model} as an accessory, but row ${line} (${model}) does not list this product: change both rows`,
  yesOrNo: (value: string) => `NDAA compliant must be Yes or No, not "${value}"`,
  status: (value: string) => `Status must be Published or Draft, not "${value}"`,
  scheduleInForm: "A schedule is set in the product's form: an import publishes or keeps as a draft",
  bothSpecs: "A product has specifications text or a specifications table, not both",
  tableTooLarge: `The specifications table has more than ${formatCount(SPECS_TABLE_LIMITS.rows)} rows, ${SPECS_TABLE_LIMITS.columns} columns or ${formatCount(SPECS_TABLE_LIMITS.cellLength)} characters in a cell`,
  mainImageRequired: "A product needs a main image",
  missingFile: (name: string) => `"${name}" is neither a file of this product nor one uploaded with the sheet`,
  notAnImage: (name: string) => `"${name}" is not a picture`,
  sameUploadName: (name: string) =>
    `Several uploaded files are named "${name}": give each its own name, in the sheet and the upload`,
  tooManyFiles: (column: CatalogColumn) => `${column}: at most 50`,
  specValue: (column: string, message: string) => `${column}: ${message}`,
  notInCategory: (column: string, category: string) => `${column}: the category ${category} has no such attribute`,
} as const;

/** A list cell's items: split at semicolons, trimmed, empty ones dropped. */
export function splitList(cell: string): string[] {
  return cell
    .split(";")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A specifications table cell: rows on lines, cells between bars; null when empty. */
export function splitTable(cell: string): string[][] | null {
  const rows = cell
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => line.split("|").map((part) => part.trim()));
  return rows.length ? rows : null;
}

/** Yes or No as people write them in spreadsheets; undefined for anything else. */
export function readYesNo(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (["yes", "y", "true", "1"].includes(value)) return true;
  if (["no", "n", "false", "0"].includes(value)) return false;
  return undefined;
}
