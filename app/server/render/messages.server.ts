import { IntlMessageFormat } from "intl-messageformat";
import { aroundMark, SOURCE_LANGUAGE, VALUE_MARK } from "#app/domain/languages";
import { MESSAGE_CATALOGS } from "#app/messages/catalogs";
import { en, type MessageKey, type PartMessages, type ShellMessages } from "#app/messages/en";
import type { LanguagePart, SiteLanguage } from "#app/domain/languages";
import { textDirection } from "#app/domain/language-settings";
import type { PaginationView } from "#app/components/pagination";
import type { FieldMessages } from "#app/domain/forms/contact";

/**
 * The languages whose messages a reader of `chain` (a language, then those it falls back to) is
 * given, in order: each with its shorter tags (`de-CH`, then `de`), English last.
 */
export function messageLanguages(chain: readonly string[]): string[] {
  const languages: string[] = [];
  for (const tag of [...chain, SOURCE_LANGUAGE]) {
    const parts = tag.split("-");
    for (let length = parts.length; length >= 1; length -= 1) {
      const candidate = parts.slice(0, length).join("-");
      if (!languages.includes(candidate)) languages.push(candidate);
    }
  }
  return languages;
}

/** Each message compiled once, by language and key. */
const compiled = new Map<string, IntlMessageFormat>();

/**
 * `key`'s message in the first language of `chain` that has it, formatted on the server with `values`
 * (decision 086: no page's script formats a message), and the language it is in, for its `lang`.
 */
export function formatMessage(
  key: MessageKey,
  chain: readonly string[],
  values?: Record<string, string | number>,
): { text: string; language: string } {
  for (const language of messageLanguages(chain)) {
    const source = MESSAGE_CATALOGS[language]?.[key];
    if (source === undefined) continue;
    const id = `${language} ${key}`;
    let format = compiled.get(id);
    if (!format) compiled.set(id, (format = new IntlMessageFormat(source, language)));
    return { text: String(format.format(values)), language };
  }
  // English has every key (app/messages/en.ts): only a key no catalog has gets here.
  throw new Error(`No message "${key}" in any language`);
}

/** Where a value stands in a formatted message: the text before it and after it, for an element in between. */
export function aroundValue(
  key: MessageKey,
  chain: readonly string[],
  name: string,
): { before: string; after: string; language: string } {
  const { text, language } = formatMessage(key, chain, { [name]: VALUE_MARK });
  const [before, after] = aroundMark(text);
  return { before, after, language };
}

/** The first language of `chain` whose catalog has every one of `keys` (English has all). */
export function languageWithAll(keys: readonly MessageKey[], chain: readonly string[]): string {
  return (
    messageLanguages(chain).find((candidate) =>
      keys.every((key) => MESSAGE_CATALOGS[candidate]?.[key] !== undefined),
    ) ?? SOURCE_LANGUAGE
  );
}

/** What a reader of a page in `language` (English when undefined) reads: it, then its fallbacks. */
export function messageChain(language: SiteLanguage | undefined): string[] {
  return language ? [language.tag, ...language.fallback] : [SOURCE_LANGUAGE];
}

/**
 * The messages of `keys`, all in one language: the first of the reader's chain whose catalog has every
 * one of them (English has all). A part of a page is in one language, so its `lang` says the truth
 * for all its words; a catalog that lacks one of them gives way whole (decision 087).
 */
export function messageSet<Key extends MessageKey>(
  keys: readonly Key[],
  chain: readonly string[],
  values?: Record<string, string | number>,
): { language: string; text: Record<Key, string> } {
  const language = languageWithAll(keys, chain);
  const text = {} as Record<Key, string>;
  for (const key of keys) text[key] = formatMessage(key, [language], values).text;
  return { language, text };
}

/**
 * Each part's language for each chain and its messages that take no values, formatted once (they are
 * the same until the server is built again); those that take values are formatted for each page.
 */
const parts = new Map<string, { language: string; fixed: Record<string, string>; taking: MessageKey[] }>();

