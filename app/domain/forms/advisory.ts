import { z } from "zod";
import { openedVersion } from "./version";
import { ADVISORY_ID, ADVISORY_STATUSES, CVE_ID, VERSION_RANGE } from "../advisory";

export const ADVISORY_MESSAGES = {
  idFormat: "Write the id as letters, the year and a number, such as VSA-2026-004",
  idTaken: (id: string) => `Another advisory is ${id}: choose another id`,
  titleRequired: "Enter the title",
  summaryRequired: "Write a summary: what it is and whom it concerns",
  cveFormat: "Write each CVE id as CVE-2026-12345, one a line or separated by commas",
  scoreRequired: "Give a CVSS 3.1 or a CVSS 4.0 vector, or both",
  productsRequired: "Choose at least one affected product",
  rangeFormat: "Write the affected versions as a range such as <2.4.3 or >=2.0.0|<2.4.3",
  releaseNotForProduct: (model: string) => `The fixing release chosen for ${model} is not one of its releases`,
  noteRequired: "Say what changed in this revision, for the advisory's readers",
  tooLong: (max: number) => `At most ${max.toLocaleString("en-US")} characters`,
} as const;

const text = (max: number) => z.string().trim().max(max, ADVISORY_MESSAGES.tooLong(max));

/** CVE ids as an editor types them: one a line, or separated by commas or spaces. */
const cveList = z
  .string()
  .optional()
  .default("")
  .transform((value) => [...new Set(value.split(/[\s,;]+/).filter(Boolean))].map((id) => id.toUpperCase()))
  .pipe(z.array(z.string().regex(CVE_ID, ADVISORY_MESSAGES.cveFormat)).max(50, ADVISORY_MESSAGES.cveFormat));

const affectedProduct = z.object({
  productId: z.string().trim().min(1).max(64),
  affectedVersions: z
    .string(ADVISORY_MESSAGES.rangeFormat)
    .trim()
    .regex(VERSION_RANGE, ADVISORY_MESSAGES.rangeFormat)
    .max(200, ADVISORY_MESSAGES.rangeFormat),
  fixedReleaseId: z.string().trim().max(64).optional(),
});

/** The advisory form: the browser's comfort and the server's check (vectors are scored by the server). */
export function advisorySchema(mode: "new" | "edit") {
  return z
    .object({
      trackingId: z
        .string(ADVISORY_MESSAGES.idFormat)
        .trim()
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(ADVISORY_ID, ADVISORY_MESSAGES.idFormat).max(40, ADVISORY_MESSAGES.idFormat)),
      title: z.string(ADVISORY_MESSAGES.titleRequired).trim().min(1, ADVISORY_MESSAGES.titleRequired).max(200),
      summary: z
        .string(ADVISORY_MESSAGES.summaryRequired)
        .trim()
        .min(1, ADVISORY_MESSAGES.summaryRequired)
        .max(2000, ADVISORY_MESSAGES.tooLong(2000)),
      details: text(20_000).optional().default(""),
      cveIds: cveList,
      cvssV31: text(200).optional().default(""),
      cvssV40: text(200).optional().default(""),
      workaround: text(5000).optional().default(""),
      acknowledgments: text(2000).optional().default(""),
      advisoryStatus: z.enum(ADVISORY_STATUSES),
      products: z
        .array(affectedProduct, ADVISORY_MESSAGES.productsRequired)
        .min(1, ADVISORY_MESSAGES.productsRequired)
        .max(100),
      /** What changed: the note of the revision the save publishes. */
      revisionNote: text(500).optional().default(""),
      version: mode === "edit" ? openedVersion : openedVersion.optional(),
    })
    .refine((value) => value.cvssV31 !== "" || value.cvssV40 !== "", {
      message: ADVISORY_MESSAGES.scoreRequired,
      path: ["cvssV31"],
    });
}

export type AdvisoryFormValue = z.infer<ReturnType<typeof advisorySchema>>;
