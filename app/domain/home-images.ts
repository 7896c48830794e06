import type { CropRatio } from "./images";

/** A picture slot of the home page: the shape it shows pictures in and the size that looks sharp. */
export interface ImageSlot {
  crop: CropRatio;
  /** The shape as people write it. */
  shape: string;
  minWidth: number;
  minHeight: number;
}

/**
 * An image item spans the content column (992 CSS pixels, twice that on a sharp screen; the widest
 * variant is 1600): 16:9, the shape of video, screens and banners. A card's picture fills half the
 * card beside its text on wide screens and the card's width above it on narrow ones (up to about 760
 * CSS pixels): 4:3, the shape most phones take photos in, which suits both places and stands about as
 * tall as a card's text. Decision 010.
 */
export const INFO_IMAGE_SLOTS = {
  image: { crop: "16x9", shape: "16:9", minWidth: 1600, minHeight: 900 },
  card: { crop: "4x3", shape: "4:3", minWidth: 1280, minHeight: 960 },
  // The carousel's slides span the page, as wide as the built-in pictures and of their shape.
  slide: { crop: "8x3", shape: "8:3", minWidth: 1600, minHeight: 600 },
} as const satisfies Record<"image" | "card" | "slide", ImageSlot>;

/** What the image fields of the home page's forms say about the slot. */
export function imageSlotGuidance(slot: ImageSlot): string {
  return `Shown at ${slot.shape}, at least ${slot.minWidth} × ${slot.minHeight} pixels; pictures of another shape are cropped to fit, around their centre.`;
}
