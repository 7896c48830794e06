import { LANGUAGE_SEGMENT, SOURCE_LANGUAGE, languageBase, type SiteLanguage } from "#app/domain/languages";

/** The language a request's page is in, and the prefix its addresses have. */
export interface PageLanguage {
  language: SiteLanguage | null;
  /** `/de` for German; empty for English, whose pages have no prefix. */
  basename: string;
}

const ENGLISH: PageLanguage = { language: null, basename: "" };

/** The first segment of `pathname` when it has the shape of a language's prefix, else null. */
export function languageSegmentOf(pathname: string): string | null {
  const end = pathname.indexOf("/", 1);
  const segment = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  return LANGUAGE_SEGMENT.test(segment) ? segment : null;
}

/** `pathname` without the prefix of a language, when it has one: `/de/catalog` → `/catalog`, `/de` → `/`. */
export function withoutLanguagePrefix(pathname: string): string {
  const segment = languageSegmentOf(pathname);
  return segment === null ? pathname : pathname.slice(segment.length + 1) || "/";
}

/**
 * The language of a request for `pathname`: one of the site's `languages` when the path starts with
 * its prefix, else English, whose addresses have none (a path under a prefix of no language of the
 * site is then not found, as any unknown path). Every route answers under every prefix, so that every
 * link of a page in another language leads somewhere: the public pages are in that language, and the
 * rest (sign-in, the dashboard, feeds) as they are until they have one too.
 */
export function pageLanguageOf(pathname: string, languages: readonly SiteLanguage[]): PageLanguage {
  const segment = languageSegmentOf(pathname);
  if (segment === null || languages.length === 0) return ENGLISH;
  const language = languages.find(({ tag }) => tag !== SOURCE_LANGUAGE && languageBase(tag) === `/${segment}`);
  return language ? { language, basename: languageBase(language.tag) } : ENGLISH;
}
