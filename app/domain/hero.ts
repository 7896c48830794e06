import type { ImageView } from "./catalog-views";
import type { LanguageAttributes } from "./languages";

/**
 * The site's own wide pictures (home carousel, About, Contact) and the home page's carousel. The
 * pictures are static WebP files in public/hero/, made by scripts/make-hero-images.ts; each exists at
 * every width below, all in the same 8:3 shape.
 */
export const HERO_WIDTHS = [800, 1600] as const;
export type HeroWidth = (typeof HERO_WIDTHS)[number];

export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 600;

export const HERO_IMAGES = {
  "city-night": {
    alt: "A city street at night, with AI detection boxes marking the people and cars a camera sees",
  },
  warehouse: {
    alt: "A warehouse aisle where a camera outlines a forklift and a worker and marks a no-go zone",
  },
  "parking-lpr": {
    alt: "A car at a parking gate with its licence plate read and matched by a camera",
  },
  about: {
    alt: "Dome and bullet security cameras over a circuit-board pattern",
  },
  contact: {
    alt: "A globe with connected points, standing for customers and partners around the world",
  },
} as const satisfies Record<string, { alt: string }>;

export type HeroImageName = keyof typeof HERO_IMAGES;

export const HERO_IMAGE_NAMES = Object.keys(HERO_IMAGES) as HeroImageName[];

export function heroImageUrl(name: HeroImageName, width: HeroWidth): string {
  return `/hero/${name}-${width}.webp`;
}

export function heroImageSrcSet(name: HeroImageName): string {
  return HERO_WIDTHS.map((width) => `${heroImageUrl(name, width)} ${width}w`).join(", ");
}

/** requirements §4 and §9: the carousel advances every 5,000 ms. */
export const CAROUSEL_INTERVAL_MS = 5_000;

/** A slide's picture: one of the site's own, or one the owner uploaded (cut to the slot's 8:3). */
export type HeroPicture = { builtin: HeroImageName } | { stored: Omit<ImageView, "id"> };

export interface HeroSlide {
  /** Stable across renders: the built-in picture's name, or the stored slide's id. */
  key: string;
  picture: HeroPicture;
  eyebrow: string | null;
  heading: string;
  text: string;
  link: { to: string; label: string };
}

/** The carousel's words in the page's language (`home.*`): each slide's, by its place, made on the server. */
export interface CarouselWords {
  label: string;
  pause: string;
  play: string;
  previous: string;
  next: string;
  /** The name of the button that shows each slide ("Show slide 2"). */
  showSlide: string[];
  /** Each slide's own name ("2 of 3"). */
  slide: string[];
  /** What the slides say is English until translated: its attributes where the page is another language. */
  content: LanguageAttributes | undefined;
}

/**
 * The home page carousel until the owner makes slides of their own, in order: three slides
 * (requirements §9). Read by the server, which hands the page the slides it shows.
 */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    key: "city-night",
    picture: { builtin: "city-night" },
    eyebrow: "AI detection",
    heading: "Sees clearly when the lights go out",
    text: "Full-colour night vision and on-camera deep learning tell people and vehicles apart from rain, shadows and wildlife, so alarms mean something.",
    link: { to: "/catalog", label: "Explore our cameras" },
  },
  {
    key: "warehouse",
    picture: { builtin: "warehouse" },
    eyebrow: "Smart search and safety zones",
    heading: "Every aisle and every dock, covered",
    text: "Draw a zone once and get an alert the moment a person steps into it. Smart search finds any forklift or worker across weeks of footage in seconds.",
    link: { to: "/catalog", label: "Browse the catalog" },
  },
  {
    key: "parking-lpr",
    picture: { builtin: "parking-lpr" },
    eyebrow: "Licence plate recognition",
    heading: "Read every plate, day and night",
    text: "LPR cameras capture plates at speed, match them against your allow and block lists and open the gate for the cars you expect.",
    link: { to: "/support", label: "Get datasheets and manuals" },
  },
];
