import { asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import { publicationLabel, type PublicationState } from "#app/domain/publication";
import type { Database, Queryable } from "../db/client.server";
import { BY_MODEL } from "../db/paging.server";
import {
  categories,
  categoryAttributes,
  categoryFeatures,
  files,
  productAccessories,
  productReplacements,
  productDownloads,
  productFeatures,
  productImages,
  products,
  productSpecValues,
  specAttributes,
} from "../db/schema";
import type { AttributeDefinition, SpecValue } from "#app/domain/spec-attributes";
import { attributeColumn, specCell } from "#app/domain/spec-sheet";
import { byGroupAndName } from "../admin/attributes.server";
import { attributeDefinitionFrom } from "../records/attribute.server";
import { lifecycleOfRow, type LifecycleFields } from "#app/domain/lifecycle";
import { LIFECYCLE_STAGE_NAMES } from "#app/domain/lifecycle-stages";
import { csvLine, UTF8_BOM } from "../platform/csv.server";
import { addToList } from "../platform/lists.server";
import { CATALOG_COLUMNS, type CatalogColumn, LIST_SEPARATOR, TABLE_CELL_SEPARATOR } from "#app/domain/catalog-sheet";

/** The most characters a spreadsheet cell holds (Excel's limit): longer text is cut, and says so. */
const CELL_LIMIT = 32_767;

/** Text as a spreadsheet cell holds it: cut at Excel's limit. */
export function spreadsheetCell(text: string): string {
  return text.length <= CELL_LIMIT ? text : `${text.slice(0, CELL_LIMIT - 1)}…`;
}

/** A stored file as a product names it: its id, and the name it was uploaded with. */
export interface NamedFile {
  fileId: string;
  name: string;
}

/** A product with everything an export writes of it, and the ids an import needs to change it. */
export interface CatalogRecord {
  id: string;
  version: number;
  model: string;
  name: string;
  categoryId: string;
  category: string;
  description: string;
  specs: string | null;
  specsTable: string[][] | null;
  ndaa: boolean;
  publication: PublicationState;
  image: NamedFile;
  images: (NamedFile & { id: string; alt: string })[];
  downloads: (NamedFile & { id: string; description: string })[];
  /** Natural order, as pages list them. */
  features: string[];
  /** By model ignoring letter case. */
  accessories: { id: string; model: string }[];
  /** Its typed values by attribute id (decision 070). */
  specValues: Record<string, SpecValue>;
  lifecycle: LifecycleFields;
  /** In their order (decision 072). */
  replacements: { id: string; model: string }[];
}

/**
 * The attributes a sheet has a column for: those some category has, by group and name as the
 * dashboard lists them.
 */
export async function readSheetAttributes(db: Queryable): Promise<AttributeDefinition[]> {
  const rows = await db
    .select()
    .from(specAttributes)
    .where(
      inArray(specAttributes.id, db.selectDistinct({ id: categoryAttributes.attributeId }).from(categoryAttributes)),
    );
  return rows.map(attributeDefinitionFrom).sort(byGroupAndName);
}

/**
 * Every product (drafts included) with its relations, by model ignoring letter case: six queries
 * whatever the size of the catalog, assembled here.
 */
export async function readCatalogRecords(db: Queryable): Promise<CatalogRecord[]> {
  const mainFile = alias(files, "main_file");
  const productRows = await db
    .select({
      id: products.id,
      version: products.version,
      model: products.model,
      name: products.name,
      categoryId: products.categoryId,
      category: categories.name,
      description: products.description,
      specs: products.specs,
      specsTable: products.specsTable,
      ndaa: products.ndaa,
      status: products.status,
      publishAt: products.publishAt,
      imageFileId: products.imageFileId,
      imageName: mainFile.originalName,
      lifecycle: products.lifecycle,
      endOfSaleOn: products.endOfSaleOn,
      discontinuedOn: products.discontinuedOn,
      firmwareUntil: products.firmwareUntil,
      repairsUntil: products.repairsUntil,
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
  const replacementRows = await db
    .select()
    .from(productReplacements)
    .orderBy(asc(productReplacements.productId), asc(productReplacements.position));
  const imageRows = await db
    .select({
      productId: productImages.productId,
      id: productImages.id,
      fileId: productImages.fileId,
      alt: productImages.alt,
      name: files.originalName,
    })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .orderBy(asc(productImages.position));
  const valueRows = await db.select().from(productSpecValues);
  const downloadRows = await db
    .select({
      productId: productDownloads.productId,
      id: productDownloads.id,
      fileId: productDownloads.fileId,
      description: productDownloads.description,
      name: files.originalName,
    })
    .from(productDownloads)
    .innerJoin(files, eq(files.id, productDownloads.fileId))
    .orderBy(asc(productDownloads.position));

  const modelOf = new Map(productRows.map((row) => [row.id, row.model]));
  const featuresOf = new Map<string, string[]>();
  for (const row of featureRows) addToList(featuresOf, row.productId, row.label);
  const accessoriesOf = new Map<string, { id: string; model: string }[]>();
  for (const { productA, productB } of accessoryRows) {
    addToList(accessoriesOf, productA, { id: productB, model: modelOf.get(productB) ?? "" });
    addToList(accessoriesOf, productB, { id: productA, model: modelOf.get(productA) ?? "" });
  }
  const replacementsOf = new Map<string, { id: string; model: string }[]>();
  for (const { productId, replacementId } of replacementRows) {
    addToList(replacementsOf, productId, { id: replacementId, model: modelOf.get(replacementId) ?? "" });
  }
  const imagesOf = new Map<string, CatalogRecord["images"]>();
  for (const { productId, ...image } of imageRows) addToList(imagesOf, productId, image);
  const valuesOf = new Map<string, Record<string, SpecValue>>();
  for (const { productId, attributeId, value } of valueRows) {
    const values = valuesOf.get(productId) ?? {};
    values[attributeId] = value;
    valuesOf.set(productId, values);
  }
  const downloadsOf = new Map<string, CatalogRecord["downloads"]>();
  for (const { productId, ...download } of downloadRows) addToList(downloadsOf, productId, download);

  return productRows.map((row) => ({
    id: row.id,
    version: row.version,
    model: row.model,
    name: row.name,
    categoryId: row.categoryId,
    category: row.category,
    description: row.description,
    specs: row.specs,
    specsTable: row.specsTable,
    ndaa: row.ndaa,
    publication: { status: row.status, publishAt: row.publishAt?.toISOString() ?? null },
    image: { fileId: row.imageFileId, name: row.imageName },
    images: imagesOf.get(row.id) ?? [],
    downloads: downloadsOf.get(row.id) ?? [],
    features: sortNaturallyBy(featuresOf.get(row.id) ?? [], (label) => label),
    accessories: sortIgnoringCaseBy(
      (accessoriesOf.get(row.id) ?? []).filter((accessory) => accessory.model),
      (accessory) => accessory.model,
    ),
    specValues: valuesOf.get(row.id) ?? {},
    lifecycle: lifecycleOfRow(row),
    replacements: replacementsOf.get(row.id) ?? [],
  }));
}

/** A product's cells under CATALOG_COLUMNS, whole: what an export writes (cut to a cell) and an import compares. */
export function catalogCells(record: CatalogRecord): Record<CatalogColumn, string> {
  return {
    Model: record.model,
    Name: record.name,
    Category: record.category,
    Description: record.description,
    Specifications: record.specs ?? "",
    "Specifications table": (record.specsTable ?? []).map((cells) => cells.join(TABLE_CELL_SEPARATOR)).join("\n"),
    "NDAA compliant": record.ndaa ? "Yes" : "No",
    Features: record.features.join(LIST_SEPARATOR),
    Accessories: record.accessories.map((accessory) => accessory.model).join(LIST_SEPARATOR),
    Lifecycle: LIFECYCLE_STAGE_NAMES[record.lifecycle.stage],
    "End of sale": record.lifecycle.endOfSaleOn ?? "",
    "Discontinued on": record.lifecycle.discontinuedOn ?? "",
    "Firmware updates until": record.lifecycle.firmwareUntil ?? "",
    "Repairs until": record.lifecycle.repairsUntil ?? "",
    Replacements: record.replacements.map((replacement) => replacement.model).join(LIST_SEPARATOR),
    "Main image": record.image.name,
    "Additional images": record.images.map((image) => image.name).join(LIST_SEPARATOR),
    Downloads: record.downloads.map((download) => download.name).join(LIST_SEPARATOR),
    Status: publicationLabel(record.publication),
    // The version exported: an import of this file later tells a product saved since from one it may update.
    Version: String(record.version),
  };
}

/** Every product (drafts included) as rows of CATALOG_COLUMNS, by model ignoring letter case. */
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

  /** The header (the fixed columns, then one an attribute) and a row a product. */
  async function sheet(): Promise<{ header: string[]; rows: string[][] }> {
    const [records, attributes] = await Promise.all([readCatalogRecords(db), readSheetAttributes(db)]);
    return {
      header: [...CATALOG_COLUMNS, ...attributes.map(attributeColumn)],
      rows: records.map((record) => {
        const cells = catalogCells(record);
        return [
          ...CATALOG_COLUMNS.map((column) => spreadsheetCell(cells[column])),
          ...attributes.map((attribute) => specCell(attribute, record.specValues[attribute.id])),
        ];
      }),
    };
  }

  /** The catalog as a UTF-8 CSV file (with a byte order mark, so spreadsheet programs read it right). */
  function csv(): Promise<string> {
    return oneAtATime(async () => {
      const { header, rows } = await sheet();
      const lines = [UTF8_BOM + csvLine(header)];
      for (const row of rows) lines.push(csvLine(row));
      return lines.join("");
    });
  }

  /** The catalog as an .xlsx workbook of one sheet, every value as text. */
  function xlsx(): Promise<Buffer> {
    return oneAtATime(async () => {
      // Loaded when asked for: the reader of uploads runs it in a sandboxed worker, the writer here
      // writes only our own text.
      const XLSX = await import("xlsx");
      const { header, rows } = await sheet();
      const worksheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
      worksheet["!cols"] = header.map((name) => ({ wch: name === "Description" ? 60 : 24 }));
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, worksheet, "Products");
      return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
    });
  }

  return { sheet, csv, xlsx };
}

export type CatalogExport = ReturnType<typeof createCatalogExport>;
