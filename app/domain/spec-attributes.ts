/**
 * Specifications as values (docs/decisions/070): a library of attributes (resolution, focal length, IR
 * range), each of one type, which categories choose for their products. Shared by the dashboard's
 * forms, the server that checks them, and the pages that show the values.
 */
import { formatMeasure, formatRange, unitInfo, type UnitId } from "./units";

export const ATTRIBUTE_TYPES = ["number", "range", "choice", "boolean", "text"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** How the dashboard names each type, with what its value is. */
export const ATTRIBUTE_TYPE_NAMES: Record<AttributeType, string> = {
  number: "Number",
  range: "Range (from\u2013to)",
  choice: "Choice",
  boolean: "Yes/no",
  text: "Text",
};

/** The groups the dashboard suggests, in the order datasheets print them; an attribute may name another. */
export const SUGGESTED_ATTRIBUTE_GROUPS = [
  "Image",
  "Lens",
  "Video",
  "Network",
  "Power",
  "Environment",
  "Physical",
] as const;

/** The most decimals a number is kept and shown with. */
export const MOST_DECIMALS = 4;

export interface AttributeChoice {
  /** Kept when the label changes, so the products that have it keep it. */
  id: string;
  label: string;
}

/** An attribute of the library, as the dashboard and the catalog read it. */
export interface SpecAttribute {
  id: string;
  /** Its short name in addresses (a filter's parameter): made from the name when created, then kept. */
  slug: string;
  name: string;
  /** The group its rows are shown in ("Lens"); empty: none. */
  group: string;
  type: AttributeType;
  /** A number's or a range's unit; none for a count (channels) or another type. */
  unit: UnitId | null;
  /** Decimals a number or range is kept and shown with. */
  precision: number;
  /** A choice's values, in the order they are offered. */
  choices: AttributeChoice[];
  /** A choice takes several values ("H.264, H.265") rather than one. */
  multiple: boolean;
  version: number;
}

/**
 * A product's value of one attribute, as kept: a number, `[min, max]` for a range, the chosen choices'
 * ids, true or false, or a text. Which one is the attribute's type.
 */
export type SpecValue = number | readonly [number, number] | readonly string[] | boolean | string;

/** What the attribute's values are, in words, for the dashboard's lists: "Range in mm", "Choice of 4". */
export function attributeKind(attribute: Pick<SpecAttribute, "type" | "unit" | "choices" | "multiple">): string {
  switch (attribute.type) {
    case "number":
    case "range":
      return attribute.unit
        ? `${ATTRIBUTE_TYPE_NAMES[attribute.type]} in ${unitInfo(attribute.unit).symbol}`
        : ATTRIBUTE_TYPE_NAMES[attribute.type];
    case "choice":
      return `${attribute.multiple ? "Several of" : "One of"} ${attribute.choices.map((choice) => choice.label).join(", ")}`;
    default:
      return ATTRIBUTE_TYPE_NAMES[attribute.type];
  }
}

/** A value as a visitor reads it: "30 m (98 ft)", "2.8–12 mm", "H.264, H.265", "Yes". */
export function formatSpecValue(attribute: SpecAttribute, value: SpecValue): string {
  switch (attribute.type) {
    case "number":
      return typeof value === "number" ? formatMeasure(value, attribute.unit ?? undefined, attribute.precision) : "";
    case "range":
      return isRange(value) ? formatRange(value[0], value[1], attribute.unit ?? undefined, attribute.precision) : "";
    case "choice": {
      if (!Array.isArray(value)) return "";
      const chosen = new Set<unknown>(value);
      return attribute.choices
        .filter((choice) => chosen.has(choice.id))
        .map((choice) => choice.label)
        .join(", ");
    }
    case "boolean":
      return value === true ? "Yes" : value === false ? "No" : "";
    case "text":
      return typeof value === "string" ? value : "";
  }
}

export function isRange(value: SpecValue): value is readonly [number, number] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && typeof value[1] === "number";
}
