import { lifecycleLine } from "#app/domain/lifecycle";
import { isoToday } from "#app/domain/format";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { CatalogProduct } from "#app/domain/catalog-views";
import { MAX_VARIANT_INPUT_PIXELS } from "#app/domain/images";
import type { SiteSettings } from "#app/domain/site";
import { specificationGroups } from "#app/domain/spec-attributes";
import type { DatasheetContent } from "./datasheet-pdf.server";
import type { FileService } from "../files/files.server";
import { imageLibrary } from "../files/image-library.server";
import type { Logger } from "../platform/logger.server";
import type { FileStorage } from "../files/storage.server";
import { variantPrefix } from "../files/storage-keys.server";
import { readAll } from "../platform/streams.server";

/** A datasheet: its bytes, its validator and the model it is of. */
export interface Datasheet {
  /** Where it is kept in storage. */
  key: string;
  bytes: Uint8Array;
  etag: string;
  model: string;
}

/** Datasheets made at once by one process: a crawler after a settings change waits its turn. */
const MAKING_AT_ONCE = 2;

/**
 * The datasheets of a product's main picture live beside that picture's variants: they go when the
 * picture goes (replaced, or its product deleted and purged), like every variant.
 */
function datasheetPrefix(imageFileId: string): string {
  return `${variantPrefix(imageFileId)}datasheet/`;
}

/**
 * Product datasheets: a PDF made by the server from the product's data and the site settings, once
 * per content (a hash of everything it says names it), kept in storage beside the main picture's
 * variants, the previous one dropped when a new one is made.
 */
export function createDatasheets(parts: {
  storage: FileStorage;
  files: FileService;
  logger: Logger;
  publicUrl: string;
}) {
  const { storage, files, logger, publicUrl } = parts;
  /** One making per datasheet at a time in this process: a burst of requests waits for the first. */
  const making = new Map<string, Promise<Datasheet>>();

  async function picture(fileId: string): Promise<Buffer | null> {
    const file = await files.get(fileId);
    if (!file) return null;
    const sharp = await imageLibrary();
    try {
      return await sharp(await readAll(storage.read(file.storageKey)), { limitInputPixels: MAX_VARIANT_INPUT_PIXELS })
        .rotate()
        .resize({ width: 900, height: 700, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82 })
        .toBuffer();
    } catch (error) {
      // A datasheet without its picture is still a datasheet.
      logger.warn({ err: error, fileId }, "the datasheet's picture could not be read");
      return null;
    }
  }

  /** The datasheet of `product` as the site shows it now, made if it is not stored yet. */
  async function datasheetOf(product: CatalogProduct, site: SiteSettings): Promise<Datasheet> {
    const content: DatasheetContent = {
      product: {
        id: product.id,
        slug: product.slug,
        model: product.model,
        name: product.name,
        description: product.description,
        specs: product.specs,
        specsTable: product.specsTable,
        specifications: specificationGroups(product.specValues),
        ndaa: product.ndaa,
        category: product.category,
        features: product.features,
        accessories: product.accessories,
        imageFileId: product.image.fileId,
        // Worded for today: a past end of sale reads "Sale ended", and makes a new datasheet.
        lifecycle:
          product.lifecycle.stage === "active"
            ? null
            : lifecycleLine(
                product.lifecycle,
                isoToday(),
                product.lifecycle.replacements.map((replacement) => replacement.model),
              ),
      },
      site: { companyName: site.companyName, contactEmail: site.contactEmail, copyrightHolder: site.copyrightHolder },
      publicUrl,
      year: new Date().getUTCFullYear(),
    };
    const etag = createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 32);
    const prefix = datasheetPrefix(product.image.fileId);
    const key = `${prefix}${etag}`;
    const stored = await readStored(key);
    if (stored) return { key, bytes: stored, etag, model: product.model };
    let made = making.get(key);
    if (!made) {
      made = (async () => {
        const { renderDatasheet } = await import("./datasheet-pdf.server");
        const bytes = await inTurn(async () => renderDatasheet(content, await picture(product.image.fileId)));
        try {
          // The product changed (or the settings did): its earlier datasheet goes. Another instance
          // making one at the same moment may take this one with it: then the next request makes it.
          await storage.deletePrefix(prefix);
          await storage.write(key, Readable.from([Buffer.from(bytes)]));
        } catch (error) {
          logger.warn({ err: error, productId: product.id }, "a datasheet could not be kept; it is sent all the same");
        }
        return { key, bytes, etag, model: product.model };
      })().finally(() => making.delete(key));
      making.set(key, made);
    }
    return made;
  }

  /**
   * A stored datasheet's bytes, or null when there is none (or another instance just replaced it):
   * one read, not a look first (on S3 that would be a second request for every datasheet served).
   */
  async function readStored(key: string): Promise<Uint8Array | null> {
    try {
      return await readAll(storage.read(key));
    } catch {
      return null;
    }
  }

  let running = 0;
  const waiting: (() => void)[] = [];
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= MAKING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  return { datasheetOf };
}

export type Datasheets = ReturnType<typeof createDatasheets>;
