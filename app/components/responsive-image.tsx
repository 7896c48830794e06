import type { ImgHTMLAttributes } from "react";
import { variantSrcSet } from "#app/domain/images";

export interface ImageSource {
  /** The stored file's id: its WebP variants are found by it. */
  fileId: string;
  /** The original as uploaded: the fallback, and what shows when no variant can be made. */
  url: string;
  width: number | null;
  height: number | null;
}

type Props = {
  image: ImageSource;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes?: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "alt" | "width" | "height">;

/**
 * A stored image offered as WebP at the widths it has (the browser picks by `sizes` and screen
 * density), with its intrinsic size set (no layout shift) and lazy loading below the fold.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, ...rest }: Props) {
  const srcSet = variantSrcSet(image.fileId, image);
  return (
    <img
      src={image.url}
      srcSet={srcSet}
      // Without `sizes` the browser assumes the full viewport width, which is the safe guess.
      sizes={srcSet ? (sizes ?? "100vw") : undefined}
      alt={alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
}
