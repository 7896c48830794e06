import { Readable } from "node:stream";
import {
  croppedVariantSize,
  hasVariants,
  MAX_VARIANT_INPUT_PIXELS,
  variantOutputWidth,
  type CropRatio,
  type VariantWidth,
} from "#app/domain/images";
import type { FileRow } from "./files.server";
import { imageLibrary } from "./image-library.server";
import type { Logger } from "../platform/logger.server";
import { variantKey, variantPrefix } from "./storage-keys.server";
import { readAll } from "../platform/streams.server";
import { isImageType } from "./sniff.server";
import type { FileStorage } from "./storage.server";

/** Quality 75 at effort 4: about a third of a JPEG's bytes at equal look, in tens of milliseconds. */
const WEBP_OPTIONS = { quality: 75, effort: 4 } as const;

/** Image decoding takes CPU and memory in bursts; two at a time keeps a burst of new images affordable. */
const DEFAULT_CONCURRENCY = 2;

export interface VariantPlan {
  key: string;
  /** The width the variant really has (never more than the original's). */
  width: number;
  /** A cropped variant's shape and exact height (cut around the centre); none keeps the whole picture. */
  crop?: { ratio: CropRatio; height: number };
  /** Strong validator: the original's hash, the shape and the width fix the bytes. */
  etag: string;
}

export type VariantSource = Pick<FileRow, "id" | "storageKey" | "contentType" | "sha256" | "width" | "height">;

/**
 * Makes WebP variants of stored images when they are first asked for, stores them beside the
 * originals and hands back where they are. Work is shared: a variant being made is not made twice
 * by this process, and at most `concurrency` images are decoded at once.
 */
export function createImageService(options: {
  storage: FileStorage;
  logger: Logger;
  /** Whether the file still exists: a variant finished after its file was purged is removed again. */
  fileExists: (id: string) => Promise<boolean>;
  concurrency?: number;
}) {
  const { storage, logger, fileExists } = options;
  const limit = createLimiter(options.concurrency ?? DEFAULT_CONCURRENCY);
  const inFlight = new Map<string, Promise<{ size: number }>>();

  async function generate(file: VariantSource, plan: VariantPlan): Promise<{ size: number }> {
    return limit(async () => {
      // Another request (or another instance) may have finished it while this one waited.
      const existing = await storage.stat(plan.key);
      if (existing) return existing;
      const startedAt = performance.now();
      const original = await readAll(storage.read(file.storageKey));
      const sharp = await imageLibrary();
      // The original's own orientation first (the stored width and height are after it), then the
      // crop: `cover` scales the picture to cover the box and cuts what sticks out, equally each side.
      const bytes = await sharp(original, { limitInputPixels: MAX_VARIANT_INPUT_PIXELS })
        .rotate()
        .resize(
          plan.crop
            ? { width: plan.width, height: plan.crop.height, fit: "cover", position: "centre" }
            : { width: plan.width, withoutEnlargement: true },
        )
        .webp(WEBP_OPTIONS)
        .toBuffer();
      await storage.write(plan.key, Readable.from([bytes]));
      if (!(await fileExists(file.id))) {
        await storage.deletePrefix(variantPrefix(file.id));
        throw new VariantSourceGoneError();
      }
      logger.debug(
        {
          fileId: file.id,
          width: plan.width,
          crop: plan.crop?.ratio,
          bytes: bytes.byteLength,
          ms: Math.round(performance.now() - startedAt),
        },
        "made an image variant",
      );
      return { size: bytes.byteLength };
    });
  }

  return {
    /** Where the variant asked for lives, or null when none can be made of this file. */
    plan(file: VariantSource, requested: VariantWidth, crop?: CropRatio): VariantPlan | null {
      if (!isImageType(file.contentType) || !hasVariants(file)) return null;
      if (crop) {
        const size = croppedVariantSize(requested, file, crop);
        return {
          key: variantKey(file.id, size.width, crop),
          width: size.width,
          crop: { ratio: crop, height: size.height },
          etag: `"${file.sha256}-${crop}-${size.width}w"`,
        };
      }
      const width = variantOutputWidth(requested, file.width);
      return { key: variantKey(file.id, width), width, etag: `"${file.sha256}-${width}w"` };
    },

    /** Makes the variant unless it is stored already; resolves to its stored size. */
    async ensure(file: VariantSource, plan: VariantPlan): Promise<{ size: number }> {
      const stored = await storage.stat(plan.key);
      if (stored) return stored;
      let pending = inFlight.get(plan.key);
      if (!pending) {
        pending = generate(file, plan).finally(() => inFlight.delete(plan.key));
        inFlight.set(plan.key, pending);
      }
      return pending;
    },

    open(plan: VariantPlan): Readable {
      return storage.read(plan.key);
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;

/** The file was deleted while its variant was being made. */
export class VariantSourceGoneError extends Error {
  constructor() {
    super("The image was deleted while its variant was being made.");
  }
}

/** Runs at most `max` tasks at a time; the rest wait their turn in order. */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `active` counts it without a gap.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
