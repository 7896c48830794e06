import type { DownloadKind } from "#app/domain/download-kinds";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { DASHBOARD_PAGE_SIZE, type Paged } from "#app/domain/paging";
import { normalizeSearchQuery } from "#app/domain/search";
import { BY_MODEL, byModel, countRows, readPage } from "../db/paging.server";
import { holdsText } from "../platform/text-pattern.server";
import { ALT_TEXT_TOO_LONG, MAX_ALT_TEXT_LENGTH, normalizeAltText } from "#app/domain/alt-text";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { selectRows, type Database, type Transaction } from "../db/client.server";
import { sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import {
  categories,
  files,
  categoryFeatures,
  firmwareProducts,
  firmwareReleases,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  productReplacements,
  products,
  categoryAttributes,
  productSpecValues,
  specAttributes,
} from "../db/schema";
import {
  fitsAttribute,
  readSpecValue,
  type AttributeDefinition,
  type CategoryAttribute,
  SPEC_MESSAGES,
  type SpecValue,
  type TypedSpec,
} from "#app/domain/spec-attributes";
import { attributeDefinitionFrom, attributesOfCategory, categoryAttributeFrom } from "../records/attribute.server";
import {
  ACTIVE_LIFECYCLE,
  checkedLifecycle,
  lifecycleColumnsOf,
  LIFECYCLE_FIELDS,
  LIFECYCLE_MESSAGES,
  MOST_REPLACEMENTS,
  type LifecycleFields,
} from "#app/domain/lifecycle";
import type { ImageView } from "#app/domain/catalog-views";
import { imageView, imageFileColumns } from "../files/file-views.server";
import { isUuid, MissingFileError, NotAnImageError } from "../files/files.server";
import {
  claimVersion,
  ConflictError,
  databaseError,
  FOREIGN_KEY_VIOLATION,
  FieldRuleError,
  NotFoundError,
  breaksUnique,
  RestoreRefusedError,
  type AdminWrite,
  type WriteScope,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";
import { syncFileVisibility } from "./publication.server";
import { releasesOf, syncReleaseFiles } from "../records/kind.server";
import type { ProductData } from "../records/product.server";
import type { RecordTranslations } from "#app/domain/translations";
import { PRODUCT_TRANSLATABLE_FIELDS, type ProductTranslatableField } from "#app/domain/forms/product";
import { needsTranslation, withLanguageSaved } from "../records/translations.server";
import {
  publicationColumns,
  publicationSet,
  publicationState,
  storedPublication,
  type Publication,
  type PublicationState,
} from "#app/domain/publication";

/** Beyond the original: a feature id that is not one of the chosen category's (a stale or forged form). */
export const FOREIGN_FEATURE_MESSAGE = "Choose features of the selected category";

/**
 * An additional image: one the product has (by its row id) or a newly staged upload (by file id),
 * with its description (absent or empty: none).
 */
export type AdditionalImageInput = ({ id: string } | { fileId: string }) & { alt?: string };

/** A download: an existing one (by row id, optionally with a replacement file) or a new staged file. */
export interface DownloadInput {
  id?: string;
  fileId?: string;
  description: string;
  /** Absent: a stored download keeps its kind, a new one is "other". */
  kind?: DownloadKind;
}

/** A product as the dashboard form saves it (already validated by app/domain/forms/product.ts). */
export interface ProductInput {
  categoryId: string;
  model: string;
  /** What it is in words; absent or empty: none. */
  name?: string;
  description: string;
  specs: string | null;
  /**
   * A spreadsheet's rows (they replace the text), null for none, or undefined in an edit: keep the
   * table the product has.
   */
  specsTable: string[][] | null | undefined;
  /** The staged upload `specsTable` was read from: once the table is saved the file has served. */
  specsSourceFileId?: string;
  ndaa: boolean;
  featureIds: string[];
  /** A staged image: required to create; in an edit, absent keeps the current image. */
  imageFileId?: string;
  /** The main image's description; absent or empty: none (pages then name it by the model). */
  imageAlt?: string;
  additionalImages: AdditionalImageInput[];
  accessoryIds: string[];
  downloads: DownloadInput[];
  /** Absent: an edit keeps what the product has, a new product is published. */
  publication?: Publication;
  /**
   * Only a deleted product brought back has these: the firmware releases it was on (those still there
   * take it back), and its address, kept unless another product has taken it since.
   */
  firmwareReleaseIds?: string[];
  slug?: string;
  /**
   * Its category's specification values as the form typed them, by attribute id (decision 070): read
   * and checked against the category's attributes when saved, a required one refused when missing.
   */
  specTexts?: Record<string, TypedSpec>;
  /** Values already typed (a restored revision's, an import's), by attribute id; those that no longer fit are left out. */
  specValues?: Record<string, SpecValue>;
  /** Its lifecycle (decision 072). Absent: an edit keeps what the product has, a new product is active. */
  lifecycle?: LifecycleFields;
  /** Its recommended replacements in order; absent: unchanged. An active product keeps none. */
  replacementIds?: string[];
  /** Only a deleted product brought back has these: the products it was a replacement of (those still there take it back). */
  replacingIds?: string[];
  /** Its texts in other languages (decision 094), as a restored revision kept them; absent: unchanged. */
  translations?: RecordTranslations;
}

export interface AdminProductRow {
  id: string;
  model: string;
  ndaa: boolean;
  image: ImageView;
  publication: PublicationState;
}

export interface FormCategory {
  id: string;
  name: string;
  /** Its specification attributes in order: the form shows a field for each (decision 070). */
  attributes: CategoryAttribute[];
  /** The groups its filter shows its features in (decision 068): the form shows them so too. */
  featureGroups: string[];
  /** `group`: one of `featureGroups`, or "" for none. */
  features: { id: string; label: string; group: string }[];
}

export interface AccessoryChoice {
  id: string;
  model: string;
  image: ImageView;
}

/** The specs columns: a spreadsheet's table clears the text, and text is kept only without a table. */
function specsColumns(input: ProductInput, currentTable: string[][] | null) {
  const specsTable = input.specsTable === undefined ? currentTable : input.specsTable;
  const text = input.specs?.trim() ? input.specs : null;
  return { specsTable, specs: specsTable ? null : text };
}

/** A description as stored; one the form's schema would refuse is refused here too. */
function altText(text: string | undefined, field: string): string {
  const alt = normalizeAltText(text);
  if (alt.length > MAX_ALT_TEXT_LENGTH) throw new FieldRuleError(field, ALT_TEXT_TOO_LONG);
  return alt;
}

async function checkCategory(tx: Transaction, categoryId: string) {
  const found = isUuid(categoryId)
    ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId))
    : [];
  if (!found.length) throw new FieldRuleError("categoryId", ADMIN_MESSAGES.categoryRequired);
}

