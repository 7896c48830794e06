import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { DASHBOARD_PAGE_SIZE, type Paged } from "#app/domain/paging";
import type { ChangeTopic } from "#app/domain/live";
import type { CategoryAttributeInput, CategoryInput, CategoryProduct } from "#app/domain/forms/category";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { Catalog } from "../site/catalog.server";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { BY_MODEL, countRows, readPage } from "../db/paging.server";
import {
  categories,
  categoryAttributes,
  categoryFeatures,
  products,
  productSpecValues,
  specAttributes,
} from "../db/schema";
import { isUuid } from "../files/files.server";
import {
  claimVersion,
  databaseError,
  FieldRuleError,
  FOREIGN_KEY_VIOLATION,
  NotFoundError,
  UNIQUE_VIOLATION,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";
import type { CategoryData } from "../records/category.server";

/**
 * The category is still used by products (requirements §8): they are listed so the admin can remove
 * them, a page at a time like the category's own list.
 */
export class CategoryInUseError extends Error {
  constructor(public readonly products: Paged<CategoryProduct>) {
    super(ADMIN_MESSAGES.categoryDeleteBlocked(products.total));
  }
}

/** A page of the category's products by model ignoring case, as the catalog lists them. */
function categoryProducts(db: Queryable, categoryId: string, page = 1): Promise<Paged<CategoryProduct>> {
  const inCategory = eq(products.categoryId, categoryId);
  return readPage(
    (offset, limit) =>
      db
        .select({ id: products.id, model: products.model })
        .from(products)
        .where(inCategory)
        .orderBy(...BY_MODEL)
        .limit(limit)
        .offset(offset),
    () => countRows(db, products, inCategory),
    page,
    DASHBOARD_PAGE_SIZE,
  );
}

/** requirements §5: no two categories share a name, whatever its letter case. */
async function checkNameFree(tx: Transaction, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, exceptId ? ne(categories.id, exceptId) : undefined));
  if (clash) throw new FieldRuleError("name", ADMIN_MESSAGES.categoryExists(name));
}

/** Two saves of the same new name can both pass the pre-check; the unique index stops the second. */
function duplicateNameError(error: unknown, name: string): unknown {
  return databaseError(error)?.code === UNIQUE_VIOLATION
    ? new FieldRuleError("name", ADMIN_MESSAGES.categoryExists(name))
    : error;
}

/** The message of an attribute that is not (or no longer) in the library. */
export const UNKNOWN_ATTRIBUTE = "Choose attributes of the library";

/**
 * Puts the category's attributes as `wanted` says, in its order; returns the ids it had that it no
 * longer has. An attribute deleted meanwhile is refused on the field.
 */
async function writeAttributes(tx: Transaction, categoryId: string, wanted: CategoryAttributeInput[]) {
  const ids = wanted.map((item) => item.attributeId);
  const known = ids.length
    ? await tx.select({ id: specAttributes.id }).from(specAttributes).where(inArray(specAttributes.id, ids))
    : [];
  if (known.length !== new Set(ids).size) throw new FieldRuleError("attributes", UNKNOWN_ATTRIBUTE);
  const had = await tx
    .select({ attributeId: categoryAttributes.attributeId })
    .from(categoryAttributes)
    .where(eq(categoryAttributes.categoryId, categoryId));
  const kept = new Set(ids);
  const dropped = had.map((row) => row.attributeId).filter((id) => !kept.has(id));
  await tx.delete(categoryAttributes).where(eq(categoryAttributes.categoryId, categoryId));
  if (wanted.length) {
    await tx.insert(categoryAttributes).values(
      wanted.map((item, position) => ({
        categoryId,
        attributeId: item.attributeId,
        position,
        required: item.required,
        filter: item.filter,
      })),
    );
  }
  return dropped;
}

