import type { DownloadKind } from "#app/domain/download-kinds";
import { asc, Column, eq, is, SQL, sql, type AnyColumn } from "drizzle-orm";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { CatalogProduct } from "#app/domain/catalog-views";
import type { PublicationStatus } from "#app/domain/publication";
import type { LifecycleColumns } from "#app/domain/lifecycle";
import type { SpecAttribute, SpecValue } from "#app/domain/spec-attributes";
import type { RecordTranslations } from "#app/domain/translations";
import type { Queryable } from "../db/client.server";
import {
  catalogChanges,
  catalogVersions,
  categories,
  categoryAttributes,
  categoryFeatures,
  files,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  productReplacements,
  products,
  productSpecValues,
  specAttributes,
} from "../db/schema";
import { type fileView, imageFileColumns, type imageView } from "../files/file-views.server";
import type { Slicing } from "../platform/slices.server";

/** The rows the catalog is made of: all of them, or those of the records a change touched. */
export interface CatalogRows {
  categoryRows: CategoryRow[];
  featureRows: FeatureRow[];
  categoryAttributeRows: CategoryAttributeRow[];
  productRows: ProductRow[];
  productValueRows: ProductValueRow[];
  productFeatureRows: ProductFeatureRow[];
  imageRows: ImageRow[];
  downloadRows: DownloadRow[];
  accessoryRows: { productA: string; productB: string }[];
  /** Each product's replacements, product by product in their order. */
  replacementRows: { productId: string; replacementId: string }[];
}

export interface CategoryRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  featureGroups: string[];
  version: number;
}

export interface FeatureRow {
  id: string;
  categoryId: string;
  label: string;
  group: string;
}

/** One of a category's attributes, with the attribute as the library has it. */
export interface CategoryAttributeRow {
  categoryId: string;
  position: number;
  required: boolean;
  filter: boolean;
  attribute: Omit<SpecAttribute, "version" | "unit"> & { unit: string | null };
}

/** A product's values, read one row a product: by attribute id. */
export interface ProductValueRow {
  productId: string;
  values: Record<string, SpecValue>;
}

/** A product's row as the catalog reads it (`readJsonInPages`). */
export type ProductRow = Pick<CatalogProduct, "id" | "slug" | "model" | "name" | "description" | "ndaa" | "version"> & {
  /**
   * Its specifications as JSON text, read back when its page is made (decision 077): the table one
   * string a product rather than an array for each of its rows, and both kept a byte a character,
   * then held in pieces once the catalog holds them (decision 093).
   */
  specsJson: string | null;
  specsTableJson: string | null;
  categoryId: string;
  imageAlt: string;
  /** Null when it has none: the catalog holds nothing for an untranslated product. */
  translations: RecordTranslations | null;
  status: PublicationStatus;
  /** ISO 8601. */
  publishAt: string | null;
  /** ISO 8601. */
  createdAt: string;
  file: Parameters<typeof imageView>[0];
} & LifecycleColumns;

/** A product's features, read one row a product. */
export interface ProductFeatureRow {
  productId: string;
  /** In id order. */
  featureIds: string[];
}

export interface ImageRow extends PositionedRow {
  alt: string;
  file: Parameters<typeof imageView>[0];
}

export interface DownloadRow extends PositionedRow {
  description: string;
  kind: DownloadKind;
  file: Parameters<typeof fileView>[0];
}

/** A row of a product's ordered list (its pictures, its downloads), as far as paging it goes. */
interface PositionedRow {
  id: string;
  productId: string;
  position: number;
}

/** The catalog's version: how many transactions changed it (drizzle/0018_catalog_changes.sql). */
export async function readCatalogVersion(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ version: catalogVersions.version })
    .from(catalogVersions)
    .where(eq(catalogVersions.name, "catalog"));
  return row?.version ?? 0;
}

/** What the changes after `after` up to `upTo` touched, or null when some of them are no longer noted. */
export interface Touched {
  productIds: Set<string>;
  categoryIds: Set<string>;
}

/**
 * What the transactions that committed as versions `after` + 1 … `upTo` touched. Null when that
 * cannot be told: a version's notes are gone (pruned after a day) or one emptied a table.
 */
