import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import { publicationLabel } from "#app/domain/publication";
import type { Database } from "./db/client.server";
import { BY_MODEL } from "./db/paging.server";
import {
  categories,
  categoryFeatures,
  files,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
} from "./db/schema";
import { csvLine, UTF8_BOM } from "./csv.server";

/** The columns of an export, in order: what a product manager edits in a spreadsheet. */
export const EXPORT_COLUMNS = [
  "Model",
  "Category",
  "Description",
  "Specifications",
  "Specifications table",
  "NDAA compliant",
  "Features",
  "Accessories",
  "Main image",
  "Additional images",
  "Downloads",
  "Status",
] as const;

/** Between the items of a list in one cell (features, accessories, file names). */
export const LIST_SEPARATOR = "; ";
/** Between the cells of a specifications table's row, and its rows on lines of their own. */
export const TABLE_CELL_SEPARATOR = " | ";

/** The most characters a spreadsheet cell holds (Excel's limit): longer text is cut, and says so. */
const CELL_LIMIT = 32_767;

function cell(text: string): string {
  return text.length <= CELL_LIMIT ? text : `${text.slice(0, CELL_LIMIT - 1)}…`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Every product (drafts included) as rows of EXPORT_COLUMNS, by model ignoring letter case: six
 * queries whatever the size of the catalog, assembled here.
 */
export function createCatalogExport({ db }: { db: Database }) {
  /**
   * One export at a time per process: each holds the whole catalog in memory while it is written (an
   * Excel file is written in one piece), and a second admin's waits rather than doubling that.
   */
  let previous: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const next = previous.then(work, work);
    previous = next.catch(() => undefined);
    return next;
  }

  async function rows(): Promise<string[][]> {
    const mainFile = alias(files, "main_file");
    const productRows = await db
      .select({
        id: products.id,
        model: products.model,
        category: categories.name,
        description: products.description,
        specs: products.specs,
        specsTable: products.specsTable,
        ndaa: products.ndaa,
        status: products.status,
        publishAt: products.publishAt,
        image: mainFile.originalName,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(mainFile, eq(mainFile.id, products.imageFileId))
      .orderBy(...BY_MODEL);
    const featureRows = await db
      .select({ productId: productFeatures.productId, label: categoryFeatures.label })
      .from(productFeatures)
      .innerJoin(categoryFeatures, eq(categoryFeatures.id, productFeatures.featureId));
    const accessoryRows = await db.select().from(productAccessories);
    const imageRows = await db
      .select({ productId: productImages.productId, name: files.originalName })
      .from(productImages)
      .innerJoin(files, eq(files.id, productImages.fileId))
      .orderBy(asc(productImages.position));
    const downloadRows = await db
      .select({ productId: productDownloads.productId, name: files.originalName })
      .from(productDownloads)
      .innerJoin(files, eq(files.id, productDownloads.fileId))
      .orderBy(asc(productDownloads.position));

    const modelOf = new Map(productRows.map((row) => [row.id, row.model]));
    const featuresOf = new Map<string, string[]>();
    for (const row of featureRows) push(featuresOf, row.productId, row.label);
    const accessoriesOf = new Map<string, string[]>();
    for (const row of accessoryRows) {
      push(accessoriesOf, row.productA, modelOf.get(row.productB) ?? "");
      push(accessoriesOf, row.productB, modelOf.get(row.productA) ?? "");
    }
    const imagesOf = new Map<string, string[]>();
    for (const row of imageRows) push(imagesOf, row.productId, row.name);
    const downloadsOf = new Map<string, string[]>();
    for (const row of downloadRows) push(downloadsOf, row.productId, row.name);

    return productRows.map((row) =>
      [
        row.model,
        row.category,
        row.description,
        row.specs ?? "",
        (row.specsTable ?? []).map((cells) => cells.join(TABLE_CELL_SEPARATOR)).join("\n"),
        row.ndaa ? "Yes" : "No",
        sortNaturallyBy(featuresOf.get(row.id) ?? [], (label) => label).join(LIST_SEPARATOR),
        sortIgnoringCaseBy((accessoriesOf.get(row.id) ?? []).filter(Boolean), (model) => model).join(LIST_SEPARATOR),
        row.image,
        (imagesOf.get(row.id) ?? []).join(LIST_SEPARATOR),
        (downloadsOf.get(row.id) ?? []).join(LIST_SEPARATOR),
        publicationLabel({ status: row.status, publishAt: row.publishAt?.toISOString() ?? null }),
      ].map(cell),
    );
  }

  /** The catalog as a UTF-8 CSV file (with a byte order mark, so spreadsheet programs read it right). */
  function csv(): Promise<string> {
    return oneAtATime(async () => {
      const lines = [UTF8_BOM + csvLine(EXPORT_COLUMNS)];
      for (const row of await rows()) lines.push(csvLine(row));
      return lines.join("");
    });
  }

  /** The catalog as an .xlsx workbook of one sheet, every value as text. */
  function xlsx(): Promise<Buffer> {
    return oneAtATime(async () => {
      // Loaded when asked for: the reader of uploads runs it in a sandboxed worker, the writer here
      // writes only our own text.
      const XLSX = await import("xlsx");
      const sheet = XLSX.utils.aoa_to_sheet([[...EXPORT_COLUMNS], ...(await rows())]);
      sheet["!cols"] = EXPORT_COLUMNS.map((name) => ({ wch: name === "Description" ? 60 : 24 }));
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, "Products");
      return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
    });
  }

  return { rows, csv, xlsx };
}

export type CatalogExport = ReturnType<typeof createCatalogExport>;
