import { checkedLifecycle } from "#app/domain/lifecycle";
import { DEMO_CATEGORIES } from "./demo-categories";
import { DEMO_GENERAL_DOWNLOADS, DEMO_INFO_ITEMS, DEMO_SITE_SETTINGS } from "./home";
import { BULLET_CAMERAS, DOME_CAMERAS, PANORAMIC_CAMERAS, PTZ_CAMERAS, TURRET_CAMERAS } from "./products-cameras";
import { ACCESSORIES, RECORDERS, THERMAL_CAMERAS } from "./products-systems";
import type { DemoCategory, DemoGeneralDownload, DemoInfoItem, DemoProduct } from "./types";

import { demoFirmware, type DemoFirmwareRelease } from "./firmware";
import { DEMO_ADVISORIES, type DemoAdvisory } from "./advisories";
import { attributeDefinition, DEMO_ATTRIBUTES, demoSpecValues } from "./attributes";

/** The demo's attributes as the site defines them, under their names (what the check reads them with). */
const DEMO_DEFINITIONS = new Map(
  DEMO_ATTRIBUTES.map((attribute) => [attribute.name, attributeDefinition(attribute, attribute.name)]),
);

export { DEMO_CATEGORY_NAMES } from "./demo-categories";

export interface DemoCatalog {
  categories: DemoCategory[];
  products: DemoProduct[];
  generalDownloads: DemoGeneralDownload[];
  infoItems: DemoInfoItem[];
  settings: Record<string, string>;
  /** Search synonyms (decision 067): each set phrases that mean the same to a buyer. */
  synonyms: string[][];
  /** Firmware releases for the cameras and recorders, over the last two years. */
  firmware: DemoFirmwareRelease[];
  /** Security advisories for some of them, each with its revisions. */
  advisories: DemoAdvisory[];
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...DOME_CAMERAS,
  ...BULLET_CAMERAS,
  ...TURRET_CAMERAS,
  ...PTZ_CAMERAS,
  ...PANORAMIC_CAMERAS,
  ...THERMAL_CAMERAS,
  ...RECORDERS,
  ...ACCESSORIES,
];

/** The demo products a catalog listing shows unless asked for discontinued ones too (decision 072). */
export const DEMO_LISTED_PRODUCTS = DEMO_PRODUCTS.filter((product) => product.lifecycle?.stage !== "discontinued");

export const DEMO_CATALOG: DemoCatalog = {
  firmware: demoFirmware(DEMO_CATEGORIES, DEMO_PRODUCTS),
  advisories: DEMO_ADVISORIES,
  categories: DEMO_CATEGORIES,
  products: DEMO_PRODUCTS,
  generalDownloads: DEMO_GENERAL_DOWNLOADS,
  infoItems: DEMO_INFO_ITEMS,
  settings: DEMO_SITE_SETTINGS,
  synonyms: [
    ["LPR", "ANPR", "license plate", "number plate"],
    ["NVR", "recorder"],
    ["4K", "8MP"],
    ["PTZ", "pan tilt zoom", "speed dome"],
    ["fisheye", "360 degree", "panoramic"],
    ["thermal", "thermique", "Wärmebild", "térmica"],
    ["camera", "Kamera", "caméra", "cámara"],
    ["bullet", "Bullet-Kamera", "bala"],
    ["dome", "Kuppel", "domo"],
    ["night vision", "IR", "infrared", "Nachtsicht", "vision nocturne"],
    ["PoE", "power over ethernet"],
    ["mount", "bracket", "Halterung", "support mural"],
    ["manual", "user guide", "Handbuch", "manuel"],
    ["firmware", "update", "Firmware-Update", "mise à jour"],
  ],
};

/**
 * Everything in the catalog that would make the load fail or look wrong, as readable lines: a typo in
 * a data table should be caught by a unit test, not by a rolled-back transaction at start-up.
 */
export function catalogProblems(catalog: DemoCatalog): string[] {
  const problems: string[] = [];
  const categories = new Map<string, DemoCategory>();
  for (const category of catalog.categories) {
    if (categories.has(category.name.toLowerCase())) problems.push(`Category ${category.name} is listed twice`);
    categories.set(category.name.toLowerCase(), category);
    if (new Set(category.features).size !== category.features.length) {
      problems.push(`Category ${category.name} repeats a feature`);
    }
  }
  const models = new Set<string>();
  for (const product of catalog.products) {
    if (models.has(product.model.toLowerCase())) problems.push(`Model ${product.model} is listed twice`);
    models.add(product.model.toLowerCase());
  }
  for (const product of catalog.products) {
    const category = categories.get(product.category.toLowerCase());
    if (!category) {
      problems.push(`${product.model}: no category ${product.category}`);
      continue;
    }
    for (const feature of product.features) {
      if (!category.features.includes(feature))
        problems.push(`${product.model}: ${category.name} has no feature ${feature}`);
    }
    if (product.extraImages > category.views.length) {
      problems.push(`${product.model}: ${category.name} has only ${category.views.length} extra views`);
    }
    for (const accessory of product.accessories) {
      if (accessory.toLowerCase() === product.model.toLowerCase())
        problems.push(`${product.model}: is its own accessory`);
      else if (!models.has(accessory.toLowerCase())) problems.push(`${product.model}: unknown accessory ${accessory}`);
    }
    for (const replacement of product.lifecycle?.replacedBy ?? []) {
      if (replacement.toLowerCase() === product.model.toLowerCase()) problems.push(`${product.model}: replaces itself`);
      else if (!models.has(replacement.toLowerCase()))
        problems.push(`${product.model}: unknown replacement ${replacement}`);
    }
    if (product.lifecycle) {
      const checked = checkedLifecycle(product.lifecycle);
      if (!checked.ok) problems.push(`${product.model}: ${checked.message}`);
    }
    if (product.specsFormat !== "none" && product.specs.length === 0) problems.push(`${product.model}: no specs`);
    // Every camera has every typed value, read from its datasheet (decision 070).
    problems.push(...demoSpecValues(product, DEMO_DEFINITIONS).problems);
  }
  return problems;
}