export async function readTouched(db: Queryable, after: number, upTo: number): Promise<Touched | null> {
  const rows = await db
    .select({ version: catalogChanges.version, kind: catalogChanges.kind, recordId: catalogChanges.recordId })
    .from(catalogChanges)
    .where(sql`${catalogChanges.version} > ${after} and ${catalogChanges.version} <= ${upTo}`);
  const versions = new Set<number>();
  const touched: Touched = { productIds: new Set(), categoryIds: new Set() };
  for (const row of rows) {
    versions.add(row.version);
    if (row.kind === "everything") return null;
    (row.kind === "product" ? touched.productIds : touched.categoryIds).add(row.recordId);
  }
  // Each version is one committed transaction, and each noted what it touched.
  return versions.size === upTo - after ? touched : null;
}

/** Forgets notes older than a day: a server that far behind reads the whole catalog again. */
export async function pruneCatalogChanges(db: Queryable): Promise<void> {
  await db.delete(catalogChanges).where(sql`${catalogChanges.at} < now() - interval '1 day'`);
}

/**
 * The catalog's rows: every one (`only` absent), or those of the categories and products named, each
 * category with its features and each product with its features, pictures, downloads and accessory
 * pairings (both sides). Large tables are read `slicing.size` rows at a time (decision 031).
 */
