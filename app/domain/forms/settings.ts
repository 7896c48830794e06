import { z } from "zod";
import { parseLanguageLines } from "../language-settings";
import { MOST_FOOTER_NOTE_LENGTH, MOST_PAGE_LENGTH } from "../site-pages";

const text = (message: string, max = 120) =>
  z.string(message).trim().min(1, message).max(max, `At most ${max} characters`);
const webAddress = z
  .string("A web address starting with https://")
  .trim()
  .max(500, "At most 500 characters")
  .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), "A web address starting with https://");

/** The most characters of the vulnerability disclosure policy. */
export const MOST_POLICY_LENGTH = 20_000;

/** The site settings form (beyond the original): the same schema checks the browser and the server. */
export const settingsSchema = z.object({
  companyName: text("Company name required", 80),
  contactEmail: z.email("A valid e-mail address").trim().max(200, "At most 200 characters"),
  socialLinks: z.array(z.object({ label: text("Label required", 40), url: webAddress })).length(2, "Two social links"),
  copyrightHolder: text("Copyright holder required"),
  // Left empty, the footer says nothing after the copyright line.
  footerNote: z
    .string()
    .trim()
    .max(MOST_FOOTER_NOTE_LENGTH, `At most ${MOST_FOOTER_NOTE_LENGTH} characters`)
    .optional()
    .default(""),
  aboutPage: z
    .string("About text required")
    .trim()
    .min(1, "About text required")
    .max(MOST_PAGE_LENGTH, `At most ${MOST_PAGE_LENGTH.toLocaleString("en-US")} characters`),
  privacyPolicy: z
    .string("Privacy policy required")
    .trim()
    .min(1, "Privacy policy required")
    .max(MOST_PAGE_LENGTH, `At most ${MOST_PAGE_LENGTH.toLocaleString("en-US")} characters`),
  securityEmail: z.email("A valid e-mail address").trim().max(200, "At most 200 characters"),
  disclosurePolicy: z
    .string("Disclosure policy required")
    .trim()
    .min(1, "Disclosure policy required")
    .max(MOST_POLICY_LENGTH, `At most ${MOST_POLICY_LENGTH.toLocaleString("en-US")} characters`),
  // One language a line, with the chain it falls back along (app/domain/languages.ts); empty: English alone.
  languages: z
    .string()
    .max(2_000, "At most 2,000 characters")
    .optional()
    .default("")
    .transform((text, context) => {
      const parsed = parseLanguageLines(text);
      if ("languages" in parsed) return parsed.languages;
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
});

export type SettingsInput = z.infer<typeof settingsSchema>;
