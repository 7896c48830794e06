import { useEffect, useRef, type FormEvent } from "react";
import { Form, useLocation, useNavigationType, useSubmit } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "#app/domain/search";
import {
  SUPPORT_CATEGORY_PARAM,
  SUPPORT_KIND_PARAM,
  SUPPORT_QUERY_PARAM,
  supportSearchParams,
  supportUrl,
} from "#app/domain/support";
import type { LanguageAttributes, LanguagePart } from "#app/domain/languages";
import { Button } from "./ui";

/** How a search of this form's was made, kept in its history entry. */
type SearchMove = "typed" | "chosen" | "submitted";

interface SupportHistoryState {
  supportSearch?: SearchMove;
}

function searchMoveOf(state: unknown): SearchMove | undefined {
  return typeof state === "object" && state !== null ? (state as SupportHistoryState).supportSearch : undefined;
}

const FIELD_CLASS =
  "block h-10 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600";

/**
 * /support's search: a GET form, so it works without JavaScript and its URL can be shared. With
 * JavaScript it searches as you type (debounced, as the header's box does) and as soon as a category
 * or a type is chosen, as the catalog's filters do. The fields are the visitor's own while they type: only a
 * page this form did not make (Back, Forward, a link) puts the URL's values back into them.
 */
export function SupportSearchForm({
  query,
  categoryId,
  categories,
  kind,
  kinds,
  words: { text: words, lang, dir },
  content,
}: {
  query: string;
  categoryId: string;
  categories: readonly { id: string; name: string }[];
  /** The chosen kind of download ("" for every kind) and the kinds to choose from. */
  kind: string;
  kinds: readonly { value: string; label: string }[];
  words: LanguagePart<"supportSearch">;
  /** The attributes of what the catalog's records say (the categories' names). */
  content: LanguageAttributes | undefined;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const navigationType = useNavigationType();
  const text = useRef<HTMLInputElement>(null);
  const category = useRef<HTMLSelectElement>(null);
  const kindField = useRef<HTMLSelectElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read by a debounced search after later renders: the entry it may replace is the newest one.
  const entry = useRef({ url: `${location.pathname}${location.search}`, move: searchMoveOf(location.state) });
  // The page last asked for, even while it loads: typing back to it asks for nothing.
  const requested = useRef(`${location.pathname}${location.search}`);
  const shownFor = useRef(location.key);

  const madeHere = navigationType !== "POP" && searchMoveOf(location.state) !== undefined;
  useEffect(() => {
    entry.current = { url: `${location.pathname}${location.search}`, move: searchMoveOf(location.state) };
    // The first render shows the URL already (and keeps what was typed before the script ran).
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (madeHere) return;
    clearTimeout(timer.current);
    requested.current = `${location.pathname}${location.search}`;
    if (text.current) text.current.value = query;
    if (category.current) category.current.value = categoryId;
    if (kindField.current) kindField.current.value = kind;
  }, [location, madeHere, query, categoryId, kind]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(move: SearchMove) {
    clearTimeout(timer.current);
    const fields = {
      query: text.current?.value.trim(),
      categoryId: category.current?.value,
      kind: kindField.current?.value,
    };
    const target = supportUrl(fields);
    if (move !== "submitted" && target === requested.current) return;
    requested.current = target;
    void submit(supportSearchParams(fields), {
      method: "get",
      action: "/support",
      preventScrollReset: true,
      // Typing on replaces the entry its first letters made: Back leaves the search, not one letter.
      // Searching again for what is shown refreshes it without a second entry.
      replace: (move === "typed" && entry.current.move === "typed") || target === entry.current.url,
      state: { supportSearch: move } satisfies SupportHistoryState,
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search("submitted");
  }

  return (
    <Form
      method="get"
      action="/support"
      role="search"
      aria-label={words.region}
      lang={lang}
      dir={dir}
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor="support-search-text" className="block text-sm font-medium text-slate-700">
          {words.label}
        </label>
        <input
          ref={text}
          id="support-search-text"
          type="search"
          name={SUPPORT_QUERY_PARAM}
          defaultValue={query}
          placeholder={words.placeholder}
          autoComplete="off"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search("typed"), SEARCH_DEBOUNCE_MS);
          }}
          className={FIELD_CLASS}
        />
      </div>
      {/* On a phone the two choices share a line: the first files stay in the first screen. */}
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <div className="min-w-0 space-y-1 sm:w-48">
          <label htmlFor="support-search-category" className="block text-sm font-medium text-slate-700">
            {words.category}
          </label>
          <select
            ref={category}
            id="support-search-category"
            name={SUPPORT_CATEGORY_PARAM}
            defaultValue={categoryId}
            onChange={() => search("chosen")}
            className={FIELD_CLASS}
          >
            <option value="">{words.allCategories}</option>
            {categories.map((item) => (
              <option key={item.id} value={item.id} {...content}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 space-y-1 sm:w-48">
          <label htmlFor="support-search-kind" className="block text-sm font-medium text-slate-700">
            {words.type}
          </label>
          <select
            ref={kindField}
            id="support-search-kind"
            name={SUPPORT_KIND_PARAM}
            defaultValue={kind}
            onChange={() => search("chosen")}
            className={FIELD_CLASS}
          >
            <option value="">{words.allTypes}</option>
            {kinds.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" className="h-10">
        {words.submit}
      </Button>
    </Form>
  );
}
