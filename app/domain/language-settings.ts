import { SOURCE_LANGUAGE, type SiteLanguage } from "./languages";

// The site's languages as the owner writes them in the settings (decision 086): checked, given their
// fallback chains, named and given their direction. Apart from ./languages.ts, which every page's
// script may hold, so that none holds this.

/** The most languages besides English a site can have. */
export const MOST_LANGUAGES = 20;

/**
 * A language tag the site accepts: a language of two or three letters, optionally its script and its
 * region, nothing else (no variants or extensions), so that its prefix is short and never a page's name.
 */
const ACCEPTED_TAG = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/;

/** The tag's canonical form (`de-ch` → `de-CH`), or null when it is no tag the site accepts. */
export function canonicalLanguageTag(text: string): string | null {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(text.trim());
  } catch {
    return null;
  }
  return canonical !== undefined && ACCEPTED_TAG.test(canonical) ? canonical : null;
}

/** Languages written from right to left, by their language subtag (scripts aside, as the site accepts them). */
const RIGHT_TO_LEFT = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "ks", "ps", "sd", "ug", "ur", "yi"]);

export function textDirection(tag: string): "ltr" | "rtl" {
  const [language = "", script] = tag.split("-");
  if (script === "Arab" || script === "Hebr" || script === "Thaa" || script === "Syrc") return "rtl";
  if (script === "Latn" || script === "Cyrl") return "ltr";
  return RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}

/** The language's name in itself, as a sentence of it says it: "Deutsch", "français", "日本語". */
export function languageNameInText(tag: string): string {
  return new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
}

/** The language's name in itself, as its readers look for it in a list: "Deutsch", "Français". */
export function languageName(tag: string): string {
  const name = languageNameInText(tag);
  // Names of languages are lower case in some of them ("français"): a list shows them as a title.
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/** The chain a language falls back along when none is given: its shorter tags the site has, then English. */
function impliedFallback(tag: string, tags: ReadonlySet<string>): string[] {
  const parts = tag.split("-");
  const shorter: string[] = [];
  for (let length = parts.length - 1; length >= 1; length -= 1) {
    const candidate = parts.slice(0, length).join("-");
    if (tags.has(candidate)) shorter.push(candidate);
  }
  return [...shorter, SOURCE_LANGUAGE];
}

/** What separates the languages of a line: "de-CH > de", or with an arrow. */
const CHAIN_SEPARATOR = /\s*(?:>|→)\s*/;

/**
 * The languages the settings' text lists, one a line: a tag, then, optionally, the languages its
 * texts fall back to before English (`de-CH > de-AT > de`); without them, its shorter tags the site
 * has (`de-CH` falls back to `de` when the site has it), then English. An error says what is wrong
 * with the first line that is.
 */
export function parseLanguageLines(text: string): { languages: SiteLanguage[] } | { error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length > MOST_LANGUAGES) return { error: `At most ${MOST_LANGUAGES} languages besides English` };
  const chains: string[][] = [];
  for (const line of lines) {
    const chain: string[] = [];
    for (const written of line.split(CHAIN_SEPARATOR)) {
      const tag = canonicalLanguageTag(written);
      if (!tag) {
        return {
          error: `“${written}” is not a language tag the site takes: a language, then optionally a script and a region, such as de, pt-BR or zh-Hant`,
        };
      }
      chain.push(tag);
    }
    chains.push(chain);
  }
  const tags = new Set<string>();
  for (const [tag] of chains) {
    if (tag === undefined) continue;
    if (tag === SOURCE_LANGUAGE) return { error: "English is the site's own language: list only the others" };
    if (tags.has(tag)) return { error: `${tag} is listed twice` };
    tags.add(tag);
  }
  const languages: SiteLanguage[] = [];
  for (const [tag, ...written] of chains) {
    if (tag === undefined) continue;
    const fallback = written.at(-1) === SOURCE_LANGUAGE ? written.slice(0, -1) : written;
    for (const [at, other] of fallback.entries()) {
      if (other === tag) return { error: `${tag} cannot fall back to itself` };
      if (fallback.indexOf(other) !== at) return { error: `${tag} falls back to ${other} twice` };
      if (!tags.has(other)) {
        return {
          error:
            other === SOURCE_LANGUAGE
              ? `${tag}: English comes last, after every other language`
              : `${tag} falls back to ${other}, which is not one of the site's languages`,
        };
      }
    }
    languages.push({
      tag,
      fallback: written.length > 0 ? [...fallback, SOURCE_LANGUAGE] : impliedFallback(tag, tags),
    });
  }
  return { languages };
}

/** The settings' text for `languages`: each on its line with the chain it falls back along, English left out. */
export function languageLines(languages: readonly SiteLanguage[]): string {
  return languages
    .map(({ tag, fallback }) => [tag, ...fallback.filter((other) => other !== SOURCE_LANGUAGE)].join(" > "))
    .join("\n");
}

/** The languages stored as `value` (JSON), those that still make sense; none for a value never saved or broken. */
export function storedLanguages(value: string | undefined): SiteLanguage[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines = parsed
    .filter(
      (item): item is SiteLanguage =>
        typeof item === "object" &&
        item !== null &&
        typeof item.tag === "string" &&
        Array.isArray(item.fallback) &&
        item.fallback.every((other: unknown) => typeof other === "string"),
    )
    .map(({ tag, fallback }) => [tag, ...fallback].join(" > "));
  const result = parseLanguageLines(lines.join("\n"));
  return "languages" in result ? result.languages : [];
}
