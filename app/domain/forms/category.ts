import { z } from "zod";
import { openedVersion } from "./version";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";

/** Longest category name, description and feature label the form takes (beyond the original: a sane bound). */
export const CATEGORY_LIMITS = { name: 120, description: 5_000, feature: 120, features: 100 } as const;

const feature = z.object({
  /** The stored feature's id in an edit form: renaming keeps it, so products keep their selection. */
  id: z.uuid().optional(),
  /** Empty inputs arrive as undefined (conform); the list-level rule below reports them once. */
  label: z.string().trim().max(CATEGORY_LIMITS.feature, `At most ${CATEGORY_LIMITS.feature} characters`).optional(),
});

/** The category form (requirements §5): the same schema checks the browser and the server. */
export const categorySchema = z.object({
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
  features: z
    .array(feature)
    .max(CATEGORY_LIMITS.features, `At most ${CATEGORY_LIMITS.features} features`)
    .optional()
    .transform((items) => items ?? [])
    .refine((items) => items.every((item) => Boolean(item.label)), ADMIN_MESSAGES.noEmptyFeatures)
    .transform((items) => items.map((item) => ({ id: item.id, label: item.label ?? "" }))),
  /** Only in the edit form: a save without it is taken for one over a newer version. */
  version: openedVersion.optional(),
});

export type CategoryInput = z.infer<typeof categorySchema>;

/** A product of a category, as its dashboard page lists it. */
export interface CategoryProduct {
  id: string;
  model: string;
}
