/**
 * Specifications as values (docs/decisions/070): a library of attributes (resolution, focal length, IR
 * range), each of one type, which categories choose for their products. Shared by the dashboard's
 * forms, the server that checks them, and the pages that show the values.
 */
import {
  formatMeasure,
  formatNumber,
  formatRange,
  ENGLISH_MEASURE_WORDS,
  readMeasure,
  readRange,
  roundTo,
  unitInfo,
  type MeasureWords,
  type Reading,
  type UnitId,
} from "./units";

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

/**
 * What the coverage calculator on camera pages reads from an attribute (decision 071): at most one
 * attribute of the library has each role, of the type and kind of unit `COVERAGE_ROLE_NEEDS` says.
 */
export const COVERAGE_ROLES = [
  "horizontal-pixels",
  "horizontal-field-of-view",
  "sensor-width",
  "focal-length",
] as const;
export type CoverageRole = (typeof COVERAGE_ROLES)[number];

export const COVERAGE_ROLE_NAMES: Record<CoverageRole, string> = {
  "horizontal-pixels": "Horizontal resolution",
  "horizontal-field-of-view": "Horizontal field of view",
  "sensor-width": "Sensor width",
  "focal-length": "Focal length",
};

/** The types an attribute of each role may be, and the kind of unit its values are in. */
export const COVERAGE_ROLE_NEEDS: Record<CoverageRole, { types: readonly AttributeType[]; quantity: string }> = {
  "horizontal-pixels": { types: ["number"], quantity: "pixels" },
  "horizontal-field-of-view": { types: ["number", "range"], quantity: "angle" },
  "sensor-width": { types: ["number"], quantity: "length" },
  "focal-length": { types: ["number", "range"], quantity: "length" },
};

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
  /** What the coverage calculator reads from it, if anything. */
  coverageRole: CoverageRole | null;
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

/** How a language writes a value: its measures, and a yes/no's two answers. */
export interface SpecValueWords extends MeasureWords {
  yes: string;
  no: string;
}

export const ENGLISH_SPEC_VALUE_WORDS: SpecValueWords = { ...ENGLISH_MEASURE_WORDS, yes: "Yes", no: "No" };

/**
 * Whether a value's text is written in the page's language (a measure's numbers, Yes or No) rather
 * than as its record says it (a choice's labels, a text).
 */
export function writtenInPageLanguage(attribute: Pick<AttributeDefinition, "type">): boolean {
  return attribute.type === "number" || attribute.type === "range" || attribute.type === "boolean";
}

/** A value as a visitor reads it: "30 m (98 ft)", "2.8–12 mm", "H.264, H.265", "Yes"; in German "2,8–12 mm", "Ja". */
export function formatSpecValue(
  attribute: AttributeDefinition,
  value: SpecValue,
  words: SpecValueWords = ENGLISH_SPEC_VALUE_WORDS,
): string {
  switch (attribute.type) {
    case "number":
      return typeof value === "number"
        ? formatMeasure(value, attribute.unit ?? undefined, attribute.precision, words)
        : "";
    case "range":
      return isRange(value)
        ? formatRange(value[0], value[1], attribute.unit ?? undefined, attribute.precision, words)
        : "";
    case "choice": {
      if (!Array.isArray(value)) return "";
      const chosen = new Set<unknown>(value);
      return attribute.choices
        .filter((choice) => chosen.has(choice.id))
        .map((choice) => choice.label)
        .join(", ");
    }
    case "boolean":
      return value === true ? words.yes : value === false ? words.no : "";
    case "text":
      return typeof value === "string" ? value : "";
  }
}

export function isRange(value: SpecValue): value is readonly [number, number] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && typeof value[1] === "number";
}

/** An attribute as it is defined, whatever version it is at. */
export type AttributeDefinition = Omit<SpecAttribute, "version">;

/** An attribute as a category has it: where it stands is its place in the category's list. */
export interface CategoryAttribute extends AttributeDefinition {
  /** The product form refuses a save without a value. */
  required: boolean;
  /** The category's page filters by it. */
  filter: boolean;
}

/** A product's value with the attribute it is of. */
export interface ProductSpec {
  attribute: CategoryAttribute;
  value: SpecValue;
}

/** Values (or fields) in the groups of their attributes, groups in the order their first attribute comes. */
export function specGroups<Item extends { attribute: { group: string } }>(
  items: readonly Item[],
): { group: string; specs: Item[] }[] {
  const groups: { group: string; specs: Item[] }[] = [];
  for (const item of items) {
    const group = item.attribute.group;
    const found = groups.find((candidate) => candidate.group.toLowerCase() === group.toLowerCase());
    if (found) found.specs.push(item);
    else groups.push({ group, specs: [item] });
  }
  return groups;
}

/** A product's typed specifications as visitors read them: a name and a value a row, in their groups. */
export interface SpecificationGroup {
  /** "" for the attributes in no group. */
  group: string;
  /** `inPageLanguage`: the value is written in the page's language (`writtenInPageLanguage`). */
  rows: { name: string; value: string; inPageLanguage: boolean }[];
}

/**
 * A product's values as its page, its datasheet and the comparison show them, with their units:
 * written in `words` (the page's language's) where given, else in English, as the content is.
 */