/**
 * Whether a message takes values: in ICU MessageFormat a brace not quoted opens an argument. A quoted
 * one would only make its message formatted for each page, as if it took values.
 */
const takesValues = (key: MessageKey) => en[key].includes("{");

/** `part`'s language for `chain` and its messages that take no values, made once. */
function partOf(part: string, chain: readonly string[]) {
  const id = `${part} ${chain.join(" ")}`;
  let made = parts.get(id);
  if (!made) {
    const keys = (Object.keys(en) as MessageKey[]).filter((key) => key.startsWith(`${part}.`));
    const language = languageWithAll(keys, chain);
    const fixed: Record<string, string> = {};
    for (const key of keys)
      if (!takesValues(key)) fixed[key.slice(part.length + 1)] = formatMessage(key, [language]).text;
    made = { language, fixed, taking: keys.filter(takesValues) };
    parts.set(id, made);
  }
  return made;
}

/** The language `part`'s words are in for a reader of `chain` (see `partMessages`), none formatted. */
export function partLanguage(part: string, chain: readonly string[]): string {
  return partOf(part, chain).language;
}

/**
 * The messages of `part` (those whose keys start `part.`) for `chain`, by their names within it, all
 * in one language (see `messageSet`), formatted with `values` where they take any.
 */
export function partMessages<Part extends string>(
  part: Part,
  chain: readonly string[],
  values?: Record<string, string | number>,
): { language: string; text: PartMessages<Part> } {
  const { language, fixed, taking } = partOf(part, chain);
  if (taking.length === 0) return { language, text: fixed as PartMessages<Part> };
  const text = { ...fixed };
  for (const key of taking) text[key.slice(part.length + 1)] = formatMessage(key, [language], values).text;
  return { language, text: text as PartMessages<Part> };
}

/** `partMessages` with the `lang` and `dir` its words are marked with (`LanguagePart`). */
export function languagePart<Part extends string>(
  part: Part,
  chain: readonly string[],
  values?: Record<string, string | number>,
): LanguagePart<Part> {
  const { language, text } = partMessages(part, chain, values);
  return { text, lang: language, dir: textDirection(language) };
}

/** What every page shows around its content (its header, menu, search box and footer), for `chain`. */
export function shellMessages(chain: readonly string[]): { language: string; text: ShellMessages } {
  return partMessages("shell", chain);
}

/** Each language's field messages, made once. */
const fieldMessagesByLanguage = new Map<string, FieldMessages>();

/**
 * What the visitor forms' server says of a refused field (app/domain/forms/contact.ts) in `language`,
 * the language of the page's words the form goes back to; a message its catalog lacks in English.
 */
export function fieldMessages(language: string): FieldMessages {
  let messages = fieldMessagesByLanguage.get(language);
  if (!messages) {
    const chain = [language];
    const text = (key: MessageKey) => formatMessage(key, chain).text;
    messages = {
      nameRequired: text("contactForm.nameRequired"),
      emailInvalid: text("contactForm.emailInvalid"),
      messageRequired: text("contactForm.messageRequired"),
      messageTooShort: text("contactForm.messageTooShort"),
      tooLong: (max) => formatMessage("contactForm.tooLong", chain, { max }).text,
    };
    fieldMessagesByLanguage.set(language, messages);
  }
  return messages;
}

/** The dashboard's readers' chain: its pages are in English, whatever prefix they are asked for under. */
export const DASHBOARD_LANGUAGES: readonly string[] = [SOURCE_LANGUAGE];

/**
 * A list's page of its pages as its links to the pages before and after say it, for `chain`:
 * in one language, marked with it (a list sits in content that may be marked as another).
 */
export function paginationView(
  { page, pageCount }: { page: number; pageCount: number },
  chain: readonly string[],
): PaginationView {
  const { text, lang, dir } = languagePart("pagination", chain, { page, pageCount });
  return { page, pageCount, ...text, lang, dir };
}