async function checkModelFree(tx: Transaction, model: string, ownId: string | null) {
  const sameModel = sql`lower(${products.model}) = lower(${model})`;
  const taken = await tx
    .select({ id: products.id })
    .from(products)
    .where(ownId ? and(sameModel, ne(products.id, ownId)) : sameModel);
  if (taken.length) throw new FieldRuleError("model", ADMIN_MESSAGES.modelExists(model));
}

/**
 * Two saves of the same model at once both pass checkModelFree; the unique index on lower(model)
 * refuses the second, which then gets the same message.
 */
async function guardModel<T>(model: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (breaksUnique(error, "products_model_lower_idx"))
      throw new FieldRuleError("model", ADMIN_MESSAGES.modelExists(model));
    throw error;
  }
}

async function slugFree(tx: Transaction, slug: string): Promise<boolean> {
  const taken = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return taken.length === 0;
}

/** Claims staged uploads, turning a missing or non-image file into the form field's message. */
async function claimFiles(
  { tx, fileService }: WriteScope,
  ids: string[],
  field: string,
  message: string,
  images: boolean,
) {
  try {
    return await fileService.claim(tx, ids, { images });
  } catch (error) {
    if (error instanceof MissingFileError || error instanceof NotAnImageError) throw new FieldRuleError(field, message);
    throw error;
  }
}

/** The field of the product form that holds an attribute's value. */
export function specField(attributeId: string): string {
  return `specTexts.${attributeId}`;
}

/**
 * The product's values of its category's attributes, as `input` gives them: read from the form's
 * texts (every message at once, beside its field), or typed values kept where they still fit, or (an
 * edit that says nothing of them, as an import without those columns) the values it has. Values of
 * attributes its category does not have are not kept.
 */
async function writeSpecValues(tx: Transaction, productId: string, input: ProductInput, isNew: boolean) {
  const attributes = (await attributesOfCategory(tx, input.categoryId, { lock: true })).map((definition) => ({
    definition,
    required: definition.required,
  }));
  const values = new Map<string, SpecValue>();
  if (input.specTexts !== undefined) {
    const errors: [string, string][] = [];
    for (const { definition, required } of attributes) {
      const read = readSpecValue(definition, input.specTexts[definition.id]);
      if (!read.ok) errors.push([specField(definition.id), read.message]);
      else if (read.value !== undefined) values.set(definition.id, read.value);
      else if (required) errors.push([specField(definition.id), SPEC_MESSAGES.required(definition.name)]);
    }
    const [first, ...others] = errors;
    if (first) throw new FieldRuleError(first[0], first[1], Object.fromEntries(others));
  } else {
    const given =
      input.specValues ??
      (isNew
        ? {}
        : Object.fromEntries(
            (
              await tx
                .select({ attributeId: productSpecValues.attributeId, value: productSpecValues.value })
                .from(productSpecValues)
                .where(eq(productSpecValues.productId, productId))
            ).map((row) => [row.attributeId, row.value]),
          ));
    for (const { definition } of attributes) {
      const value = given[definition.id];
      if (value !== undefined && fitsAttribute(definition, value)) values.set(definition.id, value);
    }
  }
  if (!isNew) await tx.delete(productSpecValues).where(eq(productSpecValues.productId, productId));
  if (values.size) {
    await tx
      .insert(productSpecValues)
      .values([...values].map(([attributeId, value]) => ({ productId, attributeId, value })));
  }
}

/**
 * Holds the attributes of `items`' values as `read` (the definitions they were read against) until the
 * write ends, so no change of theirs (a unit that converts their values) commits in between; throws
 * ConflictError when one changed or went since, so the values are read again.
 */
async function holdAttributesAsRead(
  tx: Transaction,
  items: readonly ImportedProduct[],
  read: readonly AttributeDefinition[],
): Promise<void> {
  const ids = [...new Set(items.flatMap((item) => Object.keys(item.specValues ?? {})))];
  if (!ids.length) return;
  const rows = await tx.select().from(specAttributes).where(inArray(specAttributes.id, ids)).for("share");
  const now = new Map(rows.map((row) => [row.id, attributeDefinitionFrom(row)]));
  for (const id of ids) {
    const current = now.get(id);
    const given = read.find((attribute) => attribute.id === id);
    const same =
      current &&
      given &&
      Object.entries(current).every(
        ([key, value]) => JSON.stringify(value) === JSON.stringify(given[key as keyof AttributeDefinition]),
      );
    if (!same) throw new ConflictError();
  }
}

