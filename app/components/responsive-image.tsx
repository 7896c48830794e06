import type { ImgHTMLAttributes } from "react";
import type { ImageView } from "#app/domain/catalog-views";
import { cropSize, variantCandidates, variantSrcSet, variantUrl, type CropRatio } from "#app/domain/images";

type Props = {
  /** The stored file (its WebP variants are found by `fileId`) and its size as uploaded. */
  image: Pick<ImageView, "fileId" | "url" | "width" | "height">;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes?: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
  /**
   * A slot of a fixed shape: the variants are cut to it around the picture's centre (made once on the
   * server, decision 005) and the declared size is the cut's. The original is never changed.
   */
  crop?: CropRatio;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "alt" | "width" | "height">;

/**
 * A stored image offered as WebP at the widths it has (the browser picks by `sizes` and screen
 * density), with its intrinsic size set (no layout shift) and lazy loading below the fold.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, crop, ...rest }: Props) {
  const srcSet = variantSrcSet(image.fileId, image, crop);
  const known = image.width && image.height ? { width: image.width, height: image.height } : null;
  // Also without variants (an original too large to convert) the slot's shape is declared; the page's
  // `object-fit` then does the cutting.
  const size = known && crop ? cropSize(known, crop) : known;
  // A cropped picture's fallback is its largest cut, not the uncut original: a browser that takes
  // `src` shows the same framing as one that takes `srcset`.
  const largest = crop ? variantCandidates(image, crop).at(-1) : undefined;
  return (
    <img
      src={largest && crop ? variantUrl(image.fileId, largest.width, crop) : image.url}
      srcSet={srcSet}
      // Without `sizes` the browser assumes the full viewport width, which is the safe guess.
      sizes={srcSet ? (sizes ?? "100vw") : undefined}
      alt={alt}
      width={size?.width}
      height={size?.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
}
