import { VALUE_MARK, withValue } from "./languages";

/** A day as the page shows it: its date, its text in the reader's language, and that language. */
export interface DayView {
  iso: string;
  text: string;
  lang: string;
}

/** The words of a file's size in a language, `VALUE_MARK` where its number goes (`downloadList.*`). */
export interface FileSizeWords {
  bytes: string;
  kilobytes: string;
  megabytes: string;
  tooBig: string;
}

/** English's, for the dashboard (English only): the public pages' come with their data. */
const ENGLISH_FILE_SIZE: FileSizeWords = {
  bytes: `${VALUE_MARK} bytes`,
  kilobytes: `${VALUE_MARK} KB`,
  megabytes: `${VALUE_MARK} MB`,
  tooBig: "WAY TOO BIG!",
};

/** requirements §5: how a file's size reads on screen, in `words`' language. */
export function formatFileSize(bytes: number, words: FileSizeWords = ENGLISH_FILE_SIZE): string {
  if (bytes < 1_000) return withValue(words.bytes, String(bytes));
  if (bytes < 1_000_000) return withValue(words.kilobytes, String(Math.floor(bytes / 1_000)));
  if (bytes < 1_000_000_000) return withValue(words.megabytes, String(Math.floor(bytes / 1_000_000)));
  return words.tooBig;
}

/**
 * An Intl formatter made on its first use. Making one loads locale data: tens of milliseconds of a
 * phone's main thread while a page's scripts start, and most pages never sort or show a date there.
 */
function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const naturalCollator = madeOnFirstUse(() => new Intl.Collator("en", { numeric: true, sensitivity: "base" }));
const caseInsensitiveCollator = madeOnFirstUse(() => new Intl.Collator("en", { sensitivity: "base" }));

/** Locale-aware numeric order: "2.8mm" before "12mm", "4MP" before "12MP". */
export function naturalCompare(a: string, b: string): number {
  return naturalCollator().compare(a, b);
}

/** Name order that ignores letter case, as category and product lists use. */
export function compareIgnoringCase(a: string, b: string): number {
  return caseInsensitiveCollator().compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export function sortNaturallyBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => naturalCompare(key(a), key(b)));
}

export function sortIgnoringCaseBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareIgnoringCase(key(a), key(b)));
}

/** "1 product" / "3 products" / "10,000 products". */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** A count as English text writes it: "10,000". */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

const dateFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
);

/**
 * "12 Mar 2026": a day without a time, read the same everywhere. UTC, so the server's render and the
 * browser's hydration agree whatever either's time zone.
 */
export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** Today as an ISO day, in UTC as the site's dates are. */
export function isoToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
