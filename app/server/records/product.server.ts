import type { DownloadKind } from "#app/domain/download-kinds";
import { downloadLine } from "#app/domain/revisions";
import { alias } from "drizzle-orm/pg-core";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { naturalCompare } from "#app/domain/format";
import { lifecycleLine, lifecycleOfRow, type LifecycleFields } from "#app/domain/lifecycle";
import { publicationLabel, publicationState, type PublicationState } from "#app/domain/publication";
import type { Queryable } from "../db/client.server";
import {
  categories,
  categoryFeatures,
  firmwareProducts,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  productReplacements,
  products,
  productSpecValues,
  specAttributes,
} from "../db/schema";
import { formatSpecValue, type SpecValue } from "#app/domain/spec-attributes";
import { storedUnit } from "./attribute.server";
import { PRODUCT_TRANSLATABLE_FIELDS } from "#app/domain/forms/product";
import type { RecordTranslations } from "#app/domain/translations";
import { translationLines } from "./translations.server";
import { addToList } from "../platform/lists.server";
import {
  duePublication,
  fileLine,
  filesById,
  releasesOf,
  scheduledAndDue,
  SNAPSHOT_BATCH,
  syncOwnFiles,
  versionAndName,
  syncReleaseFiles,
  type RecordKind,
  type Snapshot,
} from "./kind.server";

/** What a product revision restores: the product row and every row that belongs to it. */
export interface ProductData {
  model: string;
  /** Kept since products have names and addresses: older revisions have neither. */
  name?: string;
  slug?: string;
  description: string;
  specs: string | null;
  specsTable: string[][] | null;
  ndaa: boolean;
  categoryId: string;
  imageFileId: string;
  imageAlt: string;
  featureIds: string[];
  images: { fileId: string; alt: string }[];
  /** Each one's kind kept since downloads have kinds (decision 074): absent, the row's own stays. */
  downloads: { fileId: string; description: string; kind?: DownloadKind }[];
  accessoryIds: string[];
  /** Kept since drafts exist: a deleted draft comes back a draft. */
  publication?: PublicationState;
  /** Kept since firmware exists: a deleted product comes back on the releases it was on. */
  firmwareReleaseIds?: string[];
  /** Its typed values by attribute id (decision 070); revisions from before have none. */
  specValues?: Record<string, SpecValue>;
  /** Its lifecycle and replacements in order (decision 072); revisions from before were of active products. */
  lifecycle?: LifecycleFields;
  replacementIds?: string[];
  /** The products it was a replacement of: a deleted product comes back in their lists. */
  replacingIds?: string[];
  /** Its texts in other languages (decision 094); revisions from before have none, and a restore keeps the record's. */
  translations?: RecordTranslations;
}

function grouped<Row extends { productId: string }>(rows: Row[]): Map<string, Omit<Row, "productId">[]> {
  const byProduct = new Map<string, Omit<Row, "productId">[]>();
  for (const { productId, ...rest } of rows) addToList(byProduct, productId, rest);
  return byProduct;
}

