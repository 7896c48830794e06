import { SOURCE_LANGUAGE } from "#app/domain/languages";
import type { DayView } from "#app/domain/format";

/** Each language's formatter of days, made once. */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `iso`'s day as a reader of `language` writes it ("12 Mar 2026", "12. März 2026", "2026年3月12日"),
 * made on the server (decision 087): a browser's locale data may differ from the server's by a
 * letter, and a page's script then has none of it to carry. English writes the day first, as the
 * site always has. In UTC: a day without a time, the same everywhere.
 */
export function dayView(iso: string, language: string = SOURCE_LANGUAGE): DayView {
  let format = formats.get(language);
  if (!format) {
    const locale = language === SOURCE_LANGUAGE ? "en-GB" : language;
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    formats.set(language, format);
  }
  return { iso, text: format.format(new Date(iso)), lang: language };
}

/** `items` each with its day (`datedOn`) as a reader of `language` writes it. */
export function withDays<Item extends { datedOn: string }>(
  items: readonly Item[],
  language: string | undefined,
): (Item & { day: DayView })[] {
  return items.map((item) => ({ ...item, day: dayView(item.datedOn, language) }));
}