/** Categories as the dashboard reads and writes them. */
export function createCategoryAdmin({ db, write, catalog }: { db: Database; write: AdminWrite; catalog: Catalog }) {
  /** A category with its features (natural order) and a page of its products (model order, ignoring case). */
  async function getCategoryDetail(id: string, productPage = 1) {
    const category = await catalog.getCategory(id, { latest: true });
    if (!category) return null;
    return { ...category, products: await categoryProducts(db, id, productPage) };
  }

  /** Creates a category with its features in one transaction; returns its id. */
  async function createCategory(input: CategoryInput, origin: WriteOrigin, restoring?: Restoring): Promise<string> {
    try {
      return await write(
        ["categories"],
        origin,
        async ({ tx, audit }) => {
          await checkNameFree(tx, input.name);
          const [created] = await tx
            .insert(categories)
            .values({
              id: restoring?.recordId,
              name: input.name,
              description: input.description,
              featureGroups: input.featureGroups ?? [],
            })
            .returning({ id: categories.id });
          if (!created) throw new Error("The category was not stored");
          await writeAttributes(tx, created.id, input.attributes ?? []);
          if (input.features.length) {
            await tx.insert(categoryFeatures).values(
              input.features.map((feature) => ({
                // A restored category's features keep their ids, so restored products find theirs.
                id: restoring && feature.id ? feature.id : undefined,
                categoryId: created.id,
                label: feature.label,
                group: feature.group ?? "",
              })),
            );
          }
          await audit({ kind: "created", record: { type: "category", id: created.id, label: input.name } });
          return created.id;
        },
        restoring,
      );
    } catch (error) {
      throw duplicateNameError(error, input.name);
    }
  }

  /**
   * Saves a category opened at `version`. Features keep their ids, so renaming one keeps products'
   * selections; a feature left out is deleted (and with it every product's selection of it); one without
   * a known id is new. Products are announced too when features changed, since product pages show them.
   */
  async function updateCategory(
    id: string,
    version: number,
    input: CategoryInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ) {
    if (!isUuid(id)) throw new NotFoundError();
    const topics: ChangeTopic[] = ["categories"];
    try {
      await write(
        topics,
        origin,
        async ({ tx, audit }) => {
          await claimVersion(tx, categories, id, version);
          await checkNameFree(tx, input.name, id);
          await audit({ kind: "updated", record: { type: "category", id, label: input.name } });
          const featureGroups = input.featureGroups ?? [];
          await tx
            .update(categories)
            .set({ name: input.name, description: input.description, featureGroups })
            .where(eq(categories.id, id));

          const stored = await tx
            .select({ id: categoryFeatures.id, label: categoryFeatures.label, group: categoryFeatures.group })
            .from(categoryFeatures)
            .where(eq(categoryFeatures.categoryId, id));
          const storedById = new Map(stored.map((feature) => [feature.id, feature]));
          // An id that is not one of this category's features (stale or forged) makes a new feature.
          const kept = input.features.filter((feature) => feature.id && storedById.has(feature.id));
          const keptIds = new Set(kept.map((feature) => feature.id));
          const added = input.features.filter((feature) => !feature.id || !storedById.has(feature.id));
          const removed = stored.filter((feature) => !keptIds.has(feature.id)).map((feature) => feature.id);
          let featuresChanged = added.length > 0 || removed.length > 0;

          if (removed.length) await tx.delete(categoryFeatures).where(inArray(categoryFeatures.id, removed));
          for (const feature of kept) {
            const was = feature.id ? storedById.get(feature.id) : undefined;
            const group = feature.group ?? "";
            if (!feature.id || (was?.label === feature.label && was.group === group)) continue;
            featuresChanged = true;
            await tx
              .update(categoryFeatures)
              .set({ label: feature.label, group })
              .where(eq(categoryFeatures.id, feature.id));
          }
          if (added.length) {
            await tx
              .insert(categoryFeatures)
              .values(added.map((feature) => ({ categoryId: id, label: feature.label, group: feature.group ?? "" })));
          }
          // An attribute the category no longer has takes its products' values with it, as a feature
          // left out takes their selections (their revisions keep them).
          const dropped = await writeAttributes(tx, id, input.attributes ?? []);
          if (dropped.length) {
            await tx
              .delete(productSpecValues)
              .where(
                and(
                  inArray(productSpecValues.attributeId, dropped),
                  inArray(
                    productSpecValues.productId,
                    tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)),
                  ),
                ),
              );
          }
          // Read by adminWrite once this returns: it announces the topics when the transaction commits.
          if (featuresChanged || dropped.length) topics.push("products");
        },
        restoring,
      );
    } catch (error) {
      throw duplicateNameError(error, input.name);
    }
  }

  /**
   * Deletes a category opened at `version`, with its features. Refused while products use it
   * (CategoryInUseError lists them); the foreign key also refuses a product added at the same moment.
   */
  async function deleteCategory(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    try {
      await write(["categories"], origin, async ({ tx, audit }) => {
        await claimVersion(tx, categories, id, version);
        const used = await categoryProducts(tx, id);
        if (used.total) throw new CategoryInUseError(used);
        const [current] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
        await audit({ kind: "deleted", record: { type: "category", id, label: current?.name ?? "" } });
        await tx.delete(categories).where(eq(categories.id, id));
      });
    } catch (error) {
      if (databaseError(error)?.code !== FOREIGN_KEY_VIOLATION) throw error;
      throw new CategoryInUseError(await categoryProducts(db, id));
    }
  }

  /** A revision as it can be written now: attributes deleted from the library since are left out. */
  async function restorable(data: CategoryData): Promise<CategoryInput> {
    const wanted = data.attributes ?? [];
    const ids = wanted.map((item) => item.attributeId);
    const there = ids.length
      ? new Set(
          (await db.select({ id: specAttributes.id }).from(specAttributes).where(inArray(specAttributes.id, ids))).map(
            (row) => row.id,
          ),
        )
      : new Set<string>();
    return { ...data, attributes: wanted.filter((item) => there.has(item.attributeId)) };
  }

  const restorer: Restorer<CategoryData> = {
    restoreRevision: async (id, version, data, origin, restoring) =>
      updateCategory(id, version, await restorable(data), origin, restoring),
    async restoreDeleted(data, origin, restoring) {
      await createCategory(await restorable(data), origin, restoring);
    },
  };

  return { getCategoryDetail, createCategory, updateCategory, deleteCategory, ...restorer };
}
export type CategoryAdmin = ReturnType<typeof createCategoryAdmin>;
