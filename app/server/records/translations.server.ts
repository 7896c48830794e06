import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { languageName } from "#app/domain/language-settings";
import {
  translatedLanguages,
  translationOf,
  translationState,
  type RecordTranslations,
  type TranslatableField,
  type TranslationState,
} from "#app/domain/translations";

// What the records' translations share (decision 094): the digest a translation keeps of its source
// text, as the server makes it and as SQL makes it for the lists' "Needs <language>" filters.

/** The digest of a source text a translation keeps: the first 16 hex digits of its SHA-256. */
export function sourceDigest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

/** `sourceDigest` of a text column, in SQL. */
function digestInSql(column: SQL): SQL {
  return sql`substr(encode(sha256(convert_to(${column}, 'UTF8')), 'hex'), 1, 16)`;
}

/**
 * Whether a record of a table with a `translations` column needs `language`: one of its fields has a
 * source text and no translation into it, or one made from another text (outdated).
 */
export function needsTranslation(
  translations: AnyPgColumn,
  fields: readonly { field: string; column: AnyPgColumn }[],
  language: string,
): SQL {
  const conditions = fields.map(({ field, column }) => {
    const source = sql`coalesce(${column}, '')`;
    const translation = sql`${translations} -> ${language} -> ${field}`;
    return sql`(btrim(${source}) <> '' and (coalesce(btrim(${translation} ->> 'text'), '') = ''
      or ${translation} ->> 'source' is distinct from ${digestInSql(source)}))`;
  });
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * Each field's state in `language`, against its source text now; null for a field with no source
 * text, which has nothing to translate.
 */
export function translationStates<Field extends string>(
  fields: readonly TranslatableField<Field>[],
  sources: Record<Field, string>,
  translations: RecordTranslations,
  language: string,
): Record<Field, TranslationState | null> {
  const states = {} as Record<Field, TranslationState | null>;
  for (const { field } of fields) {
    const source = sources[field];
    states[field] =
      source.trim() === ""
        ? null
        : translationState(translationOf(translations, language, field), sourceDigest(source));
  }
  return states;
}

/**
 * The translations of a record with one language's fields set as an editor saved them: an empty text
 * drops the field's translation; a new or changed text, or one the editor says is still right, is
 * taken as made from the source text now; an unchanged one keeps the source it was made from.
 */
export function withLanguageSaved<Field extends string>(
  translations: RecordTranslations,
  language: string,
  fields: readonly TranslatableField<Field>[],
  sources: Record<Field, string>,
  texts: Partial<Record<Field, string>>,
  stillRight: readonly string[],
): RecordTranslations {
  const before = translations[language] ?? {};
  const own = new Map(Object.entries(before));
  for (const { field } of fields) {
    const text = texts[field]?.trim() ?? "";
    const earlier = before[field];
    if (text === "") own.delete(field);
    else if (!earlier || earlier.text !== text || stillRight.includes(field)) {
      own.set(field, { text, source: sourceDigest(sources[field]) });
    }
  }
  const others = Object.entries(translations).filter(([tag]) => tag !== language);
  return Object.fromEntries(own.size ? [...others, [language, Object.fromEntries(own)]] : others);
}

/**
 * A record's translations as History lists them, after its own fields: each field of each language
 * with text, named "Name (Deutsch)".
 */
export function translationLines(
  fields: readonly TranslatableField[],
  translations: RecordTranslations,
): [label: string, value: string][] {
  return translatedLanguages(translations).flatMap((language) =>
    fields.flatMap(({ field, label }) => {
      const translation = translationOf(translations, language, field);
      return translation ? [[`${label} (${languageName(language)})`, translation.text] as [string, string]] : [];
    }),
  );
}
