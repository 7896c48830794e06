import type { LifecycleFields } from "#app/domain/lifecycle";

/** The drawing used for a category's product pictures. */
export type ArtKind = "dome" | "bullet" | "turret" | "ptz" | "fisheye" | "thermal" | "nvr" | "accessory";

/** The extra pictures a product can have besides its main one, in the order they are shown. */
export type CameraView = "angle" | "night" | "thermal" | "detail";

export interface DemoCategory {
  name: string;
  description: string;
  /** Filter labels, in the order an admin would have typed them. */
  features: string[];
  /**
   * The filter's groups in order, each with its features' labels ("any of" within a group); a
   * feature in none stands alone ("all of" with the rest).
   */
  groups: [name: string, labels: string[]][];
  art: ArtKind;
  /** Background hue of the category's pictures (0–360). */
  hue: number;
  /** Views available for additional images, in order. */
  views: CameraView[];
}

/** One line of a datasheet: label, value. */
export type SpecRow = readonly [label: string, value: string];

export type ProductDocument =
  "datasheet" | "manual" | "quickstart" | "installation" | "firmware" | "declaration" | "ae-specification";

export interface DemoProduct {
  model: string;
  /** What the product is, in words a buyer reads beside the model ("4MP Starlight AI Dome Camera"). */
  name: string;
  /** The category's name. */
  category: string;
  description: string;
  specs: SpecRow[];
  /**
   * How the specs are stored: "text" as "Label: value" lines, "table" as rows of cells (as if an admin
   * had uploaded a spreadsheet, which replaces the text), "none" for a product without specs.
   */
  specsFormat: "text" | "table" | "none";
  ndaa: boolean;
  /** Labels of the category's features this product has. */
  features: string[];
  /** How many of the category's views are shown as additional images. */
  extraImages: number;
  documents: ProductDocument[];
  /** Models of related products and accessories; the relation is two-way, so one side is enough. */
  accessories: string[];
  /** Absent: active. A retiring product's days, and the models of its replacements in order. */
  lifecycle?: LifecycleFields & { replacedBy: string[] };
}

export interface DemoGeneralDownload {
  description: string;
  fileName: string;
  /** Builds the file's bytes from the whole catalog (some documents list its products). */
  kind: "vms-guide" | "mobile-quick-start" | "ndaa-statement" | "product-catalog" | "warranty" | "hardening" | "ports";
}

/** When an item is dated (days before the demo is loaded), where its "Read more" leads, and whether it is on News alone. */
interface DemoNews {
  daysAgo: number;
  link?: string;
  newsOnly?: true;
}

export type DemoInfoItem = DemoNews &
  (
    | { type: "banner"; content: string }
    | { type: "card"; heading: string; content: string; picture?: CardPicture }
    | { type: "image"; picture: WidePicture }
  );

/** Illustrations drawn for home-page cards. */
export type CardPicture = "ai-detection" | "ndaa" | "night" | "vms";

/** Wide home-page pictures: a headline over a row of products. */
export interface WidePicture {
  name: string;
  headline: string;
  tagline: string;
  hue: number;
  lineup: ArtKind[];
}
