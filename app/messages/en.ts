/**
 * The interface's messages in English, the language every one is written in first (decision 086): ICU
 * MessageFormat, each other catalog (./catalogs.ts) a translation of these keys, any it lacks taken
 * from the next language of the reader's chain.
 */
export const en = {
  /** The notice offering the page in the visitor's language: `language` is that language's name in it. */
  "languageNotice.offer": "This page is also in {language}",
  "languageNotice.decline": "No thanks",
  /** What the notice is called, for screen readers. */
  "languageNotice.label": "Language suggestion",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Partial<Record<MessageKey, string>>;
