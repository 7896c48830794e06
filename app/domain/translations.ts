// A record's texts in the site's other languages (decision 094): kept in the record, field by field,
// each translation with a digest of the source text it was made from; shown along the reader's chain,
// field by field, with the language each shown text is in.

import { SOURCE_LANGUAGE } from "./languages";

/** One field's text in one language, and the digest of the source text it translates. */
export interface FieldTranslation {
  text: string;
  /** The first 16 hex digits of the SHA-256 of the source text when the translation was made or confirmed. */
  source: string;
}

/** A record's translations: by language tag, by field. An empty object: none. */
export type RecordTranslations = Record<string, Record<string, FieldTranslation>>;

/**
 * Missing: no text in the language. Current: made from the source text as it is now. Outdated: the
 * source text changed since.
 */
export type TranslationState = "missing" | "current" | "outdated";

export const TRANSLATION_STATE_LABELS: Record<TranslationState, string> = {
  missing: "Missing",
  current: "Current",
  outdated: "Outdated",
};

/** One translatable field of a kind of record, as the dashboard names it. */
export interface TranslatableField<Field extends string = string> {
  field: Field;
  label: string;
  /** The most characters its source may hold: a translation may hold as many. */
  maxLength: number;
  /** Written on several lines (a description) rather than one (a name). */
  multiline: boolean;
}

/** A field's translation into `language`, if it has one with text. */
export function translationOf(
  translations: RecordTranslations | null | undefined,
  language: string,
  field: string,
): FieldTranslation | undefined {
  const translation = translations?.[language]?.[field];
  return translation && translation.text.trim() !== "" ? translation : undefined;
}

/** Whether a field's translation is missing, current or outdated against the digest of its source now. */
export function translationState(translation: FieldTranslation | undefined, sourceDigest: string): TranslationState {
  if (!translation) return "missing";
  return translation.source === sourceDigest ? "current" : "outdated";
}

/** A text as a reader is shown it, with the language it is in. */
export interface ShownText {
  text: string;
  language: string;
}

/**
 * What a reader whose languages are `languages` (their chain with each tag's shorter forms, as the
 * messages walk it) reads of a field whose source text is `source`: the first translation along them,
 * else the source. An outdated translation is still shown: the team decides when it is wrong. A field
 * with no source text has nothing to translate.
 */
export function translatedText(
  source: string,
  field: string,
  translations: RecordTranslations | null | undefined,
  languages: readonly string[],
): ShownText {
  if (source.trim() === "" || !translations) return { text: source, language: SOURCE_LANGUAGE };
  for (const language of languages) {
    if (language === SOURCE_LANGUAGE) break;
    const translation = translationOf(translations, language, field);
    if (translation) return { text: translation.text, language };
  }
  return { text: source, language: SOURCE_LANGUAGE };
}

/**
 * The languages of `translations` with at least one field, as the change of a record's revision names
 * them: what History lists as "Name (Deutsch)".
 */
export function translatedLanguages(translations: RecordTranslations | null | undefined): string[] {
  return Object.keys(translations ?? {})
    .filter((language) => Object.values(translations?.[language] ?? {}).some((entry) => entry.text.trim() !== ""))
    .sort();
}
