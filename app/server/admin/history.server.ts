import { and, eq, inArray } from "drizzle-orm";
import type { RevisionedType } from "#app/domain/revisions";
import type { Database } from "../db/client.server";
import { categories, categoryFeatures } from "../db/schema";
import type { createSiteSettings } from "../settings.server";
import type { CategoryAdmin } from "./categories.server";
import type { DownloadAdmin } from "./downloads.server";
import type { InfoItemAdmin } from "./info-items.server";
import type { ProductAdmin, ProductInput } from "./products.server";
import type { FirmwareData, HomeItemData, ProductData, Revisions, StoredRevision } from "./revisions.server";
import type { Firmware, FirmwareInput } from "../firmware.server";
import type { InfoItemInput } from "#app/domain/forms/info-item";
import {
  databaseError,
  FieldRuleError,
  NotFoundError,
  UNIQUE_VIOLATION,
  type Restoring,
  type WriteOrigin,
} from "./write.server";
import { storedPublication } from "./publication.server";

/** The record a restore would put back cannot come back as it was: the message says why. */
export class RestoreRefusedError extends Error {}

type SiteSettingsService = ReturnType<typeof createSiteSettings>;

/** A firmware revision as its form saves it: products deleted since simply drop out. */
function firmwareInput(data: FirmwareData): FirmwareInput {
  const { releaseVersion, releasedOn, channel, notes, fileId, productIds } = data;
  return { releaseVersion, releasedOn, channel, notes, fileId, productIds };
}

/** A home page item revision as its form saves it: no picture in it means none (a card's is removed). */
function homeItemInput(data: HomeItemData): InfoItemInput {
  return {
    heading: data.heading ?? undefined,
    content: data.content ?? undefined,
    imageFileId: data.imageFileId ?? undefined,
    imageAlt: data.imageAlt,
    ...(data.imageFileId ? {} : { removeImage: "on" as const }),
  };
}

/**
 * Putting revisions back: an earlier revision of a record (saved like an edit, through its conflict
 * check) or a deleted record whole (from Recently deleted). Each goes through the record's own write,
 * so the rules, the audit log and the new revision are the same as for any save.
 */
export function createHistory(parts: {
  db: Database;
  revisions: Revisions;
  categoryAdmin: CategoryAdmin;
  productAdmin: ProductAdmin;
  downloadAdmin: DownloadAdmin;
  infoItemAdmin: InfoItemAdmin;
  settings: SiteSettingsService;
  firmware: Firmware;
}) {
  const { db, revisions, categoryAdmin, productAdmin, downloadAdmin, infoItemAdmin, settings, firmware } = parts;

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
      description: data.description,
      specs: data.specs,
      specsTable: data.specsTable,
      ndaa: data.ndaa,
      featureIds: features.map((feature) => feature.id),
      imageFileId: data.imageFileId,
      imageAlt: data.imageAlt,
      additionalImages: data.images.map((image) => ({ fileId: image.fileId, alt: image.alt })),
      accessoryIds: data.accessoryIds,
      downloads: data.downloads.map((file) => ({ fileId: file.fileId, description: file.description })),
    };
  }

  async function find<Type extends RevisionedType>(type: Type, id: string, revisionId: string) {
    const revision = await revisions.get(type, id, revisionId);
    if (!revision) throw new NotFoundError();
    return revision;
  }

  /**
   * A name or model taken since, said in the words a person can act on; the same record restored by
   * someone else at the same moment (its id taken) is a record that is back already.
   */
  function explained<T>(work: Promise<T>): Promise<T> {
    return work.catch((error: unknown) => {
      if (error instanceof FieldRuleError) throw new RestoreRefusedError(error.message);
      if (databaseError(error)?.code === UNIQUE_VIOLATION) throw new NotFoundError();
      throw error;
    });
  }

  /**
   * Saves revision `revisionId` of the record as its newest state, over the version the page was
   * opened at (ConflictError when someone saved since). Returns the revision it put back. What it puts
   * back is the content: whether visitors see the record stays as it is (publishing is its own step).
   */
  async function restoreRevision(
    type: RevisionedType,
    id: string,
    revisionId: string,
    version: number,
    origin: WriteOrigin,
  ): Promise<StoredRevision> {
    const revision = await find(type, id, revisionId);
    const restoring: Restoring = { revisionNumber: revision.number, files: revision.files };
    switch (type) {
      case "category": {
        const { data } = revision as StoredRevision<"category">;
        await explained(categoryAdmin.updateCategory(id, version, data, origin, restoring));
        break;
      }
      case "product": {
        const { data } = revision as StoredRevision<"product">;
        await explained(productAdmin.updateProduct(id, version, await productInput(data), origin, restoring));
        break;
      }
      case "download": {
        const { data } = revision as StoredRevision<"download">;
        await explained(
          downloadAdmin.editGeneralDownload(
            id,
            { description: data.description, fileId: data.fileId, version },
            origin,
            restoring,
          ),
        );
        break;
      }
      case "home-item": {
        const { data } = revision as StoredRevision<"home-item">;
        await explained(infoItemAdmin.updateInfoItem(id, version, homeItemInput(data), origin, restoring));
        break;
      }
      case "settings": {
        const { data } = revision as StoredRevision<"settings">;
        await settings.saveSiteSettings(data, origin, restoring);
        break;
      }
      case "firmware": {
        const { data } = revision as StoredRevision<"firmware">;
        await explained(firmware.update(id, version, firmwareInput(data), origin, restoring));
        break;
      }
    }
    return revision;
  }

  /**
   * Brings a deleted record back whole, under its own id, from its "deleted" revision: a product with
   * its pictures, downloads, features and the accessories that still exist. Refused (with the reason)
   * when its name is taken since or what it belongs to is gone.
   */
  async function restoreDeleted(type: RevisionedType, id: string, revisionId: string, origin: WriteOrigin) {
    const revision = await find(type, id, revisionId);
    // A stale page or a second click: the record was restored since (and may have changed again).
    if (!(await revisions.isLatestDeletion(revision.id))) throw new NotFoundError();
    const restoring: Restoring = { revisionNumber: revision.number, files: revision.files, recordId: id };
    switch (type) {
      case "category": {
        const { data } = revision as StoredRevision<"category">;
        await explained(categoryAdmin.createCategory(data, origin, restoring));
        return;
      }
      case "product": {
        const { data } = revision as StoredRevision<"product">;
        const input = await productInput(data);
        await explained(
          productAdmin.createProduct(
            { ...input, publication: storedPublication(data.publication), firmwareReleaseIds: data.firmwareReleaseIds },
            origin,
            restoring,
          ),
        );
        return;
      }
      case "download": {
        const { data } = revision as StoredRevision<"download">;
        await explained(
          downloadAdmin.createGeneralDownload(
            { description: data.description, fileId: data.fileId, publication: storedPublication(data.publication) },
            origin,
            restoring,
          ),
        );
        return;
      }
      case "home-item": {
        const { data } = revision as StoredRevision<"home-item">;
        await explained(
          infoItemAdmin.createInfoItem(
            data.type,
            { ...homeItemInput(data), publication: storedPublication(data.publication) },
            origin,
            restoring,
          ),
        );
        return;
      }
      case "firmware": {
        const { data } = revision as StoredRevision<"firmware">;
        await explained(
          firmware.create(
            { ...firmwareInput(data), publication: storedPublication(data.publication) },
            origin,
            restoring,
          ),
        );
        return;
      }
      case "settings":
        throw new NotFoundError();
    }
  }

  return { restoreRevision, restoreDeleted };
}

export type History = ReturnType<typeof createHistory>;
