import { z } from "zod";
import { openedVersion } from "./version";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { altTextField } from "./alt-text";
import { MOST_TEXT_VALUE } from "#app/domain/spec-attributes";
import { checkedLifecycle, LIFECYCLE_FIELDS, LIFECYCLE_MESSAGES, MOST_REPLACEMENTS } from "#app/domain/lifecycle";
import { LIFECYCLE_STAGES } from "#app/domain/lifecycle-stages";
import { DOWNLOAD_KIND_VALUES } from "#app/domain/download-kinds";
import type { TranslatableField } from "#app/domain/translations";

/** The most characters of the product's texts (the form's, and an import's, rule). */
export const PRODUCT_TEXT_LIMITS = { model: 120, name: 120, description: 5000, specs: 20_000 } as const;
/** A product's texts that can be translated into the site's other languages (decision 094). */
export const PRODUCT_TRANSLATABLE_FIELDS = [
  { field: "name", label: "Name", maxLength: PRODUCT_TEXT_LIMITS.name, multiline: false },
  { field: "description", label: "Description", maxLength: PRODUCT_TEXT_LIMITS.description, multiline: true },
  { field: "specs", label: "Specifications", maxLength: PRODUCT_TEXT_LIMITS.specs, multiline: true },
] as const satisfies readonly TranslatableField[];

export type ProductTranslatableField = (typeof PRODUCT_TRANSLATABLE_FIELDS)[number]["field"];

/** A specifications table as a product keeps it: a spreadsheet's first sheet is cut to this. */
export const SPECS_TABLE_LIMITS = { rows: 1000, columns: 50, cellLength: 2000 } as const;

const required = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, `At most ${max} characters`);

/** Form posts leave out an unchecked box or an empty list altogether. */
const idList = z.array(z.string().trim().max(64)).max(500).default([]);

/**
 * An additional image: one the product has (its row id) or a newly uploaded one (a staged file id),
 * with its description.
 */
const additionalImage = z
  .object({
    id: z.string().trim().max(64).optional(),
    fileId: z.string().trim().max(64).optional(),
    alt: altTextField,
  })
  .default({ alt: "" })
  .refine((item) => Boolean(item.id || item.fileId), {
    message: ADMIN_MESSAGES.additionalImages,
    path: ["fileId"],
  });

/** A download: an existing one (its row id, maybe with a replacement file) or a new upload. */
const download = z
  .object({
    id: z.string().trim().max(64).optional(),
    fileId: z.string().trim().max(64).optional(),
    description: z.string().trim().max(200, "At most 200 characters").optional(),
    /** Absent: a stored download keeps its kind, a new one is "other". */
    kind: z.enum(DOWNLOAD_KIND_VALUES, ADMIN_MESSAGES.downloadKind).optional(),
  })
  .default({})
  .refine((item) => Boolean(item.id || item.fileId), {
    message: ADMIN_MESSAGES.productDownloads,
    path: ["fileId"],
  });

/** A day from a date field: empty is none. */
const day = z.string().trim().max(10, LIFECYCLE_MESSAGES.notADate).optional();

/**
 * The new-product and product-edit forms (requirements §2, §5); the same schema checks in the browser and on
 * the server. In an edit an empty image keeps the current one and `keepSpecsTable` keeps its table.
 */
export function productSchema(mode: "new" | "edit") {
  return z
    .object({
      categoryId: required(ADMIN_MESSAGES.categoryRequired, 64),
      model: required(ADMIN_MESSAGES.modelRequired, PRODUCT_TEXT_LIMITS.model),
      name: z
        .string()
        .trim()
        .max(PRODUCT_TEXT_LIMITS.name, `At most ${PRODUCT_TEXT_LIMITS.name} characters`)
        .default(""),
      description: required(ADMIN_MESSAGES.descriptionRequired, PRODUCT_TEXT_LIMITS.description),
      specs: z.string().trim().max(PRODUCT_TEXT_LIMITS.specs, "At most 20,000 characters").optional(),
      /** A newly uploaded spreadsheet (staged file id): its first sheet replaces the text. */
      specsFileId: z.string().trim().max(64).optional(),
      keepSpecsTable: z.boolean().optional(),
      ndaa: z.boolean().optional(),
      featureIds: idList,
      /**
       * The category's specification values as typed, by attribute id (a choice of several: the ticked
       * values' ids). Read and checked against the category's attributes by the server, which alone
       * knows them as they are when the save lands.
       */
      specTexts: z
        .record(
          z.uuid(),
          z.union([
            z.string().max(MOST_TEXT_VALUE * 2, `At most ${MOST_TEXT_VALUE} characters`),
            z.array(z.string().max(64)).max(100),
          ]),
        )
        .optional(),
      imageFileId:
        mode === "new"
          ? z.string(ADMIN_MESSAGES.productImageRequired).trim().min(1, ADMIN_MESSAGES.productImageRequired).max(64)
          : z.string().trim().max(64).optional(),
      imageAlt: altTextField,
      additionalImages: z.array(additionalImage).max(50).default([]),
      accessoryIds: idList,
      downloads: z.array(download).max(50).default([]),
      /** Its lifecycle (decision 072): the days of a retiring product, and what replaces it. */
      [LIFECYCLE_FIELDS.stage]: z.enum(LIFECYCLE_STAGES, "Choose a lifecycle").default("active"),
      [LIFECYCLE_FIELDS.endOfSaleOn]: day,
      [LIFECYCLE_FIELDS.discontinuedOn]: day,
      [LIFECYCLE_FIELDS.firmwareUntil]: day,
      [LIFECYCLE_FIELDS.repairsUntil]: day,
      [LIFECYCLE_FIELDS.replacementIds]: idList.pipe(
        z.array(z.string()).max(MOST_REPLACEMENTS, LIFECYCLE_MESSAGES.tooManyReplacements),
      ),
      version: mode === "edit" ? openedVersion : openedVersion.optional(),
    })
    .superRefine((value, context) => {
      const checked = checkedLifecycle(lifecycleOfForm(value));
      if (!checked.ok)
        context.addIssue({ code: "custom", path: [LIFECYCLE_FIELDS[checked.field]], message: checked.message });
    });
}

/** The lifecycle a form's values hold (empty days: none). */
export function lifecycleOfForm(value: {
  lifecycle: (typeof LIFECYCLE_STAGES)[number];
  endOfSaleOn?: string;
  discontinuedOn?: string;
  firmwareUntil?: string;
  repairsUntil?: string;
}) {
  return {
    stage: value.lifecycle,
    endOfSaleOn: value.endOfSaleOn || null,
    discontinuedOn: value.discontinuedOn || null,
    firmwareUntil: value.firmwareUntil || null,
    repairsUntil: value.repairsUntil || null,
  };
}

export type ProductFormValue = z.infer<ReturnType<typeof productSchema>>;

/** Spreadsheets the specs accept (requirements §5): by name, as the original checked. */
export function isSpreadsheetName(name: string): boolean {
  return /\.xlsx?$/i.test(name.trim());
}
