import { z } from "zod";
import { ALT_TEXT_TOO_LONG, MAX_ALT_TEXT_LENGTH, normalizeAltText } from "#app/domain/alt-text";

/** An optional image description: an empty field arrives as undefined and is stored as "". */
export const altTextField = z
  .string()
  .optional()
  .transform((text) => normalizeAltText(text))
  .refine((text) => text.length <= MAX_ALT_TEXT_LENGTH, ALT_TEXT_TOO_LONG);
