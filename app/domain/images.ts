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

/**
 * Shapes a variant can be cut to, named as they appear in its URL. A slot of a fixed shape (a home-page
 * card's picture, an image item) asks for one, so every picture fills it whatever shape it was
 * uploaded in. A short fixed list, like the widths, keeps the stored variants per image bounded.
 */
export const CROP_RATIOS = {
  "16x9": { width: 16, height: 9 },
  "4x3": { width: 4, height: 3 },
  "8x3": { width: 8, height: 3 },
} as const;

export type CropRatio = keyof typeof CROP_RATIOS;

export function isVariantWidth(width: number): width is VariantWidth {
  return (VARIANT_WIDTHS as readonly number[]).includes(width);
}

export function isCropRatio(value: string): value is CropRatio {
  return Object.hasOwn(CROP_RATIOS, value);
}

/** `/images/<file>/<width>.webp`, or `/images/<file>/<ratio>/<width>.webp` for a cropped variant. */
export function variantUrl(fileId: string, width: VariantWidth, crop?: CropRatio): string {
  return crop ? `/images/${fileId}/${crop}/${width}.webp` : `/images/${fileId}/${width}.webp`;
}

/**
 * The largest box of `crop`'s shape that fits the image, centred: what a cropped variant shows,
 * before it is scaled down. A picture already of that shape (to the pixel) keeps all of itself.
 */
export function cropSize(size: { width: number; height: number }, crop: CropRatio): { width: number; height: number } {
  const ratio = CROP_RATIOS[crop];
  if (size.width * ratio.height > size.height * ratio.width) {
    // Too wide: keep the full height, cut the sides.
    return {
      width: Math.max(1, Math.min(size.width, Math.round((size.height * ratio.width) / ratio.height))),
      height: size.height,
    };
  }
  return {
    width: size.width,
    height: Math.max(1, Math.min(size.height, Math.round((size.width * ratio.height) / ratio.width))),
  };
}

/**
 * The pixel size of the cropped variant asked for as `requested`: the crop's shape, never wider than
 * the crop itself. The server makes exactly this size and the page declares the crop's, so the shape
 * the page reserves is the shape that arrives.
 */
export function croppedVariantSize(
  requested: VariantWidth,
  size: { width: number; height: number },
  crop: CropRatio,
): { width: number; height: number } {
  const box = cropSize(size, crop);
  const width = variantOutputWidth(requested, box.width);
  if (width === box.width) return box;
  const ratio = CROP_RATIOS[crop];
  return { width, height: Math.max(1, Math.round((width * ratio.height) / ratio.width)) };
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
 * 800, the last under the URL for 960). With a crop, the crop's width stands for the original's.
 */
export function variantCandidates(size: ImageSize, crop?: CropRatio): { width: VariantWidth; served: number }[] {
  if (!hasVariants(size)) return [];
  const widest = crop ? cropSize(size, crop).width : size.width;
  const candidates: { width: VariantWidth; served: number }[] = [];
  for (const width of VARIANT_WIDTHS) {
    candidates.push({ width, served: variantOutputWidth(width, widest) });
    if (width >= widest) break;
  }
  return candidates;
}

export function variantSrcSet(fileId: string, size: ImageSize, crop?: CropRatio): string | undefined {
  const candidates = variantCandidates(size, crop);
  if (candidates.length === 0) return undefined;
  return candidates.map(({ width, served }) => `${variantUrl(fileId, width, crop)} ${served}w`).join(", ");
}