export async function readCatalogRows(tx: Queryable, slicing: Slicing, only?: Touched): Promise<CatalogRows> {
  const within = (column: AnyColumn, ids: Set<string> | undefined) =>
    ids ? sql`${column} = any(${`{${[...ids].join(",")}}`}::uuid[])` : undefined;
  const and = (...conditions: (SQL | undefined)[]) => {
    const present = conditions.filter((condition) => condition !== undefined);
    return present.length ? sql.join(present, sql` and `) : undefined;
  };
  const categoryIds = only?.categoryIds;
  const productIds = only?.productIds;
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const categoryRows =
    categoryIds?.size === 0
      ? []
      : await tx
          .select({
            id: categories.id,
            slug: categories.slug,
            name: categories.name,
            description: categories.description,
            featureGroups: categories.featureGroups,
            version: categories.version,
          })
          .from(categories)
          .where(within(categories.id, categoryIds));
  const featureRows =
    categoryIds?.size === 0
      ? []
      : await tx
          .select({
            id: categoryFeatures.id,
            categoryId: categoryFeatures.categoryId,
            label: categoryFeatures.label,
            group: categoryFeatures.group,
          })
          .from(categoryFeatures)
          .where(within(categoryFeatures.categoryId, categoryIds));
  const categoryAttributeRows: CategoryAttributeRow[] =
    categoryIds?.size === 0
      ? []
      : await tx
          .select({
            categoryId: categoryAttributes.categoryId,
            position: categoryAttributes.position,
            required: categoryAttributes.required,
            filter: categoryAttributes.filter,
            attribute: {
              id: specAttributes.id,
              slug: specAttributes.slug,
              name: specAttributes.name,
              group: specAttributes.group,
              type: specAttributes.type,
              unit: specAttributes.unit,
              precision: specAttributes.precision,
              choices: specAttributes.choices,
              multiple: specAttributes.multiple,
              coverageRole: specAttributes.coverageRole,
            },
          })
          .from(categoryAttributes)
          .innerJoin(specAttributes, eq(specAttributes.id, categoryAttributes.attributeId))
          .where(within(categoryAttributes.categoryId, categoryIds))
          .orderBy(asc(categoryAttributes.categoryId), asc(categoryAttributes.position));
  if (productIds?.size === 0) {
    return {
      categoryRows,
      featureRows,
      categoryAttributeRows,
      productRows: [],
      productValueRows: [],
      productFeatureRows: [],
      imageRows: [],
      downloadRows: [],
      accessoryRows: [],
      replacementRows: [],
    };
  }
  const productRows = await readJsonInPages<ProductRow>(
    tx,
    slicing,
    {
      id: products.id,
      slug: products.slug,
      model: products.model,
      name: products.name,
      description: products.description,
      specsJson: sql<string | null>`to_json(${products.specs})::text`,
      specsTableJson: sql<string | null>`${products.specsTable}::text`,
      ndaa: products.ndaa,
      version: products.version,
      categoryId: products.categoryId,
      imageAlt: products.imageAlt,
      translations: sql<RecordTranslations | null>`nullif(${products.translations}, '{}'::jsonb)`,
      status: products.status,
      publishAt: products.publishAt,
      createdAt: products.createdAt,
      file: imageFileColumns,
      lifecycle: products.lifecycle,
      endOfSaleOn: products.endOfSaleOn,
      discontinuedOn: products.discontinuedOn,
      firmwareUntil: products.firmwareUntil,
      repairsUntil: products.repairsUntil,
    },
    [asc(products.id)],
    (selection, after) =>
      tx
        .select(selection)
        .from(products)
        .innerJoin(files, eq(files.id, products.imageFileId))
        .where(and(within(products.id, productIds), after ? sql`${products.id} > ${after.id}` : undefined)),
  );
  // A row a product rather than a pair: at 50,000 products, a fifth of the rows and a third of the time.
  const productFeatureRows = await readJsonInPages<ProductFeatureRow>(
    tx,
    slicing,
    {
      productId: productFeatures.productId,
      featureIds: sql`json_agg(${productFeatures.featureId} order by ${productFeatures.featureId})`,
    },
    [asc(productFeatures.productId)],
    (selection, after) =>
      tx
        .select(selection)
        .from(productFeatures)
        .where(
          and(
            within(productFeatures.productId, productIds),
            after ? sql`${productFeatures.productId} > ${after.productId}` : undefined,
          ),
        )
        .groupBy(productFeatures.productId),
  );
  const productValueRows = await readJsonInPages<ProductValueRow>(
    tx,
    slicing,
    {
      productId: productSpecValues.productId,
      values: sql`json_object_agg(${productSpecValues.attributeId}, ${productSpecValues.value})`,
    },
    [asc(productSpecValues.productId)],
    (selection, after) =>
      tx
        .select(selection)
        .from(productSpecValues)
        .where(
          and(
            within(productSpecValues.productId, productIds),
            after ? sql`${productSpecValues.productId} > ${after.productId}` : undefined,
          ),
        )
        .groupBy(productSpecValues.productId),
  );
  // Each product's pictures and downloads in their order, product after product.
  const imageRows = await readPositionedRows<ImageRow>(tx, slicing, productImages, productIds, {
    alt: productImages.alt,
    file: imageFileColumns,
  });
  const downloadRows = await readPositionedRows<DownloadRow>(tx, slicing, productDownloads, productIds, {
    description: productDownloads.description,
    kind: productDownloads.kind,
    file: { id: files.id, originalName: files.originalName, size: files.size },
  });
  const accessoryRows = await tx
    .select()
    .from(productAccessories)
    .where(
      productIds
        ? sql`(${within(productAccessories.productA, productIds)} or ${within(productAccessories.productB, productIds)})`
        : undefined,
    );
  const replacementRows = await tx
    .select({ productId: productReplacements.productId, replacementId: productReplacements.replacementId })
    .from(productReplacements)
    .where(within(productReplacements.productId, productIds))
    .orderBy(asc(productReplacements.productId), asc(productReplacements.position));
  return {
    categoryRows,
    featureRows,
    categoryAttributeRows,
    productRows,
    productValueRows,
    productFeatureRows,
    imageRows,
    downloadRows,
    accessoryRows,
    replacementRows,
  };

  function readPositionedRows<Row extends PositionedRow>(
    tx: Queryable,
    slicing: Slicing,
    table: PositionedTable,
    ids: Set<string> | undefined,
    fields: JsonFields,
  ): Promise<Row[]> {
    return readJsonInPages<Row>(
      tx,
      slicing,
      { id: table.id, productId: table.productId, position: table.position, ...fields },
      [asc(table.productId), asc(table.position), asc(table.id)],
      (selection, after) =>
        tx
          .select(selection)
          .from(table)
          .innerJoin(files, eq(files.id, table.fileId))
          .where(
            and(
              within(table.productId, ids),
              after
                ? sql`(${table.productId}, ${table.position}, ${table.id}) > (${after.productId}, ${after.position}, ${after.id})`
                : undefined,
            ),
          ),
    );
  }
}

