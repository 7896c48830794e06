import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadDemoCatalogIfEmpty } from "../../demo/load";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../app/server/db/client.server";
import {
  categories,
  productDownloads,
  productFeatures,
  productImages,
  products,
  productSpecValues,
  specAttributes,
} from "../../app/server/db/schema";
import {
  isRange,
  typedSpecOf,
  type AttributeDefinition,
  type SpecValue,
  type TypedSpec,
} from "../../app/domain/spec-attributes";
import { roundTo } from "../../app/domain/units";
import { attributeDefinitionFrom } from "../../app/server/records/attribute.server";
import { parseEnv } from "../../app/server/platform/env.server";
import { startRuntime } from "../../app/server/runtime/runtime.server";

/** Sentences mixed into the copies' descriptions so search and text vary like a real catalog's. */
const VARIANTS = [
  "Rated for -40 °C to 60 °C with a heater for cold sites.",
  "Ships with a five-year warranty and free firmware updates.",
  "Certified for ONVIF Profile S, G and T.",
  "Supports edge recording to a 512 GB microSD card.",
  "Includes a smart codec that halves bandwidth at night.",
  "Ideal for schools, hospitals and municipal buildings.",
  "Tested to 6 kV surge protection on the network port.",
  "Configurable privacy masks hide windows and neighbours.",
  "Built for retail: people counting and queue alerts on board.",
  "Corrosion-resistant coating for coastal installations.",
];

const BATCH = 500;

/**
 * A data folder holding the demo catalog (real pictures, documents, categories, features) grown to
 * `productCount` products: each extra product copies a demo product's category, features, pictures
 * and downloads under its own model, with its own description. Returns the folder; the caller removes it.
 */
