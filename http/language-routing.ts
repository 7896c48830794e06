import type { ServerBuild } from "react-router";
import { LANGUAGE_SEGMENT, SOURCE_LANGUAGE, languageBase, type SiteLanguage } from "#app/domain/languages";
import { createRouteMatcher } from "./route-matcher";

/**
 * The routes whose pages exist in every language of the site, at its prefix (decision 086): the public
 * site's pages, and its "not found" page. Not the feeds, the sitemap, files, sign-in or the dashboard,
 * which have one address each.
 */
export const ROUTES_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  "root",
  "routes/home",
  "routes/about",
  "routes/news",
  "routes/contact",
  "routes/privacy",
  "routes/accessibility",
  "routes/support",
  "routes/support-firmware",
  "routes/support-lifecycle",
  "routes/vulnerability-disclosure",
  "routes/support-security",
  "routes/support-advisory",
  "routes/catalog",
  "routes/catalog-all",
  "routes/catalog-category",
  "routes/catalog-selector",
  "routes/product",
  "routes/search",
  "routes/compare",
  "routes/not-found",
]);

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
 * Tells, for a path, the language of its page: one of the site's `languages` when the path starts with
 * its prefix and names a page that exists in every language; otherwise English, with no prefix (a path
 * under another prefix, or a page with one address, is then not found, as any unknown path).
 */
export function pageLanguageOf(
  build: ServerBuild,
): (pathname: string, languages: readonly SiteLanguage[]) => PageLanguage {
  const routeIdsOf = createRouteMatcher(build);
  return (pathname, languages) => {
    const segment = languageSegmentOf(pathname);
    if (segment === null || languages.length === 0) return ENGLISH;
    const language = languages.find(({ tag }) => tag !== SOURCE_LANGUAGE && languageBase(tag) === `/${segment}`);
    if (!language) return ENGLISH;
    const rest = pathname.slice(segment.length + 1) || "/";
    // Route data (`/de/catalog.data`) and the root's (`/de/_root.data`) are asked for at the page's address.
    const page = rest === "/_root.data" ? "/" : rest.replace(/\.data$/, "");
    const ids = routeIdsOf(page);
    if (!ids || ids.some((id) => !ROUTES_IN_EVERY_LANGUAGE.has(id))) return ENGLISH;
    return { language, basename: languageBase(language.tag) };
  };
}
