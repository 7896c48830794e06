import { languageName, languageNameInText, textDirection } from "#app/domain/language-settings";
import {
  aroundValue,
  formatMessage,
  languagePart,
  languageWithAll,
  messageChain,
  messageLanguages,
  shellMessages,
} from "./messages.server";
import { MAX_COMPARED, type CompareBarWords } from "#app/domain/compare";
import type { MessageKey } from "#app/messages/en";
import type { DownloadItem } from "#app/components/downloads-list";
import type { CatalogProduct, DownloadEntry } from "#app/domain/catalog-views";
import type { CardReaders } from "../site/catalog-state.server";
import { PRODUCT_TRANSLATABLE_FIELDS } from "#app/domain/forms/product";
import { translatedText, type RecordTranslations } from "#app/domain/translations";
import { formatFileSize, isoToday } from "#app/domain/format";
import { lifecycleMoment, type LifecycleFields } from "#app/domain/lifecycle";
import { dayView } from "./days.server";
import { ENGLISH_SPEC_VALUE_WORDS, type SpecValueWords } from "#app/domain/spec-attributes";
import type { ReadMoreWords } from "#app/domain/news";
import type { FirmwareReleaseView, FirmwareReleaseWords, ListedFirmwareRelease } from "#app/domain/firmware";
import {
  SOURCE_LANGUAGE,
  languageBase,
  type LanguageAttributes,
  type LanguagePart,
  type OfferedLanguage,
  type PageWords,
  VALUE_MARK,
  type SiteLanguage,
  aroundMark,
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
 * The texts of a record's `fields` as a reader of `chain` reads them (decision 094): each in the first
 * language of the chain it is translated into, else English; with the `lang` and `dir` of each whose
 * language is not `partLanguage`, the language of the part of the page it stands in.
 */
export function translatedFields<Field extends string>(
  record: Record<Field, string | null>,
  fields: readonly Field[],
  translations: RecordTranslations | null | undefined,
  chain: readonly string[],
  partLanguage: string,
): { texts: Record<Field, string | null>; marks: Record<Field, LanguageAttributes | undefined> } {
  const languages = messageLanguages(chain);
  const texts = {} as Record<Field, string | null>;
  const marks = {} as Record<Field, LanguageAttributes | undefined>;
  for (const field of fields) {
    const source = record[field];
    const shown = translatedText(source ?? "", field, translations, languages);
    texts[field] = source === null ? null : shown.text;
    marks[field] = languageAttributes(shown.language, partLanguage);
  }
  return { texts, marks };
}

/** A product's translatable texts as a reader of `chain` reads them, in a part in `partLanguage`. */
export function translatedProductTexts(
  product: Pick<CatalogProduct, "name" | "description" | "specs" | "translations">,
  chain: readonly string[],
  partLanguage: string,
) {
  const { texts, marks } = translatedFields(
    product,
    PRODUCT_TRANSLATABLE_FIELDS.map(({ field }) => field),
    product.translations,
    chain,
    partLanguage,
  );
  return { texts: { name: texts.name ?? "", description: texts.description ?? "", specs: texts.specs }, marks };
}

/**
 * A page's own words (`part`, see `partMessages`) with the language they are in, and the attributes
 * of its content where that is not theirs: content is English until it is translated (decision 087).
 */
export function pageWords<Part extends string>(
  part: Part,
  chain: readonly string[],
  values?: Record<string, string | number>,
): PageWords<Part> {
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

/**
 * The words of a list of products (`listing.*`): how many it holds (`total`) and how many
 * discontinued products its filters would add, and a category's name in its description, formatted;
 * the names a sort order, a card or a filter's span puts into them marked for the page (`withValue`).
 */
export function listingWords(
  chain: readonly string[],
  { total = 0, discontinued = 0, category = "" }: { total?: number; discontinued?: number; category?: string } = {},
): PageWords<"listing"> {
  return pageWords("listing", chain, {
    total,
    discontinued,
    category,
    name: VALUE_MARK,
    model: VALUE_MARK,
    span: VALUE_MARK,
  });
}

/** Made once for each chain: the same for every page. */
const compareBars = new Map<string, CompareBarWords>();

/** The words of the bar under a list of products that compares those ticked, for `chain`. */
export function compareBarWords(chain: readonly string[]): CompareBarWords {
  const id = chain.join(" ");
  let words = compareBars.get(id);
  if (!words) {
    const { text, lang, dir } = languagePart("compareBar", chain, { max: MAX_COMPARED, count: 0 });
    // The visitor ticks and unticks: the words for each count, formatted here.
    const byCount = (key: MessageKey) =>
      Array.from(
        { length: MAX_COMPARED + 1 },
        (_, count) => formatMessage(key, [lang], { count, max: MAX_COMPARED }).text,
      );
    words = {
      lang,
      dir,
      selected: text.selected,
      tick: text.tick,
      clear: text.clear,
      count: byCount("compareBar.count"),
      chosen: byCount("compareBar.chosen"),
    };
    compareBars.set(id, words);
  }
  return words;
}

/** The words of a list of downloads (`downloadList.*`): a size's number marked where it goes. */
export function downloadListWords(chain: readonly string[]): LanguagePart<"downloadList"> {
  return languagePart("downloadList", chain, { size: VALUE_MARK });
}

/** Downloads as a list shows them (`DownloadItem`): each file's size in `words`, made here. */
export function listedDownloads(
  downloads: readonly DownloadEntry[],
  words: LanguagePart<"downloadList">,
): DownloadItem[] {
  return downloads.map(({ id, description, file }) => ({
    id,
    description,
    file: { url: file.url, name: file.name },
    size: formatFileSize(file.size, words.text),
  }));
}

/** The words of a news item's "Read more" (`newsItem.*`) for `chain`, split where its title goes. */
export function readMoreWords(chain: readonly string[]): ReadMoreWords {
  const { text, lang, dir } = languagePart("newsItem", chain, { title: VALUE_MARK });
  return { lang, dir, readMore: text.readMore, about: aroundMark(text.about) };
}

/** Made once for each chain: the same for every page. */
const firmwareReleaseWordsByChain = new Map<string, FirmwareReleaseWords>();

/** The words of a firmware release's entry (`firmwareRelease.*`) for `chain`, split where each value goes. */
export function firmwareReleaseWords(chain: readonly string[]): FirmwareReleaseWords {
  const id = chain.join(" ");
  let words = firmwareReleaseWordsByChain.get(id);
  if (!words) {
    const { text, lang, dir } = languagePart("firmwareRelease", chain, {
      version: VALUE_MARK,
      day: VALUE_MARK,
      products: VALUE_MARK,
      advisories: VALUE_MARK,
      file: VALUE_MARK,
      checksum: VALUE_MARK,
      format: VALUE_MARK,
    });
    words = {
      lang,
      dir,
      content: languageAttributes(SOURCE_LANGUAGE, lang),
      channels: { stable: text.stable, beta: text.beta },
      heading: aroundMark(text.heading),
      released: aroundMark(text.released),
      forProducts: aroundMark(text.forProducts),
      fixes: aroundMark(text.fixes),
      separator: text.separator,
      download: aroundMark(text.download),
      checksum: aroundMark(text.checksum),
      sbom: text.sbom,
      sbomOf: aroundMark(text.sbomOf),
      sbomFormat: aroundMark(text.sbomFormat),
    };
    firmwareReleaseWordsByChain.set(id, words);
  }
  return words;
}

/** A release as a page in `language` lists it: its day and its file's size (in `sizes`) written here. */
export function listedRelease(
  release: FirmwareReleaseView,
  language: string | undefined,
  sizes: LanguagePart<"downloadList">,
): ListedFirmwareRelease {
  return {
    ...release,
    released: dayView(release.releasedOn, language),
    size: formatFileSize(release.file.size, sizes.text),
  };
}

/** Which of its support days a retiring product's lifecycle says: the select of `productStatus.*`. */
function supportCase({ firmwareUntil, repairsUntil }: LifecycleFields): "both" | "firmware" | "repairs" | "none" {
  return firmwareUntil && repairsUntil ? "both" : firmwareUntil ? "firmware" : repairsUntil ? "repairs" : "none";
}

/** A day as `language` writes it; "" for none. */
function dayIn(language: string): (iso: string | null) => string {
  return (iso) => (iso ? dayView(iso, language).text : "");
}

/**
 * What a product's page states of it (`productStatus.*`) in `language`, the language of the page's
 * words: its NDAA statements and, when it is no longer sold as usual and the day of that is said, its
 * notice, `VALUE_MARK` where the links to its replacements go ("" for none); days written as the
 * language writes them.
 */
export function productStatusWords(
  lifecycle: LifecycleFields & { replacements: readonly unknown[] },
  language: string,
  today: string = isoToday(),
) {
  const chain = [language];
  const said = (key: MessageKey, values?: Record<string, string>) => formatMessage(key, chain, values).text;
  const day = dayIn(language);
  const found = lifecycleMoment(lifecycle, today);
  const notice = found
    ? said("productStatus.notice", {
        stage: found.moment,
        day: day(found.day),
        replaced: lifecycle.replacements.length ? "yes" : "no",
        replacements: VALUE_MARK,
        support: supportCase(lifecycle),
        firmware: day(lifecycle.firmwareUntil),
        repairs: day(lifecycle.repairsUntil),
      })
    : "";
  return {
    notice,
    separator: said("productStatus.separator"),
    ndaaYes: said("productStatus.ndaaYes"),
    ndaaNo: said("productStatus.ndaaNo"),
  };
}

/** Made once for each language: the same for every page. */
const specValueWordsByLanguage = new Map<string, SpecValueWords | null>();

/**
 * How a page whose words are in `language` writes typed values (`specValue.*`): its numbers ("2,8–12 mm"
 * in German), a negative range's words, Yes and No, right-to-left runs. None when `language`'s catalog
 * lacks them: the values are then written in English and marked as the content is, never in one
 * language inside words of another (decision 087).
 */
export function valueWordsIn(language: string): SpecValueWords | undefined {
  let words = specValueWordsByLanguage.get(language);
  if (words === undefined) {
    const { text, lang, dir } = languagePart("specValue", [language], { from: VALUE_MARK, to: VALUE_MARK });
    const [before = "", between = "", after = ""] = text.range.split(VALUE_MARK);
    words =
      lang === language
        ? {
            locale: lang === SOURCE_LANGUAGE ? ENGLISH_SPEC_VALUE_WORDS.locale : lang,
            range: [before, between, after],
            rightToLeft: dir === "rtl",
            yes: text.yes,
            no: text.no,
          }
        : null;
    specValueWordsByLanguage.set(language, words);
  }
  return words ?? undefined;
}

/**
 * How a list's cards whose words are in `language` write their key values (`ProductsAsked.values`):
 * none in English, whose cards the catalog holds written.
 */
export function cardValueWords(language: string): SpecValueWords | undefined {
  return language === SOURCE_LANGUAGE ? undefined : valueWordsIn(language);
}

/**
 * Who reads a list's cards (`ProductsAsked.readers`): a reader of `chain`, the list's words in
 * `listLanguage`. None on an English page, whose cards are as the catalog holds them.
 */
export function cardReaders(chain: readonly string[], listLanguage: string): CardReaders | undefined {
  return chain[0] === SOURCE_LANGUAGE ? undefined : { languages: messageLanguages(chain), listLanguage };
}

/**
 * A lifecycle in one line (`productStatus.line`) as a page whose words are in `language` writes it, as
 * of `today`, with its days as the language writes them and the models of the products that replace
 * it; none when `language`'s catalog lacks its words (the line is then English: `lifecycleLine`).
 */
export function lifecycleWording(
  language: string,
  today: string = isoToday(),
): ((lifecycle: LifecycleFields, replacementModels: readonly string[]) => string) | undefined {
  const keys = ["productStatus.line", "productStatus.separator"] as const;
  if (languageWithAll(keys, [language]) !== language) return undefined;
  const day = dayIn(language);
  const separator = formatMessage("productStatus.separator", [language]).text;
  return (lifecycle, replacementModels) => {
    const found = lifecycleMoment(lifecycle, today);
    const retiring = lifecycle.stage !== "active";
    const undated = lifecycle.stage === "discontinued" ? "discontinuedUndated" : "endOfSaleUndated";
    return formatMessage("productStatus.line", [language], {
      stage: found ? found.moment : retiring ? undated : "active",
      day: found ? day(found.day) : "",
      ended: lifecycle.stage === "discontinued" && lifecycle.endOfSaleOn ? "yes" : "no",
      endOfSale: day(lifecycle.endOfSaleOn),
      replaced: replacementModels.length ? "yes" : "no",
      replacements: replacementModels.join(separator),
      support: retiring ? supportCase(lifecycle) : "none",
      firmware: day(lifecycle.firmwareUntil),
      repairs: day(lifecycle.repairsUntil),
    }).text;
  };
}