export async function generateCatalog(productCount: number): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vantage-bench-${productCount}-`));
  try {
    await fillCatalog(dataDir, productCount);
    return dataDir;
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A number or range times `spread`, rounded to the attribute's decimals as its form reads it (so that a
 * save of the form sent back unchanged keeps it); any other value as it is.
 */
function spreadValue(value: SpecValue, spread: number, precision: number): SpecValue {
  const scaled = (number: number) => roundTo(number * spread, precision);
  if (typeof value === "number") return scaled(value);
  return isRange(value) ? [scaled(value[0]), scaled(value[1])] : value;
}

async function fillCatalog(dataDir: string, productCount: number): Promise<void> {
  const runtime = await startRuntime(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_DATA: "1" }));
  try {
    await loadDemoCatalogIfEmpty(runtime);
    const db = runtime.database.db;
    const templates = await db.select().from(products);
    const features = await db.select().from(productFeatures);
    const images = await db.select().from(productImages);
    const downloads = await db.select().from(productDownloads);
    const values = await db.select().from(productSpecValues);
    const attributes = await attributeDefinitions(db);
    if (templates.length === 0) throw new Error("The demo catalog did not load");

    for (let start = templates.length; start < productCount; start += BATCH) {
      const end = Math.min(productCount, start + BATCH);
      await db.transaction(async (tx) => {
        const productRows: (typeof products.$inferInsert)[] = [];
        const featureRows: (typeof productFeatures.$inferInsert)[] = [];
        const imageRows: (typeof productImages.$inferInsert)[] = [];
        const downloadRows: (typeof productDownloads.$inferInsert)[] = [];
        const valueRows: (typeof productSpecValues.$inferInsert)[] = [];
        for (let index = start; index < end; index += 1) {
          const template = templates[index % templates.length];
          if (!template) continue;
          const id = randomUUID();
          productRows.push({
            id,
            model: `${template.model}-${String(index).padStart(5, "0")}`,
            name: template.name,
            description: `${template.description} ${VARIANTS[index % VARIANTS.length] ?? ""}`,
            specs: template.specs,
            specsTable: template.specsTable,
            ndaa: index % 7 !== 0,
            categoryId: template.categoryId,
            imageFileId: template.imageFileId,
          });
          for (const feature of features.filter((row) => row.productId === template.id)) {
            featureRows.push({ productId: id, featureId: feature.featureId });
          }
          for (const image of images.filter((row) => row.productId === template.id)) {
            imageRows.push({ productId: id, fileId: image.fileId, position: image.position });
          }
          // Its template's typed values, numbers spread from half to one and a half times theirs, so
          // that value filters and orders have many values to tell apart (decision 070).
          const spread = 0.5 + (index % 11) / 10;
          for (const value of values.filter((row) => row.productId === template.id)) {
            valueRows.push({
              productId: id,
              attributeId: value.attributeId,
              value: spreadValue(value.value, spread, attributes.get(value.attributeId)?.precision ?? 0),
            });
          }
          for (const download of downloads.filter((row) => row.productId === template.id)) {
            downloadRows.push({
              productId: id,
              fileId: download.fileId,
              description: download.description,
              position: download.position,
            });
          }
        }
        await tx.insert(products).values(productRows);
        if (featureRows.length) await tx.insert(productFeatures).values(featureRows);
        if (imageRows.length) await tx.insert(productImages).values(imageRows);
        if (downloadRows.length) await tx.insert(productDownloads).values(downloadRows);
        if (valueRows.length) await tx.insert(productSpecValues).values(valueRows);
      });
    }
    await writeEditable(dataDir, db);
  } finally {
    await runtime.close();
  }
}

/** A product as its edit form would send it back unchanged: what a benchmark's admin saves. */
export interface EditableProduct {
  id: string;
  model: string;
  name: string;
  description: string;
  specs: string | null;
  ndaa: boolean;
  imageAlt: string;
  categoryId: string;
  /** Its category's page is at this slug. */
  categorySlug: string;
  version: number;
  featureIds: string[];
  additionalImageIds: string[];
  downloadIds: string[];
  /** Its typed values as its form shows them, by attribute id. */
  specTexts: Record<string, TypedSpec>;
}

/** Every attribute of the catalog by its id, as the forms read values for it. */
async function attributeDefinitions(db: Database): Promise<Map<string, AttributeDefinition>> {
  const rows = await db.select().from(specAttributes);
  return new Map(rows.map((row) => [row.id, attributeDefinitionFrom(row)]));
}

const EDITABLE_FILE = "bench-editable-products.json";

/** Products spread over the whole catalog (every 97th in model order), written beside its data. */
async function writeEditable(dataDir: string, db: Database): Promise<void> {
  const picked = (
    await db
      .select({ product: products, categorySlug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(asc(products.model))
  )
    .filter((_, index) => index % 97 === 3)
    .map(({ product, categorySlug }) => ({ ...product, categorySlug }));
  const ids = picked.map((row) => row.id);
  const attributes = await attributeDefinitions(db);
  const [features, images, downloads, values] = await Promise.all([
    db.select().from(productFeatures).where(inArray(productFeatures.productId, ids)),
    db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position)),
    db
      .select()
      .from(productDownloads)
      .where(inArray(productDownloads.productId, ids))
      .orderBy(asc(productDownloads.position)),
    db.select().from(productSpecValues).where(inArray(productSpecValues.productId, ids)),
  ]);
  const editable: EditableProduct[] = picked.map((row) => ({
    id: row.id,
    model: row.model,
    name: row.name,
    description: row.description,
    specs: row.specs,
    ndaa: row.ndaa,
    imageAlt: row.imageAlt,
    categoryId: row.categoryId,
    categorySlug: row.categorySlug,
    version: row.version,
    featureIds: features.filter((feature) => feature.productId === row.id).map((feature) => feature.featureId),
    additionalImageIds: images.filter((image) => image.productId === row.id).map((image) => image.id),
    downloadIds: downloads.filter((download) => download.productId === row.id).map((download) => download.id),
    specTexts: Object.fromEntries(
      values.flatMap((value) => {
        const attribute = attributes.get(value.attributeId);
        return value.productId === row.id && attribute ? [[attribute.id, typedSpecOf(attribute, value.value)]] : [];
      }),
    ),
  }));
  fs.writeFileSync(path.join(dataDir, EDITABLE_FILE), JSON.stringify(editable));
}

/** The products of a catalog made by `generateCatalog` that a benchmark may save. */
export function editableProducts(dataDir: string): EditableProduct[] {
  return JSON.parse(fs.readFileSync(path.join(dataDir, EDITABLE_FILE), "utf8")) as EditableProduct[];
}

/** The edit form's fields for `product` with a new description: everything else as it is. */
export function productEditForm(product: EditableProduct, description: string): URLSearchParams {
  const form = new URLSearchParams({
    categoryId: product.categoryId,
    model: product.model,
    name: product.name,
    description,
    version: String(product.version),
    keepSpecsTable: "on",
    imageAlt: product.imageAlt,
  });
  if (product.specs) form.set("specs", product.specs);
  if (product.ndaa) form.set("ndaa", "on");
  product.featureIds.forEach((id, index) => form.set(`featureIds[${index}]`, id));
  product.additionalImageIds.forEach((id, index) => form.set(`additionalImages[${index}].id`, id));
  product.downloadIds.forEach((id, index) => form.set(`downloads[${index}].id`, id));
  // As the form's fields send them: a text, or a field a ticked value of a choice of several.
  for (const [attributeId, typed] of Object.entries(product.specTexts)) {
    for (const text of typeof typed === "string" ? [typed] : typed) form.append(`specTexts.${attributeId}`, text);
  }
  return form;
}
