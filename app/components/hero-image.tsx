import type { ReactNode } from "react";
import type { LanguageAttributes } from "#app/domain/languages";
import {
  HERO_HEIGHT,
  HERO_IMAGES,
  HERO_WIDTH,
  heroImageSrcSet,
  heroImageUrl,
  type HeroImageName,
} from "#app/domain/hero";

/** Hero pictures run edge to edge, up to their own width on very wide screens. */
export const HERO_SIZES = `(min-width: ${HERO_WIDTH}px) ${HERO_WIDTH}px, 100vw`;

/** The box every hero picture fills: its width, in the pictures' 8:3 shape (HERO_WIDTH × HERO_HEIGHT). */
export const HERO_BOX = "aspect-[8/3] w-full";

/**
 * One of the site's static hero pictures, offered at every width it exists in. `priority` marks the
 * page's largest picture above the fold: fetched at once and first, not when layout reaches it.
 */
export function HeroImage({
  name,
  priority = false,
  className = "",
  alt = HERO_IMAGES[name].alt,
  language,
}: {
  name: HeroImageName;
  priority?: boolean;
  className?: string;
  /** Its description in the page's language, when the page has it (HERO_IMAGES holds the English). */
  alt?: string;
  /** The language of `alt` where it is not the page's. */
  language?: LanguageAttributes;
}) {
  return (
    <img
      {...language}
      src={heroImageUrl(name, HERO_WIDTH)}
      srcSet={heroImageSrcSet(name)}
      sizes={HERO_SIZES}
      width={HERO_WIDTH}
      height={HERO_HEIGHT}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`block h-auto object-cover ${HERO_BOX} ${className}`}
    />
  );
}

/** Holds a hero picture's place, in its shape, until the picture may load. */
export function HeroPlaceholder() {
  return <div className={HERO_BOX} />;
}

/**
 * The band hero pictures sit in: edge to edge on the dark brand ground, centred once the screen is
 * wider than the pictures, where their edges fade into the ground instead of ending in a hard line
 * (their left side is dark already).
 */
export function HeroFrame({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div className={`bg-ink ${className}`}>
      <div className="relative mx-auto max-w-[1600px]">
        {children}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 hidden w-24 bg-linear-to-l from-ink to-transparent min-[1600px]:block"
        />
      </div>
    </div>
  );
}

/** A full-width picture band at the top of a page. */
export function PageHero({ name, alt }: { name: HeroImageName; alt?: string }) {
  return (
    <HeroFrame>
      <HeroImage name={name} alt={alt} priority />
    </HeroFrame>
  );
}
