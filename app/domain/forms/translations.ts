import { z } from "zod";
import type { TranslatableField } from "#app/domain/translations";
import { openedVersion } from "./version";

/**
 * A record's translations into one language, as its translation form sends them: each field's text
 * (empty: no translation) and, for each field, whether the editor says its unchanged translation is
 * still right for the source as it is now. The same schema checks in the browser and on the server.
 */
export function translationsSchema(fields: readonly TranslatableField[]) {
  return z.object({
    version: openedVersion,
    text: z
      .object(
        Object.fromEntries(
          fields.map((field) => [
            field.field,
            z
              .string()
              .trim()
              .max(field.maxLength, `At most ${field.maxLength.toLocaleString("en")} characters`)
              .default(""),
          ]),
        ),
      )
      .default({}),
    stillRight: z
      .object(Object.fromEntries(fields.map((field) => [field.field, z.boolean().default(false)])))
      .default({}),
  });
}

export type TranslationsFormValue = z.infer<ReturnType<typeof translationsSchema>>;
