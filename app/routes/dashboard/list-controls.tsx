import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { INPUT_CLASS } from "#app/components/forms";
import { Pagination, requestedPage, type PaginationView } from "#app/components/pagination";
import { Button } from "#app/components/ui";
import { countNoun, formatCount } from "#app/domain/format";
import type { Paged } from "#app/domain/paging";

/** The search parameter a dashboard list's search travels in. */
export const LIST_SEARCH_PARAM = "q";

/** What a dashboard list's loader reads from its URL: the search and the page number. */
export function listRequest(url: URL): { search: string; page: number } {
  return { search: url.searchParams.get(LIST_SEARCH_PARAM)?.trim() ?? "", page: requestedPage(url) };
}

/**
 * A dashboard list that may be longer than a page: a search (a GET form, so the URL can be kept and
 * it works before the scripts load), how many match and which of them are shown, the page's rows
 * and the links to the pages before and after. Each search starts at its first page.
 */
export function PagedList<Item>({
  paged,
  pagination,
  search,
  searchLabel,
  noun,
  empty,
  keep = {},
  children,
}: {
  paged: Paged<Item>;
  /** Its links to the pages before and after, in their words (`paginationView`). */
  pagination: PaginationView;
  search: string;
  /** The search field's label: what it searches in. */
  searchLabel: string;
  /** What the list holds, one of it ("product"). */
  noun: string;
  /** What an empty list says when nothing was searched for. */
  empty: ReactNode;
  /** The list's other parameters (a filter), kept by a new search. */
  keep?: Record<string, string>;
  children: (items: Item[]) => ReactNode;
}) {
  const fieldId = useId();
  const { items, total, page } = paged;
  if (total === 0 && !search) return <>{empty}</>;
  const first = (page - 1) * paged.pageSize + 1;
  return (
    <div className="space-y-4">
      <Form method="get" role="search" aria-label={`Search ${noun}s`} className="flex items-end gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
            {searchLabel}
          </label>
          {/* A new search or Back to an older one: the field shows what the list shows. */}
          <input
            key={search}
            id={fieldId}
            type="search"
            name={LIST_SEARCH_PARAM}
            defaultValue={search}
            autoComplete="off"
            className={INPUT_CLASS}
          />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      <p className="text-sm text-slate-600" role="status">
        {listRange({ first, shown: items.length, total, noun, search })}
      </p>
      {items.length ? children(items) : null}
      <Pagination {...pagination} />
    </div>
  );
}

function listRange({
  first,
  shown,
  total,
  noun,
  search,
}: {
  first: number;
  shown: number;
  total: number;
  noun: string;
  search: string;
}): string {
  const matching = search ? ` matching “${search}”` : "";
  if (total === 0) return `No ${noun}s${matching}.`;
  const counted = `${countNoun(total, noun)}${matching}`;
  if (shown === total) return `${counted}.`;
  return `${formatCount(first)}–${formatCount(first + shown - 1)} of ${counted}.`;
}
