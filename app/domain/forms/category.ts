import { z } from "zod";
import { openedVersion } from "./version";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";

/** Longest category name, description and feature label the form takes (beyond the original: a sane bound). */
export const CATEGORY_LIMITS = {
  name: 120,
  description: 5_000,
  feature: 120,
  features: 100,
  group: 60,
  groups: 20,
  attributes: 60,
} as const;

/** The message of a feature whose group is not one of the category's. */
export const UNKNOWN_GROUP = "Choose one of the filter groups";

/** The filter groups as the form's text has them: one a line, trimmed, blank lines and repeats (any case) left out. */
export function groupsOfLines(text: string): string[] {
  const groups: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const group = line.trim();
    if (group && !groups.some((kept) => kept.toLowerCase() === group.toLowerCase())) groups.push(group);
  }
  return groups;
}

const feature = z.object({
  /** The stored feature's id in an edit form: renaming keeps it, so products keep their selection. */
  id: z.uuid().optional(),
  /** Empty inputs arrive as undefined (conform); the list-level rule below reports them once. */
  label: z.string().trim().max(CATEGORY_LIMITS.feature, `At most ${CATEGORY_LIMITS.feature} characters`).optional(),
  /** One of the form's filter groups, or none (empty). */
  group: z.string().trim().optional(),
});

/** The category form (requirements §5): the same schema checks the browser and the server. */
export const categorySchema = z
  .object({
    name: z
      .string(ADMIN_MESSAGES.nameRequired)
      .trim()
      .min(1, ADMIN_MESSAGES.nameRequired)
      .max(CATEGORY_LIMITS.name, `At most ${CATEGORY_LIMITS.name} characters`),
    description: z
      .string()
      .trim()
      .max(CATEGORY_LIMITS.description, `At most ${CATEGORY_LIMITS.description} characters`)
      .optional()
      .transform((value) => value ?? ""),
    /**
     * The groups the public filter shows the features in, in order, one a line ("Resolution", "Lens"):
     * choices within a group are "any of", groups "all of" (decision 068).
     */
    featureGroups: z
      .string()
      .optional()
      .transform((text) => groupsOfLines(text ?? ""))
      .refine((groups) => groups.length <= CATEGORY_LIMITS.groups, `At most ${CATEGORY_LIMITS.groups} filter groups`)
      .refine(
        (groups) => groups.every((group) => group.length <= CATEGORY_LIMITS.group),
        `At most ${CATEGORY_LIMITS.group} characters a group`,
      ),
    features: z
      .array(feature)
      .max(CATEGORY_LIMITS.features, `At most ${CATEGORY_LIMITS.features} features`)
      .optional()
      .transform((items) => items ?? [])
      .refine((items) => items.every((item) => Boolean(item.label)), ADMIN_MESSAGES.noEmptyFeatures)
      .transform((items) => items.map((item) => ({ id: item.id, label: item.label ?? "", group: item.group ?? "" }))),
    /** Its specification attributes in order (decision 070): each chosen once from the library. */
    attributes: z
      .array(
        z.object({
          attributeId: z.uuid("Choose an attribute of the list"),
          required: z.boolean().optional(),
          filter: z.boolean().optional(),
        }),
      )
      .max(CATEGORY_LIMITS.attributes, `At most ${CATEGORY_LIMITS.attributes} attributes`)
      .optional()
      .transform((items) =>
        (items ?? []).map((item) => ({
          attributeId: item.attributeId,
          required: item.required === true,
          filter: item.filter === true,
        })),
      )
      .refine((items) => new Set(items.map((item) => item.attributeId)).size === items.length, "Each attribute once"),
    /** Only in the edit form: a save without it is taken for one over a newer version. */
    version: openedVersion.optional(),
  })
  .superRefine((input, context) => {
    // A group is chosen from the list above it; one removed from the list leaves its features without.
    input.features.forEach((item, index) => {
      if (item.group && !input.featureGroups.some((group) => group.toLowerCase() === item.group.toLowerCase())) {
        context.addIssue({ code: "custom", path: ["features", index, "group"], message: UNKNOWN_GROUP });
      }
    });
  })
  .transform((input) => ({
    ...input,
    // A group written in another letter case is the listed one.
    features: input.features.map((item) => ({
      ...item,
      group: input.featureGroups.find((group) => group.toLowerCase() === item.group.toLowerCase()) ?? "",
    })),
  }));

/**
 * A category as it is written: the form's (`categorySchema`), a restored revision's, an import's. A
 * category written without groups has none, its features none.
 */
export interface CategoryInput {
  name: string;
  description: string;
  featureGroups?: string[];
  features: { id?: string | undefined; label: string; group?: string }[];
  /** Absent (a revision from before attributes, an older caller): none. */
  attributes?: CategoryAttributeInput[];
  version?: number | undefined;
}

/** One of a category's attributes, as written; its place in the list is its order. */
export interface CategoryAttributeInput {
  attributeId: string;
  required: boolean;
  filter: boolean;
}

/** A product of a category, as its dashboard page lists it. */
export interface CategoryProduct {
  id: string;
  model: string;
}
