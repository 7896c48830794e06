import { z } from "zod";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import {
  ATTRIBUTE_TYPES,
  COVERAGE_ROLE_NAMES,
  COVERAGE_ROLE_NEEDS,
  COVERAGE_ROLES,
  MOST_DECIMALS,
  type AttributeType,
  type CoverageRole,
} from "#app/domain/spec-attributes";
import { isUnitId, KEPT_UNITS, unitInfo, type UnitId } from "#app/domain/units";
import { openedVersion } from "./version";

export const ATTRIBUTE_LIMITS = { name: 80, group: 60, choice: 80, choices: 100 } as const;

export const ATTRIBUTE_MESSAGES = {
  exists: (name: string) => `An attribute named "${name}" already exists`,
  chooseType: "Choose a type",
  unknownUnit: "Choose one of the listed units",
  needsChoices: "A choice needs at least one value",
  noEmptyChoices: "No empty values",
  repeatedChoice: (label: string) => `"${label}" is listed twice`,
  precision: `A whole number from 0 to ${MOST_DECIMALS}`,
  chooseRole: "Choose one of the listed uses",
  roleNeeds: (role: CoverageRole) => {
    const needs = COVERAGE_ROLE_NEEDS[role];
    const units = KEPT_UNITS.filter((unit) => unitInfo(unit).quantity === needs.quantity).map(
      (unit) => unitInfo(unit).symbol,
    );
    return `${COVERAGE_ROLE_NAMES[role]} is read from ${needs.types.length > 1 ? "a number or a range" : "a number"} in ${units.join(" or ")}`;
  },
  roleTaken: (role: CoverageRole, name?: string) =>
    `${name ? `The attribute "${name}"` : "Another attribute"} is already the calculator's ${COVERAGE_ROLE_NAMES[role].toLowerCase()}`,
} as const;

const choice = z.object({
  /** The stored choice's id in an edit form: a renamed value stays chosen on the products that have it. */
  id: z.uuid().optional(),
  label: z.string().trim().max(ATTRIBUTE_LIMITS.choice, `At most ${ATTRIBUTE_LIMITS.choice} characters`).optional(),
});

/** The attribute form: the same schema checks the browser and the server. */
export const attributeSchema = z
  .object({
    name: z
      .string(ADMIN_MESSAGES.nameRequired)
      .trim()
      .min(1, ADMIN_MESSAGES.nameRequired)
      .max(ATTRIBUTE_LIMITS.name, `At most ${ATTRIBUTE_LIMITS.name} characters`),
    group: z
      .string()
      .trim()
      .max(ATTRIBUTE_LIMITS.group, `At most ${ATTRIBUTE_LIMITS.group} characters`)
      .optional()
      .transform((value) => value ?? ""),
    type: z.enum(ATTRIBUTE_TYPES, ATTRIBUTE_MESSAGES.chooseType),
    unit: z
      .string()
      .optional()
      .refine((value) => !value || (isUnitId(value) && KEPT_UNITS.includes(value)), ATTRIBUTE_MESSAGES.unknownUnit),
    precision: z
      .number(ATTRIBUTE_MESSAGES.precision)
      .int(ATTRIBUTE_MESSAGES.precision)
      .min(0, ATTRIBUTE_MESSAGES.precision)
      .max(MOST_DECIMALS, ATTRIBUTE_MESSAGES.precision)
      .optional(),
    choices: z
      .array(choice)
      .max(ATTRIBUTE_LIMITS.choices, `At most ${ATTRIBUTE_LIMITS.choices} values`)
      .optional()
      .transform((items) => items ?? []),
    multiple: z.boolean().optional(),
    coverageRole: z
      .enum(["", ...COVERAGE_ROLES], ATTRIBUTE_MESSAGES.chooseRole)
      .optional()
      .transform((value) => value || null),
    /** Only in the edit form: a save without it is taken for one over a newer version. */
    version: openedVersion.optional(),
  })
  .superRefine((input, context) => {
    const role = input.coverageRole;
    if (role) {
      const needs = COVERAGE_ROLE_NEEDS[role];
      const unit = input.unit && isUnitId(input.unit) ? input.unit : undefined;
      if (!needs.types.includes(input.type) || !unit || unitInfo(unit).quantity !== needs.quantity) {
        context.addIssue({ code: "custom", path: ["coverageRole"], message: ATTRIBUTE_MESSAGES.roleNeeds(role) });
      }
    }
    if (input.type !== "choice") return;
    if (input.choices.length === 0) {
      context.addIssue({ code: "custom", path: ["choices"], message: ATTRIBUTE_MESSAGES.needsChoices });
      return;
    }
    const seen = new Set<string>();
    input.choices.forEach((item, index) => {
      if (!item.label) {
        context.addIssue({
          code: "custom",
          path: ["choices", index, "label"],
          message: ATTRIBUTE_MESSAGES.noEmptyChoices,
        });
        return;
      }
      const folded = item.label.toLowerCase();
      if (seen.has(folded)) {
        context.addIssue({
          code: "custom",
          path: ["choices", index, "label"],
          message: ATTRIBUTE_MESSAGES.repeatedChoice(item.label),
        });
      }
      seen.add(folded);
    });
  })
  .transform((input): AttributeInput => ({
    name: input.name,
    group: input.group,
    type: input.type,
    // What a type does not use is not kept: a choice has no unit, a number no values.
    unit: (input.type === "number" || input.type === "range") && input.unit ? (input.unit as UnitId) : null,
    precision: input.type === "number" || input.type === "range" ? (input.precision ?? 0) : 0,
    choices: input.type === "choice" ? input.choices.map((item) => ({ id: item.id, label: item.label ?? "" })) : [],
    multiple: input.type === "choice" && input.multiple === true,
    coverageRole: input.coverageRole,
    version: input.version,
  }));

/** An attribute as it is written: the form's, a restored revision's. */
export interface AttributeInput {
  name: string;
  group: string;
  type: AttributeType;
  unit: UnitId | null;
  precision: number;
  choices: { id?: string | undefined; label: string }[];
  multiple: boolean;
  coverageRole: CoverageRole | null;
  version?: number | undefined;
}