/** The lifecycle columns `input` sets, checked: none when it says nothing of its lifecycle. */
function lifecycleColumns(input: Pick<ProductInput, "lifecycle">) {
  if (!input.lifecycle) return {};
  const checked = checkedLifecycle(input.lifecycle);
  if (!checked.ok) throw new FieldRuleError(LIFECYCLE_FIELDS[checked.field], checked.message);
  return lifecycleColumnsOf(checked.lifecycle);
}

/**
 * The product's replacements brought to what `input` says, in its order: products deleted since the
 * form was opened drop out; an active product has none. A restored product takes back its place
 * among the replacements of the products it replaced, last.
 */
async function writeReplacements(tx: Transaction, productId: string, input: ProductInput) {
  const replacing = (input.replacingIds ?? []).filter(isUuid);
  if (replacing.length) {
    await tx.execute(sql`insert into ${productReplacements} (product_id, replacement_id, position)
      select p.id, ${productId}, coalesce((select max(r.position) + 1 from ${productReplacements} as r
        where r.product_id = p.id), 0)
      from ${products} as p where p.id in ${replacing} and p.id <> ${productId}
      on conflict do nothing`);
  }
  const asked = input.lifecycle?.stage === "active" ? [] : input.replacementIds;
  if (asked === undefined) return;
  const wanted = [...new Set(asked.map((id) => id.toLowerCase()))].filter(isUuid);
  if (wanted.includes(productId)) {
    throw new FieldRuleError(LIFECYCLE_FIELDS.replacementIds, LIFECYCLE_MESSAGES.ownReplacement);
  }
  if (wanted.length > MOST_REPLACEMENTS) {
    throw new FieldRuleError(LIFECYCLE_FIELDS.replacementIds, LIFECYCLE_MESSAGES.tooManyReplacements);
  }
  const present = new Set(
    wanted.length
      ? (await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted))).map((row) => row.id)
      : [],
  );
  await tx.delete(productReplacements).where(eq(productReplacements.productId, productId));
  const kept = wanted.filter((id) => present.has(id));
  if (kept.length) {
    await tx
      .insert(productReplacements)
      .values(kept.map((replacementId, position) => ({ productId, replacementId, position })));
  }
}

/** Features, additional images, accessories, replacements and downloads: brought to what `input` says. */
async function writeRelations(scope: WriteScope, productId: string, input: ProductInput) {
  await writeFeatures(scope.tx, productId, input);
  await writeImages(scope, productId, input.additionalImages);
  await writeAccessories(scope.tx, productId, input.accessoryIds);
  await writeReplacements(scope.tx, productId, input);
  await writeDownloads(scope, productId, input.downloads);
  if (input.specsSourceFileId) {
    scope.purgeAfterCommit(await scope.fileService.discardStaged(scope.tx, [input.specsSourceFileId]));
  }
}

async function writeFeatures(tx: Transaction, productId: string, input: ProductInput) {
  const wanted = [...new Set(input.featureIds)];
  if (!wanted.every(isUuid)) throw new FieldRuleError("featureIds", FOREIGN_FEATURE_MESSAGE);
  const own = wanted.length
    ? await tx
        .select({ id: categoryFeatures.id })
        .from(categoryFeatures)
        .where(and(eq(categoryFeatures.categoryId, input.categoryId), inArray(categoryFeatures.id, wanted)))
    : [];
  if (own.length !== wanted.length) throw new FieldRuleError("featureIds", FOREIGN_FEATURE_MESSAGE);
  await tx.delete(productFeatures).where(eq(productFeatures.productId, productId));
  if (wanted.length) {
    await tx.insert(productFeatures).values(wanted.map((featureId) => ({ productId, featureId })));
  }
}

async function writeImages(scope: WriteScope, productId: string, wanted: AdditionalImageInput[]) {
  const { tx, fileService, purgeAfterCommit } = scope;
  const existing = await tx
    .select({ id: productImages.id, fileId: productImages.fileId })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = new Set(wanted.flatMap((item) => ("id" in item && existingIds.has(item.id) ? [item.id] : [])));
  const newFileIds = wanted.flatMap((item) => ("fileId" in item ? [item.fileId] : []));
  const alts = wanted.map((item, index) => altText(item.alt, `additionalImages[${index}].alt`));
  await claimFiles(scope, newFileIds, "additionalImages", ADMIN_MESSAGES.additionalImages, true);

  const removed = existing.filter((row) => !kept.has(row.id));
  if (removed.length) {
    await tx.delete(productImages).where(
      inArray(
        productImages.id,
        removed.map((row) => row.id),
      ),
    );
    purgeAfterCommit(
      await fileService.release(
        tx,
        removed.map((row) => row.fileId),
      ),
    );
  }
  let position = 0;
  for (const [index, item] of wanted.entries()) {
    const alt = alts[index] ?? "";
    if ("fileId" in item) {
      await tx.insert(productImages).values({ productId, fileId: item.fileId, alt, position });
    } else if (kept.has(item.id)) {
      await tx.update(productImages).set({ position, alt }).where(eq(productImages.id, item.id));
    } else {
      continue;
    }
    position += 1;
  }
}

