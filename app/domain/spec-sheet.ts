/**
 * Typed values in the catalog's spreadsheet (decisions 025 and 070): a column for each attribute a
 * category has, after the fixed columns, its unit in its header ("Focal length (mm)"), a cell as an
 * editor types it in the product form ("2.8–12", "IP67", "Yes"), read back with the form's rules.
 */
import { LIST_SEPARATOR, readYesNo, splitList } from "./catalog-sheet";
import { readSpecValue, SPEC_MESSAGES, typedSpecOf, type AttributeDefinition, type SpecValue } from "./spec-attributes";
import { unitInfo, type Reading } from "./units";

/** An attribute's column header: its name, and its unit where it has one ("IR range (m)"). */
export function attributeColumn(attribute: Pick<AttributeDefinition, "name" | "unit">): string {
  return attribute.unit ? `${attribute.name} (${unitInfo(attribute.unit).symbol})` : attribute.name;
}

/** Whether a header names `attribute`: its column as an export writes it, or its name alone. */
export function namesAttribute(header: string, attribute: Pick<AttributeDefinition, "name" | "unit">): boolean {
  const folded = header.trim().toLowerCase();
  return folded === attributeColumn(attribute).toLowerCase() || folded === attribute.name.toLowerCase();
}

/** A value as its cell holds it: a number or range in the header's unit, a choice's labels, Yes or No. */
export function specCell(attribute: AttributeDefinition, value: SpecValue | undefined): string {
  if (value === undefined) return "";
  switch (attribute.type) {
    case "choice":
      return Array.isArray(value)
        ? attribute.choices
            .filter((choice) => value.includes(choice.id))
            .map((choice) => choice.label)
            .join(LIST_SEPARATOR)
        : "";
    case "boolean":
      return value === true ? "Yes" : value === false ? "No" : "";
    default: {
      const typed = typedSpecOf(attribute, value);
      return typeof typed === "string" ? typed : "";
    }
  }
}

/**
 * A cell read for `attribute`: a number or range in the header's unit or written with another of its
 * kind ("98 ft"), a choice's labels in any letter case, Yes or No; undefined for an empty cell.
 */
export function readSpecCell(attribute: AttributeDefinition, cell: string): Reading<SpecValue | undefined> {
  const text = cell.trim();
  if (!text) return { ok: true, value: undefined };
  switch (attribute.type) {
    case "choice": {
      const ids: string[] = [];
      for (const label of splitList(text)) {
        const choice = attribute.choices.find((candidate) => candidate.label.toLowerCase() === label.toLowerCase());
        if (!choice) {
          return {
            ok: false,
            message: `"${label}" is not one of ${attribute.choices.map((item) => item.label).join(", ")}`,
          };
        }
        if (!ids.includes(choice.id)) ids.push(choice.id);
      }
      if (!attribute.multiple && ids.length > 1) return { ok: false, message: SPEC_MESSAGES.chooseOne };
      return {
        ok: true,
        value: attribute.choices.filter((choice) => ids.includes(choice.id)).map((choice) => choice.id),
      };
    }
    case "boolean": {
      const value = readYesNo(text);
      return value === undefined ? { ok: false, message: SPEC_MESSAGES.yesOrNo } : { ok: true, value };
    }
    default:
      return readSpecValue(attribute, text);
  }
}
