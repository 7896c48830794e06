import { languageName, textDirection } from "#app/domain/language-settings";
import { SOURCE_LANGUAGE, languageBase, type OfferedLanguage, type SiteLanguage } from "#app/domain/languages";

/** Names made once a tag: `Intl.DisplayNames` is built for each. */
const names = new Map<string, string>();

function offered(tag: string): OfferedLanguage {
  let name = names.get(tag);
  if (name === undefined) names.set(tag, (name = languageName(tag)));
  return { tag, name, base: languageBase(tag) };
}

/**
 * What the root hands every page of its language (decision 086): the page's language and direction,
 * the language its texts are in when that is not the page's, and the site's languages for the
 * switcher (none when English is the only one).
 */
export function pageLanguages(language: SiteLanguage | undefined, languages: readonly SiteLanguage[]) {
  const tag = language?.tag ?? SOURCE_LANGUAGE;
  return {
    language: tag,
    /** The prefix of the page's addresses: its canonical address has it (app/domain/seo.ts). */
    base: languageBase(tag),
    direction: textDirection(tag),
    // The interface and the content have no texts in other languages yet: what a page in another
    // language shows is English, marked so for screen readers to read it as English, and set left to
    // right as English is (in a right-to-left page a sentence's full stop would come first).
    text: tag === SOURCE_LANGUAGE ? undefined : { lang: SOURCE_LANGUAGE, dir: "ltr" as const },
    languages: languages.length === 0 ? [] : [SOURCE_LANGUAGE, ...languages.map((other) => other.tag)].map(offered),
  };
}