/** Products' whole states, a batch of them in seven queries (an import keeps thousands at once). */
async function productSnapshots(tx: Queryable, ids: string[]): Promise<Map<string, Snapshot<ProductData>>> {
  const snapshots = new Map<string, Snapshot<ProductData>>();
  for (let start = 0; start < ids.length; start += SNAPSHOT_BATCH) {
    const batch = ids.slice(start, start + SNAPSHOT_BATCH);
    const rows = await tx
      .select({ product: products, categoryName: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, batch));
    if (!rows.length) continue;
    const featuresOf = grouped(
      await tx
        .select({ productId: productFeatures.productId, id: categoryFeatures.id, label: categoryFeatures.label })
        .from(productFeatures)
        .innerJoin(categoryFeatures, eq(categoryFeatures.id, productFeatures.featureId))
        .where(inArray(productFeatures.productId, batch)),
    );
    const imagesOf = grouped(
      await tx
        .select({ productId: productImages.productId, fileId: productImages.fileId, alt: productImages.alt })
        .from(productImages)
        .where(inArray(productImages.productId, batch))
        .orderBy(asc(productImages.position)),
    );
    const downloadsOf = grouped(
      await tx
        .select({
          productId: productDownloads.productId,
          fileId: productDownloads.fileId,
          description: productDownloads.description,
          kind: productDownloads.kind,
        })
        .from(productDownloads)
        .where(inArray(productDownloads.productId, batch))
        .orderBy(asc(productDownloads.position)),
    );
    const other = alias(products, "other");
    const accessoryRows = await tx
      .select({ productA: productAccessories.productA, productB: productAccessories.productB, model: other.model })
      .from(productAccessories)
      .innerJoin(
        other,
        sql`${other.id} = case when ${inArray(productAccessories.productA, batch)} then ${productAccessories.productB} else ${productAccessories.productA} end`,
      )
      .where(or(inArray(productAccessories.productA, batch), inArray(productAccessories.productB, batch)));
    const releasesOf = grouped(
      await tx
        .select({ productId: firmwareProducts.productId, id: firmwareProducts.releaseId })
        .from(firmwareProducts)
        .where(inArray(firmwareProducts.productId, batch)),
    );
    const valuesOf = grouped(
      await tx
        .select({ productId: productSpecValues.productId, value: productSpecValues.value, attribute: specAttributes })
        .from(productSpecValues)
        .innerJoin(specAttributes, eq(specAttributes.id, productSpecValues.attributeId))
        .where(inArray(productSpecValues.productId, batch))
        .orderBy(asc(specAttributes.name)),
    );
    const successor = alias(products, "successor");
    const replacementsOf = grouped(
      await tx
        .select({ productId: productReplacements.productId, id: successor.id, model: successor.model })
        .from(productReplacements)
        .innerJoin(successor, eq(successor.id, productReplacements.replacementId))
        .where(inArray(productReplacements.productId, batch))
        .orderBy(asc(productReplacements.position)),
    );
    const replacingOf = grouped(
      await tx
        .select({ productId: productReplacements.replacementId, id: productReplacements.productId })
        .from(productReplacements)
        .where(inArray(productReplacements.replacementId, batch)),
    );
    const inBatch = new Set(batch);
    const accessoriesOf = new Map<string, { id: string; model: string }[]>();
    const link = (productId: string, accessory: { id: string; model: string }) =>
      addToList(accessoriesOf, productId, accessory);
    for (const { productA, productB, model } of accessoryRows) {
      // The join named the side outside the batch (or productB when both are in it).
      if (inBatch.has(productA)) link(productA, { id: productB, model });
      if (inBatch.has(productB)) {
        link(productB, { id: productA, model: inBatch.has(productA) ? "" : model });
      }
    }
    const named = await filesById(
      tx,
      rows.flatMap(({ product }) => [
        product.imageFileId,
        ...(imagesOf.get(product.id) ?? []).map((image) => image.fileId),
        ...(downloadsOf.get(product.id) ?? []).map((file) => file.fileId),
      ]),
    );
    const modelOf = new Map(rows.map(({ product }) => [product.id, product.model]));
    for (const { product, categoryName } of rows) {
      const id = product.id;
      const features = (featuresOf.get(id) ?? []).sort((a, b) => naturalCompare(a.label, b.label));
      const images = imagesOf.get(id) ?? [];
      const productFiles = downloadsOf.get(id) ?? [];
      const values = valuesOf.get(id) ?? [];
      const accessories = (accessoriesOf.get(id) ?? [])
        .map((accessory) => ({ id: accessory.id, model: accessory.model || (modelOf.get(accessory.id) ?? "") }))
        .sort((a, b) => naturalCompare(a.model, b.model));
      snapshots.set(id, {
        label: product.model,
        view: {
          fields: [
            ["Model", product.model],
            ["Name", product.name],
            ["Category", categoryName],
            ["Description", product.description],
            ["Specifications", product.specs ?? ""],
            ["NDAA compliant", product.ndaa ? "Yes" : "No"],
            ["Main picture", fileLine(named.get(product.imageFileId))],
            ["Main picture description", product.imageAlt],
            ["Status", publicationLabel(publicationState(product))],
            // Its replacements are a list of their own: a change to them reads as items added and removed.
            ["Lifecycle", lifecycleLine(lifecycleOfRow(product), "")],
          ],
          lists: [
            ["Features", features.map((feature) => feature.label)],
            [
              "Specification values",
              values.map(
                ({ attribute, value }) =>
                  `${attribute.name}: ${formatSpecValue({ ...attribute, unit: storedUnit(attribute.unit) }, value)}`,
              ),
            ],
            [
              "Additional pictures",
              images.map((image) => `${fileLine(named.get(image.fileId))}${image.alt ? `: ${image.alt}` : ""}`),
            ],
            [
              "Downloads",
              productFiles.map((file) =>
                downloadLine(`${file.description} — ${fileLine(named.get(file.fileId))}`, file.kind ?? "other"),
              ),
            ],
            ["Accessories", accessories.map((accessory) => accessory.model)],
            ["Replacements", (replacementsOf.get(id) ?? []).map((replacement) => replacement.model)],
          ],
          table: product.specsTable,
          translations: translationLines(PRODUCT_TRANSLATABLE_FIELDS, product.translations),
        },
        data: {
          model: product.model,
          name: product.name,
          slug: product.slug,
          description: product.description,
          specs: product.specs,
          specsTable: product.specsTable,
          ndaa: product.ndaa,
          categoryId: product.categoryId,
          imageFileId: product.imageFileId,
          imageAlt: product.imageAlt,
          featureIds: features.map((feature) => feature.id),
          images,
          downloads: productFiles,
          accessoryIds: accessories.map((accessory) => accessory.id),
          publication: publicationState(product),
          firmwareReleaseIds: (releasesOf.get(id) ?? []).map((release) => release.id).sort(),
          specValues: Object.fromEntries(values.map(({ attribute, value }) => [attribute.id, value])),
          lifecycle: lifecycleOfRow(product),
          replacementIds: (replacementsOf.get(id) ?? []).map((replacement) => replacement.id),
          replacingIds: (replacingOf.get(id) ?? []).map((replaced) => replaced.id).sort(),
          translations: product.translations,
        },
        files: [
          product.imageFileId,
          ...images.map((image) => image.fileId),
          ...productFiles.map((file) => file.fileId),
        ],
      });
    }
  }
  return snapshots;
}

/** Products: revisions, History, Recently deleted, drafts and schedules. */
export const productRecords = {
  snapshots: productSnapshots,
  current: (db, id) => versionAndName(db, products, products.model, id),
  translatable: PRODUCT_TRANSLATABLE_FIELDS,
  publication: {
    topic: "products",
    due: scheduledAndDue(products),
    publishDue(tx) {
      const { where, set } = duePublication(products);
      return tx.update(products).set(set).where(where).returning({ id: products.id, label: products.model });
    },
    /** Its pictures and downloads, and the files of the releases it is on (see syncReleaseFiles). */
    async syncFiles(tx, id) {
      await syncOwnFiles(
        tx,
        products,
        id,
        sql`select ${products.imageFileId} from ${products} where ${products.id} = ${id}
          union all select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${id}
          union all select ${productDownloads.fileId} from ${productDownloads} where ${productDownloads.productId} = ${id}`,
      );
      await syncReleaseFiles(tx, await releasesOf(tx, id));
    },
  },
} satisfies RecordKind<ProductData>;
