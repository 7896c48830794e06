import { languageName, languageNameInText, textDirection } from "#app/domain/language-settings";
import { aroundValue, formatMessage, languagePart, messageChain, shellMessages } from "./messages.server";
import {
  SOURCE_LANGUAGE,
  languageBase,
  type LanguageAttributes,
  type LanguagePart,
  type OfferedLanguage,
  type SiteLanguage,
} from "#app/domain/languages";

/** Made once for each language and its chain: `Intl.DisplayNames` and the messages are built for each. */
const offers = new Map<string, OfferedLanguage>();

function offered(tag: string, chain: readonly string[]): OfferedLanguage {
  const id = chain.join(" ");
  let offer = offers.get(id);
  if (!offer) {
    const { before, after, language } = aroundValue("languageNotice.offer", chain, "language");
    offer = {
      tag,
      name: languageName(tag),
      base: languageBase(tag),
      notice: {
        language,
        before,
        named: languageNameInText(tag),
        after,
        decline: formatMessage("languageNotice.decline", chain).text,
        label: formatMessage("languageNotice.label", chain).text,
      },
    };
    offers.set(id, offer);
  }
  return offer;
}

/** The attributes of an element whose text is in `language` inside a page in `pageLanguage`: none when the same. */
export function languageAttributes(language: string, pageLanguage: string): LanguageAttributes | undefined {
  return language === pageLanguage ? undefined : { lang: language, dir: textDirection(language) };
}

/**
 * A page's own words (`part`, see `partMessages`) with the language they are in, and the attributes
 * of its content where that is not theirs: content is English until it is translated (decision 087).
 */
export function pageWords<Part extends string>(
  part: Part,
  chain: readonly string[],
  values?: Record<string, string | number>,
): LanguagePart<Part> & { content: LanguageAttributes | undefined } {
  const words = languagePart(part, chain, values);
  return { ...words, content: languageAttributes(SOURCE_LANGUAGE, words.lang) };
}

/**
 * What the root hands every page of its language (decision 086): the page's language and direction,
 * the shell's messages (its header, menu, search box and footer) in the first language of the page's
 * chain that has them all, with the language they are in when that is not the page's (decision 087),
 * the language of what the page's content says when that is not the page's, the error page's words,
 * and the site's languages
 * for the switcher (none when English is the only one).
 */
export function pageLanguages(language: SiteLanguage | undefined, languages: readonly SiteLanguage[]) {
  const tag = language?.tag ?? SOURCE_LANGUAGE;
  const chain = messageChain(language);
  const shell = shellMessages(chain);
  return {
    language: tag,
    /** The prefix of the page's addresses: its canonical address has it (app/domain/seo.ts). */
    base: languageBase(tag),
    direction: textDirection(tag),
    messages: shell.text,
    messagesLanguage: languageAttributes(shell.language, tag),
    // Content has no texts in other languages yet: what a page's content says in another language is
    // English, marked so for screen readers to read it as English, and set left to right as English is
    // (in a right-to-left page a sentence's full stop would come first).
    contentLanguage: languageAttributes(SOURCE_LANGUAGE, tag),
    /**
     * The error page's words, should the page fail or not be there, marked with their language always:
     * the page is shown inside the content, which may be marked as another.
     */
    errorPage: languagePart("error", chain),
    languages:
      languages.length === 0
        ? []
        : [
            offered(SOURCE_LANGUAGE, [SOURCE_LANGUAGE]),
            ...languages.map((other) => offered(other.tag, [other.tag, ...other.fallback])),
          ],
  };
}