/** One row per pair, smaller id first (the table's check): so the link shows on both products. */
async function writeAccessories(tx: Transaction, productId: string, accessoryIds: string[]) {
  const wanted = [...new Set(accessoryIds.map((id) => id.toLowerCase()))].filter(
    (id) => isUuid(id) && id !== productId,
  );
  // A product deleted since the form was opened simply drops out of the list.
  const present = wanted.length
    ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted))
    : [];
  await tx
    .delete(productAccessories)
    .where(or(eq(productAccessories.productA, productId), eq(productAccessories.productB, productId)));
  if (present.length) {
    await tx
      .insert(productAccessories)
      .values(
        present.map(({ id }) =>
          id < productId ? { productA: id, productB: productId } : { productA: productId, productB: id },
        ),
      );
  }
}

async function writeDownloads(scope: WriteScope, productId: string, wanted: DownloadInput[]) {
  const { tx, fileService, purgeAfterCommit } = scope;
  const existing = await tx
    .select({ id: productDownloads.id, fileId: productDownloads.fileId, kind: productDownloads.kind })
    .from(productDownloads)
    .where(eq(productDownloads.productId, productId));
  const existingById = new Map(existing.map((row) => [row.id, row]));
  const items = wanted.filter((item) => !item.id || existingById.has(item.id));
  if (items.some((item) => !item.id && !item.fileId)) {
    throw new FieldRuleError("downloads", ADMIN_MESSAGES.productDownloads);
  }
  await claimFiles(
    scope,
    items.flatMap((item) => (item.fileId ? [item.fileId] : [])),
    "downloads",
    ADMIN_MESSAGES.productDownloads,
    false,
  );
  const kept = new Set(items.flatMap((item) => (item.id ? [item.id] : [])));
  const doomedFiles = existing.filter((row) => !kept.has(row.id)).map((row) => row.fileId);
  const removedRows = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removedRows.length) await tx.delete(productDownloads).where(inArray(productDownloads.id, removedRows));

  for (const [position, item] of items.entries()) {
    const old = item.id ? existingById.get(item.id) : undefined;
    if (old) {
      const fileId = item.fileId ?? old.fileId;
      await tx
        .update(productDownloads)
        .set({ description: item.description, kind: item.kind ?? old.kind, position, fileId })
        .where(eq(productDownloads.id, old.id));
      if (fileId !== old.fileId) doomedFiles.push(old.fileId);
    } else if (item.fileId) {
      await tx
        .insert(productDownloads)
        .values({ productId, fileId: item.fileId, description: item.description, kind: item.kind, position });
    }
  }
  if (doomedFiles.length) purgeAfterCommit(await fileService.release(tx, doomedFiles));
}

/**
 * One product as an import writes it: every column set, its relations where the sheet changes them.
 * Ids, versions and files are the import's (see catalog-import.server.ts); a new product's id is made
 * there too, so rows can name each other as accessories.
 */
export interface ImportedProduct extends Pick<
  ProductInput,
  "model" | "name" | "description" | "specs" | "ndaa" | "categoryId" | "publication"
> {
  id: string;
  /** The version the import's check saw; null for a new product. */
  version: number | null;
  /** Always set: an import's table is the sheet's, or the one the product has. */
  specsTable: string[][] | null;
  /** Absent: unchanged. */
  featureIds?: string[];
  /** Absent: unchanged. */
  accessoryIds?: string[];
  /** Absent: unchanged. Its typed values by attribute id, all of them (decision 070). */
  specValues?: Record<string, SpecValue>;
  /** Absent: unchanged (a new product: active). Checked by the import (decision 072). */
  lifecycle?: LifecycleFields;
  /** Absent: unchanged. Its replacements in order. */
  replacementIds?: string[];
  /** Absent: unchanged. The main image (the product's or a staged upload) and the rest as the form gives them. */
  files?: {
    imageFileId: string;
    additionalImages: AdditionalImageInput[];
    downloads: DownloadInput[];
  };
}

/** What writes products as an import does: a spreadsheet (staged), or values read from specifications. */
export type ImportSource = { kind: "import"; sheetFileId: string } | { kind: "values read from specifications" };

/** Rows one statement of an import writes at most. */
const IMPORT_BATCH = 500;

