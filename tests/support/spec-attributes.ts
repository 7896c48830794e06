import type { AttributeInput } from "#app/domain/forms/attribute";
import type { AttributeDefinition, CategoryAttribute } from "#app/domain/spec-attributes";

/** What a test's attribute is unless it says otherwise: a number without a unit, in no group. */
const PLAIN_NUMBER = {
  group: "",
  type: "number",
  unit: null,
  precision: 0,
  choices: [],
  multiple: false,
  coverageRole: null,
} as const satisfies Omit<AttributeDefinition, "id" | "slug" | "name">;

/** A category's attribute for a test: a filter number without a unit, with what `overrides` says; its id and slug its name. */
export function testAttribute(
  overrides: Partial<CategoryAttribute> & Pick<CategoryAttribute, "name">,
): CategoryAttribute {
  return { ...PLAIN_NUMBER, id: overrides.name, slug: overrides.name, required: false, filter: true, ...overrides };
}

/** An attribute as the form writes it, for a test: a number without a unit, with what `overrides` says. */
export function attributeInput(overrides: Partial<AttributeInput> & Pick<AttributeInput, "name">): AttributeInput {
  return { ...PLAIN_NUMBER, ...overrides };
}

/** A choice of IP ratings for a test, each value's id its label's digits. */
export const IP_RATING = testAttribute({
  name: "IP rating",
  slug: "ip-rating",
  type: "choice",
  choices: [
    { id: "c66", label: "IP66" },
    { id: "c67", label: "IP67" },
  ],
});
