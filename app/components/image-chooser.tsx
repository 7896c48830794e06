import { useState } from "react";
import type { ImageView } from "#app/domain/catalog-views";
import { ResponsiveImage } from "./responsive-image";

export interface ChoosableImage extends Pick<ImageView, "fileId" | "url" | "width" | "height"> {
  id: string;
  /** The image's own description, "" for none. */
  alt: string;
}

/**
 * The product's main image with its additional images as thumbnails: choosing a thumbnail shows it
 * as the main image. Thumbnails are buttons, so they work with a keyboard as well as a pointer. An
 * image without a description of its own is named by `fallbackAlt` (the model).
 */
export function ImageChooser({
  images,
  fallbackAlt,
  label,
  imageLabels,
}: {
  images: ChoosableImage[];
  fallbackAlt: string;
  /** The thumbnails' list's name, and each thumbnail's ("Show image 2 of 3"), in the page's language. */
  label: string;
  imageLabels: readonly string[];
}) {
  const [chosenId, setChosenId] = useState(images[0]?.id);
  const chosen = images.find((image) => image.id === chosenId) ?? images[0];
  if (!chosen) return null;
  return (
    <div className="space-y-3">
      <ResponsiveImage
        key={chosen.id}
        image={chosen}
        alt={chosen.alt || fallbackAlt}
        priority
        sizes="(min-width: 1024px) 560px, 100vw"
        className="aspect-[4/3] w-full rounded-xl border border-slate-200 bg-white object-contain"
        data-testid="main-image"
      />
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {images.map((image, index) => {
            const selected = image.id === chosen.id;
            return (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => setChosenId(image.id)}
                  aria-pressed={selected}
                  // The button's name says what choosing it shows; the picture inside adds nothing to it.
                  aria-label={`${imageLabels[index] ?? ""}${image.alt ? `: ${image.alt}` : ""}`}
                  className={`block overflow-hidden rounded-md border-2 ${
                    selected ? "border-brand-600" : "border-transparent hover:border-slate-300"
                  }`}
                >
                  <ResponsiveImage image={image} alt="" sizes="80px" className="h-16 w-20 bg-white object-cover" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
