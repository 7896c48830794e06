import type { AttributeInput } from "#app/domain/forms/attribute";
import type { CategoryAttribute } from "#app/domain/spec-attributes";

/** A category's attribute for a test: a filter number without a unit, with what `overrides` says; its id and slug its name. */
export function testAttribute(
  overrides: Partial<CategoryAttribute> & Pick<CategoryAttribute, "name">,
): CategoryAttribute {
  return {
    id: overrides.name,
    slug: overrides.name,
    group: "",
    type: "number",
    unit: null,
    precision: 0,
    choices: [],
    multiple: false,
    coverageRole: null,
    required: false,
    filter: true,
    ...overrides,
  };
}

/** An attribute as the form writes it, for a test: a number without a unit, with what `overrides` says. */
export function attributeInput(overrides: Partial<AttributeInput> & Pick<AttributeInput, "name">): AttributeInput {
  return {
    group: "",
    type: "number",
    unit: null,
    precision: 0,
    choices: [],
    multiple: false,
    coverageRole: null,
    ...overrides,
  };
}
