import { IntlMessageFormat } from "intl-messageformat";
import { SOURCE_LANGUAGE } from "#app/domain/languages";
import { MESSAGE_CATALOGS } from "#app/messages/catalogs";
import type { MessageKey } from "#app/messages/en";

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
  const marker = "\u0000";
  const { text, language } = formatMessage(key, chain, { [name]: marker });
  const [before = "", after = ""] = text.split(marker);
  return { before, after, language };
}
