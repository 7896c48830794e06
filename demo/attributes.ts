import type { AttributeDefinition, AttributeType, CoverageRole, SpecValue } from "../app/domain/spec-attributes";
import { proseLines, valueInLines } from "../app/domain/spec-prose";
import type { UnitId } from "../app/domain/units";
import type { DemoProduct } from "./types";

/**
 * A specification attribute of the demo's library (decision 070), and the datasheet lines of its
 * products its values are read from: the demo's products are written as datasheets, and their typed
 * values come out of those lines the way an editor's conversion reads them (app/domain/spec-prose.ts).
 */
export interface DemoAttribute {
  name: string;
  group: string;
  type: AttributeType;
  unit?: UnitId;
  precision?: number;
  choices?: string[];
  /** The category pages filter (and sort) by it. */
  filter: boolean;
  /** What the coverage calculator reads from it. */
  coverageRole?: CoverageRole;
  /** The datasheet lines a value is read from, the first a product has. */
  lines: string[];
}

export const DEMO_ATTRIBUTES: DemoAttribute[] = [
  {
    name: "Resolution",
    group: "Image",
    type: "number",
    unit: "MP",
    precision: 1,
    filter: true,
    lines: ["Effective Pixels", "Visible Channel", "Thermal Sensor"],
  },
  {
    name: "Focal length",
    group: "Lens",
    type: "range",
    unit: "mm",
    precision: 1,
    filter: true,
    coverageRole: "focal-length",
    lines: ["Lens", "Thermal Lens"],
  },
  {
    name: "Horizontal field of view",
    group: "Lens",
    type: "range",
    unit: "deg",
    precision: 1,
    filter: false,
    coverageRole: "horizontal-field-of-view",
    lines: ["Field of View", "Thermal Lens"],
  },
  {
    name: "Horizontal resolution",
    group: "Image",
    type: "number",
    unit: "px",
    filter: false,
    coverageRole: "horizontal-pixels",
    // The thermal sensor's, as the field of view is the thermal lens's: the calculator pairs them.
    lines: ["Effective Pixels", "Thermal Sensor"],
  },
  {
    name: "IR range",
    group: "Image",
    type: "number",
    unit: "m",
    filter: true,
    lines: ["Night Vision", "Visible Channel"],
  },
  {
    name: "IP rating",
    group: "Environment",
    type: "choice",
    choices: ["IP20", "IP66", "IP67", "IP68"],
    filter: true,
    lines: ["Protection"],
  },
  {
    name: "Operating temperature",
    group: "Environment",
    type: "range",
    unit: "degC",
    filter: false,
    lines: ["Operating Conditions"],
  },
  { name: "Power draw", group: "Power", type: "number", unit: "W", precision: 1, filter: true, lines: ["Power"] },
];

/** The categories of cameras, which have every attribute above in that order. */
export const DEMO_CAMERA_CATEGORIES = [
  "Dome Cameras",
  "Bullet Cameras",
  "Turret Cameras",
  "PTZ Cameras",
  "Fisheye / Panoramic",
  "Thermal Cameras",
];

/** A demo attribute as the site defines it, under `id`, its choices under the ids `choiceId` gives. */
export function attributeDefinition(
  attribute: DemoAttribute,
  id: string,
  choiceId: (label: string) => string = (label) => label,
): AttributeDefinition {
  return {
    id,
    slug: id,
    name: attribute.name,
    group: attribute.group,
    type: attribute.type,
    unit: attribute.unit ?? null,
    precision: attribute.precision ?? 0,
    choices: (attribute.choices ?? []).map((label) => ({ id: choiceId(label), label })),
    multiple: false,
    coverageRole: attribute.coverageRole ?? null,
  };
}

/**
 * A demo product's typed values, by attribute name, read from its datasheet lines; and what could not
 * be read, as readable lines (the demo's check lists them).
 */
export function demoSpecValues(
  product: DemoProduct,
  definitions: ReadonlyMap<string, AttributeDefinition>,
): { values: Map<string, SpecValue>; problems: string[] } {
  const values = new Map<string, SpecValue>();
  const problems: string[] = [];
  if (!DEMO_CAMERA_CATEGORIES.includes(product.category)) return { values, problems };
  const lines = proseLines(null, product.specs);
  for (const attribute of DEMO_ATTRIBUTES) {
    const definition = definitions.get(attribute.name);
    if (!definition) continue;
    const found = valueInLines(definition, attribute.lines, lines);
    if (found.found === "value") {
      values.set(attribute.name, found.value);
      continue;
    }
    // "Visible Channel: None (thermal only)": the datasheet itself says the product has none.
    if (found.found === "unreadable" && /^none\b/i.test(found.line.value)) continue;
    problems.push(
      found.found === "unreadable"
        ? `${product.model}: ${attribute.name} from "${found.line.value}": ${found.message}`
        : `${product.model}: no ${attribute.lines.join(" or ")} line for ${attribute.name}`,
    );
  }
  return { values, problems };
}
