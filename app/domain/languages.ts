// The languages the site is published in (decision 086): English, the language every text is written
// in first, at addresses without a prefix; each other language at its own prefix (`/de/…`), falling
// back along its chain, language by language, to English.

import type { PartMessages } from "#app/messages/en";

/** The site's own language: every text is written in it first, and every chain ends with it. */
export const SOURCE_LANGUAGE = "en";

/** A language the site is published in besides English, and the languages its texts fall back to, in order. */
export interface SiteLanguage {
  /** A BCP 47 tag in its canonical form: `de`, `de-CH`, `pt-BR`, `zh-Hant`. */
  tag: string;
  /** The languages whose text is shown where this one has none, in order: the last is always English. */
  fallback: string[];
}

/** An element's `lang` and `dir`, where its text is in another language than the page around it. */
export interface LanguageAttributes {
  lang: string;
  dir: "ltr" | "rtl";
}

/** The messages of one part of a page, with the language they are in. */
export interface LanguagePart<Part extends string> extends LanguageAttributes {
  text: PartMessages<Part>;
}

/** A part's messages as a page's data carries them, with the attributes its content needs (English until translated). */
export interface PageWords<Part extends string> extends LanguagePart<Part> {
  content: LanguageAttributes | undefined;
}

/**
 * Where a value goes that the page puts into its words itself (a model, a link, a count the visitor
 * changes): the words are formatted on the server with it in the value's place (decision 086: no
 * page's script formats a message).
 */
export const VALUE_MARK = "\u0000";

/** `words` with `value` where `VALUE_MARK` stands. */
export function withValue(words: string, value: string): string {
  return words.replace(VALUE_MARK, value);
}

/** The words before and after where `VALUE_MARK` stands, for an element in between. */
export function aroundMark(words: string): [before: string, after: string] {
  const [before = "", after = ""] = words.split(VALUE_MARK);
  return [before, after];
}

/** A language a page can be read in, as the language switcher and the notice offer it. */
export interface OfferedLanguage {
  tag: string;
  /** Its name in itself, as a list shows it. */
  name: string;
  /** The prefix of its pages: "" for English. */
  base: string;
  /** The notice offering a page in it, in it where its messages allow (else along its chain). */
  notice: {
    /** The language the notice's words are in. */
    language: string;
    /** The offer's words before and after the language's name, as a sentence of it says it. */
    before: string;
    named: string;
    after: string;
    decline: string;
    label: string;
  };
}

/** What the first segment of a path is when it names a language: the prefix of a language's pages. */
export const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|[0-9]{3}))?$/;

/** The prefix of a language's pages: `/de-ch` for `de-CH`; none for English. */
export function languageBase(tag: string): string {
  return tag === SOURCE_LANGUAGE ? "" : `/${tag.toLowerCase()}`;
}

/** The first segments of the pages every language has ("" for the home page); what an editor links to is shown in the page's language. */
const PAGES_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  "",
  "catalog",
  "news",
  "about",
  "contact",
  "privacy",
  "accessibility",
  "support",
  "search",
  "compare",
]);

/**
 * An editor's link as a page under `base` shows it: a page of the site that every language has, at
 * the language's prefix (`/catalog` → `/de/catalog`); a file, a feed, another site or English's
 * pages (`base` empty) as written.
 */
export function localizedLink(link: string, base: string): string {
  if (base === "" || !link.startsWith("/") || link.startsWith("//")) return link;
  const path = link.split(/[?#]/, 1)[0] ?? "";
  const segments = path.split("/");
  const last = segments.at(-1) ?? "";
  return PAGES_IN_EVERY_LANGUAGE.has(segments[1] ?? "") && !last.includes(".") ? base + link : link;
}

/** Items with an editor's link each (home page items, news), their links as a page under `base` shows them. */
export function withLocalizedLinks<Item extends { link: string | null }>(items: readonly Item[], base: string): Item[] {
  return items.map((item) => (base && item.link ? { ...item, link: localizedLink(item.link, base) } : item));
}
