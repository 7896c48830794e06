/**
 * Web variants of stored images: WebP at a few fixed widths. A short fixed list keeps the number of
 * stored variants per image small and lets every visitor share the same cached files.
 */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;

export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/**
 * Larger originals are not converted: decoding one takes memory in proportion to its pixels, and a
 * small file can claim huge dimensions (a decompression bomb). 40 megapixels is a 7,300 × 5,475
 * photo, more than any product picture needs; such images are served as uploaded.
 */
export const MAX_VARIANT_INPUT_PIXELS = 40_000_000;

export interface ImageSize {
  width: number | null;
  height: number | null;
}

export function isVariantWidth(width: number): width is VariantWidth {
  return (VARIANT_WIDTHS as readonly number[]).includes(width);
}

export function variantUrl(fileId: string, width: VariantWidth): string {
  return `/images/${fileId}/${width}.webp`;
}

/** Whether variants can be made of an image this size at all. */
export function hasVariants(size: ImageSize): size is { width: number; height: number } {
  return (
    size.width !== null &&
    size.height !== null &&
    size.width > 0 &&
    size.height > 0 &&
    size.width * size.height <= MAX_VARIANT_INPUT_PIXELS
  );
}

/**
 * How wide the variant asked for as `width` really is: never wider than the original, since scaling
 * up adds bytes and no detail. Every listed width at or above the original gives the original's width.
 */
export function variantOutputWidth(requested: VariantWidth, originalWidth: number): number {
  return Math.min(requested, originalWidth);
}

/**
 * `srcset` candidates: every listed width narrower than the original, and the first one at or above
 * it, which is served at the original's width (so a 800 px original is offered at 320, 480, 640 and
 * 800, the last under the URL for 960).
 */
export function variantCandidates(size: ImageSize): { width: VariantWidth; served: number }[] {
  if (!hasVariants(size)) return [];
  const candidates: { width: VariantWidth; served: number }[] = [];
  for (const width of VARIANT_WIDTHS) {
    candidates.push({ width, served: variantOutputWidth(width, size.width) });
    if (width >= size.width) break;
  }
  return candidates;
}

export function variantSrcSet(fileId: string, size: ImageSize): string | undefined {
  const candidates = variantCandidates(size);
  if (candidates.length === 0) return undefined;
  return candidates.map(({ width, served }) => `${variantUrl(fileId, width)} ${served}w`).join(", ");
}
