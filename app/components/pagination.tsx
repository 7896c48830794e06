import { useLocation } from "react-router";
import { Link } from "./links";

/** A list's page and its links' words, in the page's language (`paginationView` on the server). */
export interface PaginationView {
  page: number;
  pageCount: number;
  /** The navigation's name, for screen readers. */
  label: string;
  previous: string;
  next: string;
  /** "Page 2 of 5". */
  current: string;
  lang: string;
  dir: "ltr" | "rtl";
}

/** Previous / next links that keep every other query parameter (the filters) as they are. */
export function Pagination({ page, pageCount, label, previous, next, current, lang, dir }: PaginationView) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const linkClass =
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
  return (
    <nav aria-label={label} lang={lang} dir={dir} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          {previous}
        </Link>
      ) : null}
      <p className="text-sm text-slate-600" aria-current="page">
        {current}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          {next}
        </Link>
      ) : null}
    </nav>
  );
}

/** The search parameter a list's page number travels in. */
export const PAGE_PARAM = "page";

/** Past any list's last page, and small enough that page × size stays a number the database takes. */
const LAST_PAGE_ASKED = 1_000_000;

/** The page number a `?page=` parameter asks for: a whole number from 1 (at most LAST_PAGE_ASKED), else 1. */
export function requestedPage(url: URL): number {
  const value = Number(url.searchParams.get(PAGE_PARAM));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, LAST_PAGE_ASKED) : 1;
}