type PositionedTable = typeof productImages | typeof productDownloads;

/** The fields of one row read as JSON: columns or expressions, and objects of them for nested values. */
interface JsonFields {
  [name: string]: AnyColumn | SQL | JsonFields;
}

/** The columns and expressions of `fields`, depth first: what a row's JSON array holds, in order. */
function leavesOf(fields: JsonFields): (AnyColumn | SQL)[] {
  return Object.values(fields).flatMap((field) => (is(field, Column) || is(field, SQL) ? [field] : leavesOf(field)));
}

/** Makes a row of `fields` from the values of its JSON array (`leavesOf`). */
function rowMaker(fields: JsonFields): (values: readonly unknown[]) => unknown {
  let next = 0;
  const makerOf = (fields: JsonFields) => {
    const parts = Object.entries(fields).map(([name, field]) =>
      is(field, Column) || is(field, SQL) ? { name, at: next++ } : { name, make: makerOf(field) },
    );
    // Each row a copy of one object with every field: V8 keeps such rows in its fast, compact form,
    // while one made by adding a dozen fields or more by name goes over to a dictionary, about
    // twice the memory (decision 077).
    const shape = Object.fromEntries(parts.map((part) => [part.name, null]));
    return (values: readonly unknown[]) => {
      const row: Record<string, unknown> = { ...shape };
      for (const part of parts) row[part.name] = part.make ? part.make(values) : values[part.at];
      return row;
    };
  };
  return makerOf(fields);
}

/**
 * What a page of `readJsonInPages` selects: each row as one JSON object, and its place in the order.
 * A type, not an interface: Drizzle's select takes it as a record of fields.
 */
type JsonPageSelection = {
  row: SQL.Aliased;
  position: SQL.Aliased<number>;
};

/** A page's query up to its condition: `readJsonInPages` adds the order and the limit. */
interface JsonPageQuery {
  orderBy(...order: SQL[]): {
    limit(size: number): { as(alias: "page"): SubqueryWithSelection<JsonPageSelection, "page"> };
  };
}

/**
 * Every row of a query read as JSON (decision 048), `slicing.size` at a time in `order`, each page
 * after the last row of the one before, with a pause between two pages (decision 031). The embedded
 * database's driver, like node-postgres, turns every field of every row into a value in JavaScript;
 * here the database builds each page as one JSON text (`fields` as an array of values a row, in
 * order) and `JSON.parse` reads it natively, two to three times faster for these tables. Arrays,
 * made into rows here, rather than objects: the database writes no names, and at 50,000 products
 * that halves its time (decision 066). Dates come back as ISO 8601 text, bigints as numbers.
 * `pageAfter` makes the page's query from the selection, with the condition that starts it after `after`.
 */
async function readJsonInPages<Row>(
  tx: Queryable,
  slicing: Slicing,
  fields: JsonFields,
  order: readonly SQL[],
  pageAfter: (selection: JsonPageSelection, after: Row | undefined) => JsonPageQuery,
): Promise<Row[]> {
  const selection: JsonPageSelection = {
    row: sql`json_build_array(${sql.join(leavesOf(fields), sql`, `)})`.as("row"),
    position: sql<number>`row_number() over (order by ${sql.join([...order], sql`, `)})`.as("position"),
  };
  const makeRow = rowMaker(fields);
  const rows: Row[] = [];
  for (;;) {
    const page = pageAfter(selection, rows.at(-1))
      .orderBy(...order)
      .limit(slicing.size)
      .as("page");
    const [read] = await tx
      .select({ text: sql<string>`coalesce(json_agg(${page.row} order by ${page.position}), '[]')::text` })
      .from(page);
    const pageRows = JSON.parse(read?.text ?? "[]") as unknown[][];
    for (const values of pageRows) rows.push(makeRow(values) as Row);
    if (pageRows.length < slicing.size) return rows;
    await slicing.pause();
  }
}