function batches<T>(items: T[], size = IMPORT_BATCH): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Products as the dashboard lists, edits and writes them, each write with its images, files and links. */
export function createProductAdmin({ db, write }: { db: Database; write: AdminWrite }) {
  /**
   * A page of the products, each with its thumbnail, by model ignoring case as the public catalog lists
   * them; with `search`, only those whose model holds it in any letter case.
   */
  async function listAdminProducts(
    options: { search?: string; page?: number; needs?: string } = {},
  ): Promise<Paged<AdminProductRow>> {
    const term = normalizeSearchQuery(options.search ?? "");
    // "Needs German": a text with no German translation, or one made from an earlier English text.
    const where = and(
      term ? holdsText(products.model, term) : undefined,
      options.needs ? needsTranslation(products.translations, PRODUCT_SOURCE_COLUMNS, options.needs) : undefined,
    );
    const paged = await readPage(
      (offset, limit) => {
        // The offset is taken on the products alone and only the page's rows are joined with their
        // pictures: OFFSET walks every row it skips, and a join before it would join each (decision 058).
        const page = db
          .select({
            id: products.id,
            model: products.model,
            ndaa: products.ndaa,
            status: products.status,
            publishAt: products.publishAt,
            imageFileId: products.imageFileId,
          })
          .from(products)
          .where(where)
          .orderBy(...BY_MODEL)
          .limit(limit)
          .offset(offset)
          .as("page");
        return db
          .select({
            id: page.id,
            model: page.model,
            ndaa: page.ndaa,
            status: page.status,
            publishAt: page.publishAt,
            file: imageFileColumns,
          })
          .from(page)
          .innerJoin(files, eq(files.id, page.imageFileId))
          .orderBy(...byModel(page.model));
      },
      () => countRows(db, products, where),
      options.page ?? 1,
      DASHBOARD_PAGE_SIZE,
    );
    return {
      ...paged,
      items: paged.items.map(({ file, status, publishAt, ...row }) => ({
        ...row,
        image: imageView(file),
        publication: publicationState({ status, publishAt }),
      })),
    };
  }

  /**
   * What the product form offers: categories with their features (natural order), and whether the
   * catalog holds a product other than `productId` to choose as an accessory. The accessories themselves
   * are searched for as the admin types (searchProductModels): a catalog of thousands would not fit a page.
   */
  async function productFormOptions(productId?: string) {
    const [categoryRows, featureRows, otherProduct] = await Promise.all([
      db.select({ id: categories.id, name: categories.name, featureGroups: categories.featureGroups }).from(categories),
      db
        .select({
          id: categoryFeatures.id,
          label: categoryFeatures.label,
          group: categoryFeatures.group,
          categoryId: categoryFeatures.categoryId,
        })
        .from(categoryFeatures),
      db
        .select({ id: products.id })
        .from(products)
        .where(productId ? ne(products.id, productId) : undefined)
        .limit(1),
    ]);
    const attributeRows = await db
      .select({
        categoryId: categoryAttributes.categoryId,
        required: categoryAttributes.required,
        filter: categoryAttributes.filter,
        attribute: specAttributes,
      })
      .from(categoryAttributes)
      .innerJoin(specAttributes, eq(specAttributes.id, categoryAttributes.attributeId))
      .orderBy(asc(categoryAttributes.position));
    const categoriesWithFeatures: FormCategory[] = sortIgnoringCaseBy(categoryRows, (row) => row.name).map(
      (category) => ({
        ...category,
        attributes: attributeRows.filter((row) => row.categoryId === category.id).map(categoryAttributeFrom),
        features: sortNaturallyBy(
          featureRows
            .filter((feature) => feature.categoryId === category.id)
            // A group the category no longer lists shows its features with those in none, as the filter does.
            .map(({ id, label, group }) => ({ id, label, group: category.featureGroups.includes(group) ? group : "" })),
          (feature) => feature.label,
        ),
      }),
    );
    return { categories: categoriesWithFeatures, hasOtherProducts: otherProduct.length > 0 };
  }

  /** A product's accessories (either side of the pair) with their thumbnails, by model ignoring letter case. */
  async function productAccessoryChoices(productId: string): Promise<AccessoryChoice[]> {
    const rows = await db
      .select({
        id: products.id,
        model: products.model,
        file: imageFileColumns,
      })
      .from(productAccessories)
      .innerJoin(
        products,
        sql`${products.id} = case when ${productAccessories.productA} = ${productId} then ${productAccessories.productB} else ${productAccessories.productA} end`,
      )
      .innerJoin(files, eq(files.id, products.imageFileId))
      .where(or(eq(productAccessories.productA, productId), eq(productAccessories.productB, productId)));
    return sortIgnoringCaseBy(
      rows.map(({ file, ...row }) => ({ ...row, image: imageView(file) })),
      (row) => row.model,
    );
  }

  /** Creates a product with its files, features and (two-way) accessories; returns its id. */
  async function createProduct(
    input: ProductInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<{ id: string }> {
    const releaseIds = (input.firmwareReleaseIds ?? []).filter(isUuid);
    return write(
      releaseIds.length ? ["products", "firmware"] : ["products"],
      origin,
      async (scope) => {
        const { tx } = scope;
        await checkCategory(tx, input.categoryId);
        await checkModelFree(tx, input.model, null);
        const imageFileId = input.imageFileId;
        if (!imageFileId) throw new FieldRuleError("imageFileId", ADMIN_MESSAGES.productImageRequired);
        await claimFiles(scope, [imageFileId], "imageFileId", ADMIN_MESSAGES.productImageRequired, true);
        const imageAlt = altText(input.imageAlt, "imageAlt");
        const specs = specsColumns(input, null);
        const slug = input.slug && (await slugFree(tx, input.slug)) ? input.slug : "";
        const [row] = await guardModel(input.model, () =>
          tx
            .insert(products)
            .values({
              id: restoring?.recordId,
              model: input.model,
              name: input.name ?? "",
              // Empty: the database makes it from the model (drizzle/0021_readable_addresses.sql).
              slug,
              description: input.description,
              ...specs,
              ndaa: input.ndaa,
              categoryId: input.categoryId,
              imageFileId,
              imageAlt,
              ...publicationSet(input.publication),
              ...lifecycleColumns(input),
              translations: input.translations ?? {},
            })
            .returning({ id: products.id }),
        );
        if (!row) throw new Error("Insert returned no row");
        await writeRelations(scope, row.id, input);
        await writeSpecValues(tx, row.id, input, true);
        if (releaseIds.length) {
          await tx.execute(sql`insert into ${firmwareProducts} (release_id, product_id)
            select id, ${row.id} from ${firmwareReleases} where id in ${releaseIds}`);
        }
        await syncFileVisibility(tx, "product", row.id);
        await scope.audit({ kind: "created", record: { type: "product", id: row.id, label: input.model } });
        return { id: row.id };
      },
      restoring,
    );
  }

  /**
   * Saves an edit made on the product as it was at `version`: ConflictError when someone saved since,
   * NotFoundError when it was deleted. Files the edit lets go are removed after the commit.
   */
  async function updateProduct(
    id: string,
    version: number,
    input: ProductInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(
      ["products"],
      origin,
      async (scope) => {
        const { tx, fileService, purgeAfterCommit } = scope;
        await claimVersion(tx, products, id, version);
        const [current] = await tx.select().from(products).where(eq(products.id, id));
        if (!current) throw new NotFoundError();
        await scope.audit({ kind: "updated", record: { type: "product", id, label: input.model } });
        await checkCategory(tx, input.categoryId);
        await checkModelFree(tx, input.model, id);
        let imageFileId = current.imageFileId;
        if (input.imageFileId && input.imageFileId !== current.imageFileId) {
          await claimFiles(scope, [input.imageFileId], "imageFileId", ADMIN_MESSAGES.imagesOnly, true);
          imageFileId = input.imageFileId;
        }
        await guardModel(input.model, () =>
          tx
            .update(products)
            .set({
              model: input.model,
              name: input.name ?? "",
              description: input.description,
              ...specsColumns(input, current.specsTable),
              ndaa: input.ndaa,
              categoryId: input.categoryId,
              imageFileId,
              imageAlt: altText(input.imageAlt, "imageAlt"),
              ...publicationSet(input.publication),
              ...lifecycleColumns(input),
              ...(input.translations ? { translations: input.translations } : {}),
            })
            .where(eq(products.id, id)),
        );
        if (imageFileId !== current.imageFileId) {
          purgeAfterCommit(await fileService.release(tx, [current.imageFileId]));
        }
        await writeRelations(scope, id, input);
        await writeSpecValues(tx, id, input, false);
        await syncFileVisibility(tx, "product", id);
      },
      restoring,
    );
  }

  /**
   * Deletes a product opened at `version` with its main and additional images, its download files and
   * every accessory link to or from it.
   */
  async function deleteProduct(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["products"], origin, async ({ tx, fileService, purgeAfterCommit, audit }) => {
      await claimVersion(tx, products, id, version);
      const [current] = await tx
        .select({ imageFileId: products.imageFileId, model: products.model })
        .from(products)
        .where(eq(products.id, id));
      if (!current) throw new NotFoundError();
      const images = await tx
        .select({ fileId: productImages.fileId })
        .from(productImages)
        .where(eq(productImages.productId, id));
      const downloads = await tx
        .select({ fileId: productDownloads.fileId })
        .from(productDownloads)
        .where(eq(productDownloads.productId, id));
      // Features, images, downloads and accessory links go with the product (ON DELETE CASCADE); the
      // file rows can only go after that.
      await audit({ kind: "deleted", record: { type: "product", id, label: current.model } });
      const releaseIds = await releasesOf(tx, id);
      await tx.delete(products).where(eq(products.id, id));
      await syncReleaseFiles(tx, releaseIds);
      const fileIds = [current.imageFileId, ...images.map((row) => row.fileId), ...downloads.map((row) => row.fileId)];
      purgeAfterCommit(await fileService.release(tx, fileIds));
    });
  }

  /**
   * Writes an import's products in one transaction, all or nothing, in statements of many rows: the
   * same rows, audit entries and revisions as saving each in its form. ConflictError when a product
   * changed since the import was checked (or a new model was taken meanwhile, or an attribute of its
   * values changed: `readAgainst` are the definitions they were read against). An import's staged
   * spreadsheet has then served and goes; values read from specifications (decision 070) write the
   * same way, audited as such.
   */
  async function importProducts(
    items: ImportedProduct[],
    origin: WriteOrigin,
    source: ImportSource,
    readAgainst: readonly AttributeDefinition[],
  ): Promise<void> {
    try {
      await writeImport(items, origin, source, readAgainst);
    } catch (error) {
      // What the check read is gone since (a category, a feature, an accessory, an upload taken or
      // swept): the import is checked again, as for a product changed meanwhile.
      const broken = databaseError(error);
      if (broken?.code === FOREIGN_KEY_VIOLATION || error instanceof FieldRuleError) throw new ConflictError();
      throw error;
    }
  }

  async function writeImport(
    items: ImportedProduct[],
    origin: WriteOrigin,
    source: ImportSource,
    readAgainst: readonly AttributeDefinition[],
  ): Promise<void> {
    await write(["products"], origin, async (scope) => {
      const { tx, fileService, purgeAfterCommit } = scope;
      // Before any product's row: a change of an attribute waits on the products its values touch.
      await holdAttributesAsRead(tx, items, readAgainst);
      const updates = items.filter((item) => item.version !== null);
      const creates = items.filter((item) => item.version === null);
      const currentImage = new Map<string, string>();
      for (const batch of batches(updates, 1000)) {
        const claimed = await selectRows<{ id: string; image_file_id: string }>(
          tx,
          sql`update ${products} as p set version = p.version + 1
            from jsonb_to_recordset(${JSON.stringify(batch.map(({ id, version }) => ({ id, version })))}::jsonb)
              as x(id uuid, version integer)
            where p.id = x.id and p.version = x.version
            returning p.id, p.image_file_id`,
        );
        if (claimed.length !== batch.length) throw new ConflictError();
        for (const row of claimed) currentImage.set(row.id, row.image_file_id);
      }
      const details = { source: source.kind };
      await scope.auditMany(
        updates.map((item) => ({
          kind: "updated",
          record: { type: "product", id: item.id, label: item.model },
          details,
        })),
      );

      const newImages = items.flatMap((item) =>
        item.files && item.files.imageFileId !== currentImage.get(item.id) ? [item.files.imageFileId] : [],
      );
      await claimFiles(scope, newImages, "imageFileId", ADMIN_MESSAGES.imagesOnly, true);
      const columns = (item: ImportedProduct) => ({
        id: item.id,
        model: item.model,
        name: item.name ?? "",
        description: item.description,
        specs: item.specs,
        specs_table: item.specsTable,
        ndaa: item.ndaa,
        category_id: item.categoryId,
        image_file_id: item.files?.imageFileId ?? null,
        ...(item.publication ? publicationColumns(item.publication) : { status: null, publishAt: null }),
      });
      for (const batch of batches(updates)) {
        await tx.execute(sql`update ${products} as p set model = x.model, name = x.name, description = x.description,
            specs = x.specs, specs_table = x.specs_table, ndaa = x.ndaa, category_id = x.category_id,
            image_file_id = coalesce(x.image_file_id, p.image_file_id),
            image_alt = case when coalesce(x.image_file_id, p.image_file_id) = p.image_file_id
              then p.image_alt else '' end,
            status = coalesce(x.status, p.status),
            publish_at = case when x.status is null then p.publish_at else x."publishAt" end,
            updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(batch.map(columns))}::jsonb) as x(id uuid, model text, name text,
            description text, specs text, specs_table jsonb, ndaa boolean, category_id uuid, image_file_id uuid,
            status text, "publishAt" timestamptz)
          where p.id = x.id`);
      }
      const replacedImages = updates.flatMap((item) => {
        const before = currentImage.get(item.id);
        return item.files && before && before !== item.files.imageFileId ? [before] : [];
      });
      purgeAfterCommit(await fileService.release(tx, replacedImages));
      for (const batch of batches(creates)) {
        // A model someone else took since the check: FieldRuleError, and the import is checked again.
        await guardModel("", () =>
          tx.insert(products).values(
            batch.map((item) => ({
              id: item.id,
              model: item.model,
              name: item.name ?? "",
              description: item.description,
              specs: item.specs,
              specsTable: item.specsTable,
              ndaa: item.ndaa,
              categoryId: item.categoryId,
              imageFileId: item.files?.imageFileId ?? "",
              ...publicationSet(item.publication),
              ...(item.lifecycle ? lifecycleColumns({ lifecycle: item.lifecycle }) : {}),
            })),
          ),
        );
      }

      const retired = updates.filter((item) => item.lifecycle);
      for (const batch of batches(retired)) {
        const rows = batch.map((item) => ({ id: item.id, ...lifecycleColumns({ lifecycle: item.lifecycle }) }));
        await tx.execute(sql`update ${products} as p set lifecycle = x.lifecycle, end_of_sale_on = x."endOfSaleOn",
            discontinued_on = x."discontinuedOn", firmware_until = x."firmwareUntil", repairs_until = x."repairsUntil"
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, lifecycle text, "endOfSaleOn" date,
            "discontinuedOn" date, "firmwareUntil" date, "repairsUntil" date)
          where p.id = x.id`);
      }
      const withReplacements = items.filter((item) => item.replacementIds);
      for (const batch of batches(withReplacements)) {
        await tx.delete(productReplacements).where(
          inArray(
            productReplacements.productId,
            batch.map((item) => item.id),
          ),
        );
        const rows = batch.flatMap((item) =>
          (item.replacementIds ?? []).map((replacementId, position) => ({
            productId: item.id,
            replacementId,
            position,
          })),
        );
        for (const part of batches(rows, 2000)) await tx.insert(productReplacements).values(part);
      }

      const withValues = items.filter((item) => item.specValues);
      for (const batch of batches(withValues)) {
        await tx.delete(productSpecValues).where(
          inArray(
            productSpecValues.productId,
            batch.map((item) => item.id),
          ),
        );
        const rows = batch.flatMap((item) =>
          Object.entries(item.specValues ?? {}).map(([attributeId, value]) => ({
            productId: item.id,
            attributeId,
            value,
          })),
        );
        for (const part of batches(rows, 2000)) await tx.insert(productSpecValues).values(part);
      }
      // A product moved to another category keeps only the values of attributes that one has (and none
      // of an attribute its category let go of since the check).
      for (const batch of batches(updates)) {
        await tx.execute(sql`delete from ${productSpecValues} as v using ${products} as p
          where v.product_id = p.id and p.id in ${batch.map((item) => item.id)}
            and not exists (select 1 from ${categoryAttributes} as ca
              where ca.category_id = p.category_id and ca.attribute_id = v.attribute_id)`);
      }

      const withFeatures = items.filter((item) => item.featureIds);
      for (const batch of batches(withFeatures)) {
        await tx.delete(productFeatures).where(
          inArray(
            productFeatures.productId,
            batch.map((item) => item.id),
          ),
        );
        const rows = batch.flatMap((item) =>
          [...new Set(item.featureIds)].map((featureId) => ({ productId: item.id, featureId })),
        );
        for (const part of batches(rows, 2000)) await tx.insert(productFeatures).values(part);
      }

      const withAccessories = items.filter((item) => item.accessoryIds);
      for (const batch of batches(withAccessories)) {
        const ids = batch.map((item) => item.id);
        await tx
          .delete(productAccessories)
          .where(or(inArray(productAccessories.productA, ids), inArray(productAccessories.productB, ids)));
      }
      const pairs = new Map<string, { productA: string; productB: string }>();
      for (const item of withAccessories) {
        for (const other of item.accessoryIds ?? []) {
          if (other === item.id) continue;
          const [productA, productB] = other < item.id ? [other, item.id] : [item.id, other];
          pairs.set(`${productA}:${productB}`, { productA, productB });
        }
      }
      for (const part of batches([...pairs.values()], 2000)) {
        await tx.insert(productAccessories).values(part).onConflictDoNothing();
      }

      for (const item of items) {
        if (!item.files) continue;
        await writeImages(scope, item.id, item.files.additionalImages);
        await writeDownloads(scope, item.id, item.files.downloads);
      }
      for (const item of items) {
        if (item.files || item.publication || item.version === null) await syncFileVisibility(tx, "product", item.id);
      }
      await scope.auditMany(
        creates.map((item) => ({
          kind: "created",
          record: { type: "product", id: item.id, label: item.model },
          details,
        })),
      );
      if (source.kind === "import") purgeAfterCommit(await fileService.discardStaged(tx, [source.sheetFileId]));
    });
  }

  /** A product revision as the form would save it; features its category no longer has are left out. */
  async function productInput(data: ProductData): Promise<ProductInput> {
    const [category] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, data.categoryId));
    if (!category) throw new RestoreRefusedError("Its category no longer exists: restore the category first.");
    const features = data.featureIds.length
      ? await db
          .select({ id: categoryFeatures.id })
          .from(categoryFeatures)
          .where(and(eq(categoryFeatures.categoryId, data.categoryId), inArray(categoryFeatures.id, data.featureIds)))
      : [];
    return {
      categoryId: data.categoryId,
      model: data.model,
      // Revisions from before names had none.
      name: data.name ?? "",
      description: data.description,
      specs: data.specs,
      specsTable: data.specsTable,
      ndaa: data.ndaa,
      featureIds: features.map((feature) => feature.id),
      imageFileId: data.imageFileId,
      imageAlt: data.imageAlt,
      additionalImages: data.images.map((image) => ({ fileId: image.fileId, alt: image.alt })),
      accessoryIds: data.accessoryIds,
      downloads: data.downloads.map((file) => ({
        fileId: file.fileId,
        description: file.description,
        kind: file.kind,
      })),
      // Revisions from before typed values have none; values that no longer fit are left out.
      specValues: data.specValues ?? {},
      // Revisions from before lifecycles were of active products.
      lifecycle: data.lifecycle ?? ACTIVE_LIFECYCLE,
      replacementIds: data.replacementIds ?? [],
      // Revisions from before translations have none: the product keeps those it has.
      translations: data.translations,
    };
  }

  /**
   * Saves a product's texts in `language` (one of the site's, which the caller checked), as the
   * editor saw the product at `version`: ConflictError when someone saved since, NotFoundError when it
   * was deleted. A field whose English text is empty has nothing to translate.
   */
  async function saveProductTranslations(
    id: string,
    version: number,
    language: string,
    texts: Partial<Record<ProductTranslatableField, string>>,
    stillRight: readonly string[],
    origin: WriteOrigin,
  ): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["products"], origin, async (scope) => {
      const { tx } = scope;
      await claimVersion(tx, products, id, version);
      const [current] = await tx
        .select({
          model: products.model,
          name: products.name,
          description: products.description,
          specs: products.specs,
          translations: products.translations,
        })
        .from(products)
        .where(eq(products.id, id));
      if (!current) throw new NotFoundError();
      const sources = productSources(current);
      for (const { field } of PRODUCT_TRANSLATABLE_FIELDS) {
        if (texts[field]?.trim() && !sources[field].trim()) {
          throw new FieldRuleError(`text.${field}`, ADMIN_MESSAGES.nothingToTranslate);
        }
      }
      await scope.audit({ kind: "updated", record: { type: "product", id, label: current.model } });
      const translations = withLanguageSaved(
        current.translations,
        language,
        PRODUCT_TRANSLATABLE_FIELDS,
        sources,
        texts,
        stillRight,
      );
      await tx.update(products).set({ translations }).where(eq(products.id, id));
    });
  }

  const restorer: Restorer<ProductData> = {
    restoreRevision: async (id, version, data, origin, restoring) =>
      updateProduct(id, version, await productInput(data), origin, restoring),
    async restoreDeleted(data, origin, restoring) {
      const input = await productInput(data);
      const publication = storedPublication(data.publication);
      await createProduct(
        {
          ...input,
          publication,
          firmwareReleaseIds: data.firmwareReleaseIds,
          slug: data.slug,
          replacingIds: data.replacingIds,
        },
        origin,
        restoring,
      );
    },
  };

  return {
    ...restorer,
    importProducts,
    listAdminProducts,
    productFormOptions,
    productAccessoryChoices,
    createProduct,
    updateProduct,
    deleteProduct,
    saveProductTranslations,
  };
}

/** The columns holding a product's translatable texts in English. */
const PRODUCT_SOURCE_COLUMNS = [
  { field: "name", column: products.name },
  { field: "description", column: products.description },
  { field: "specs", column: products.specs },
] as const satisfies readonly { field: ProductTranslatableField; column: unknown }[];

/** A product's translatable texts in English, as its row holds them. */
export function productSources(row: {
  name: string;
  description: string;
  specs: string | null;
}): Record<ProductTranslatableField, string> {
  return { name: row.name, description: row.description, specs: row.specs ?? "" };
}
export type ProductAdmin = ReturnType<typeof createProductAdmin>;