export function specificationGroups(specValues: readonly ProductSpec[], words?: SpecValueWords): SpecificationGroup[] {
  return specGroups(specValues).map(({ group, specs }) => ({
    group,
    rows: specs.map(({ attribute, value }) => ({
      name: attribute.name,
      value: formatSpecValue(attribute, value, words),
      inPageLanguage: words !== undefined && writtenInPageLanguage(attribute),
    })),
  }));
}

/**
 * A value's texts: first as its page shows it ("IP67", "8 MP", "2.8–12 mm"), then, for a measure,
 * written close up as datasheets and visitors write it ("8MP", "2.8–12mm"), which search finds too.
 */
export function valueTexts(attribute: AttributeDefinition, value: SpecValue): string[] {
  const shown = formatSpecValue(attribute, value);
  const symbol = attribute.unit ? unitInfo(attribute.unit).symbol : "";
  if (!/^[a-z]/i.test(symbol)) return [shown];
  // Plain digits: a search word has no thousands separator, and no formatter is needed for that.
  const number = (at: number) => String(roundTo(at, attribute.precision));
  const close =
    typeof value === "number"
      ? `${number(value)}${symbol}`
      : isRange(value)
        ? `${number(value[0])}\u2013${number(value[1])}${symbol}`
        : undefined;
  return close ? [shown, close] : [shown];
}

export const SPEC_MESSAGES = {
  required: (name: string) => `${name} required`,
  chooseListed: "Choose one of the listed values",
  chooseOne: "Choose one value",
  yesOrNo: "Choose Yes or No",
  tooLong: (most: number) => `At most ${most} characters`,
} as const;

/** The longest text value. */
export const MOST_TEXT_VALUE = 500;

/** What the product form sends for one attribute: a text, or the ticked values of a choice of several. */
export type TypedSpec = string | readonly string[];

/**
 * A value as the product form typed it, read for `attribute` (a number or range with a unit read
 * into the attribute's, rounded to its decimals): undefined when nothing was typed.
 */
export function readSpecValue(
  attribute: AttributeDefinition,
  typed: TypedSpec | undefined,
): Reading<SpecValue | undefined> {
  const texts = (typeof typed === "string" ? [typed] : (typed ?? [])).map((text) => text.trim()).filter(Boolean);
  if (texts.length === 0) return { ok: true, value: undefined };
  const [text = ""] = texts;
  const unit = attribute.unit ?? undefined;
  switch (attribute.type) {
    case "number": {
      const read = readMeasure(text, unit);
      return read.ok ? { ok: true, value: roundTo(read.value, attribute.precision) } : read;
    }
    case "range": {
      const read = readRange(text, unit);
      if (!read.ok) return read;
      return {
        ok: true,
        value: [roundTo(read.value[0], attribute.precision), roundTo(read.value[1], attribute.precision)],
      };
    }
    case "choice": {
      const ids = new Set(attribute.choices.map((choice) => choice.id));
      if (!texts.every((id) => ids.has(id))) return { ok: false, message: SPEC_MESSAGES.chooseListed };
      if (!attribute.multiple && texts.length > 1) return { ok: false, message: SPEC_MESSAGES.chooseOne };
      // In the attribute's order, each once.
      return {
        ok: true,
        value: attribute.choices.filter((choice) => texts.includes(choice.id)).map((choice) => choice.id),
      };
    }
    case "boolean":
      if (text === "yes") return { ok: true, value: true };
      if (text === "no") return { ok: true, value: false };
      return { ok: false, message: SPEC_MESSAGES.yesOrNo };
    case "text":
      return text.length > MOST_TEXT_VALUE
        ? { ok: false, message: SPEC_MESSAGES.tooLong(MOST_TEXT_VALUE) }
        : { ok: true, value: text };
  }
}

/** A value as the product form shows it for editing: the inverse of `readSpecValue`. */
export function typedSpecOf(attribute: AttributeDefinition, value: SpecValue | undefined): TypedSpec {
  if (value === undefined) return "";
  switch (attribute.type) {
    case "number":
      return typeof value === "number" ? formatNumber(value, attribute.precision).replaceAll(",", "") : "";
    case "range":
      if (!isRange(value)) return "";
      return value[0] === value[1]
        ? formatNumber(value[0], attribute.precision).replaceAll(",", "")
        : `${formatNumber(value[0], attribute.precision).replaceAll(",", "")}\u2013${formatNumber(value[1], attribute.precision).replaceAll(",", "")}`;
    case "choice":
      return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
    case "boolean":
      return value === true ? "yes" : value === false ? "no" : "";
    case "text":
      return typeof value === "string" ? value : "";
  }
}

/**
 * Whether `value` is one `attribute` can hold (a restored revision's or an import's): the right shape,
 * choices it has, a range in order.
 */
export function fitsAttribute(attribute: AttributeDefinition, value: unknown): value is SpecValue {
  switch (attribute.type) {
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "range":
      return (
        Array.isArray(value) &&
        value.length === 2 &&
        value.every((end) => typeof end === "number" && Number.isFinite(end)) &&
        (value[0] as number) <= (value[1] as number)
      );
    case "choice": {
      if (!Array.isArray(value) || value.length === 0) return false;
      if (!attribute.multiple && value.length > 1) return false;
      return value.every((id) => attribute.choices.some((choice) => choice.id === id));
    }
    case "boolean":
      return typeof value === "boolean";
    case "text":
      return typeof value === "string" && value.trim() !== "" && value.length <= MOST_TEXT_VALUE;
  }
}
