import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { MESSAGES } from "#app/domain/messages";
import { SEARCH_DEBOUNCE_MS, searchPageUrl, searchPreviewUrl } from "#app/domain/search";
import type { loader as searchLoader } from "#app/routes/search";
import { ResponsiveImage, type ImageSource } from "./responsive-image";
import { SEARCH_FIELD_CLASS, SEARCH_FIELD_LABEL } from "./search-field";

interface SearchOption {
  key: string;
  href: string;
  label: string;
  detail: string;
  image?: ImageSource;
}

export interface SearchComboboxProps {
  /** The id of the plain field this replaces; its text and focus carry over, so no keystroke is lost. */
  inputId: string;
}

/**
 * The header's search box once its script has loaded (see SearchBox): typing asks the server
 * (debounced) for the top matches and lists them under the field; arrow keys move through them, Enter
 * opens the highlighted one or, with none highlighted, the full results page; Escape, a click elsewhere
 * or leaving the box closes the list.
 */
export function SearchCombobox({ inputId }: SearchComboboxProps) {
  const fetcher = useFetcher<typeof searchLoader>();
  const navigate = useNavigate();
  const location = useLocation();
  const id = inputId;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const container = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastRequested = useRef("");

  // This renders while the plain field is still on screen, and commits in the same task: what was
  // typed into it until now is all there is.
  const [handOver] = useState(() => {
    const plainField = document.getElementById(inputId);
    return {
      query: plainField instanceof HTMLInputElement ? plainField.value : "",
      focused: plainField !== null && plainField === document.activeElement,
    };
  });
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(handOver.query);
  // The list belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(handOver.query.trim() ? location.key : null);
  // A highlight belongs to the results it was made in; new results start without one.
  const [active, setActive] = useState<{ index: number; results: unknown } | null>(null);

  const results = fetcher.data ?? null;
  const options: SearchOption[] = results
    ? [
        ...results.categories.map((category) => ({
          key: `category-${category.id}`,
          href: `/catalog/categories/${category.id}`,
          label: category.name,
          detail: category.description,
        })),
        ...results.products.map((product) => ({
          key: `product-${product.id}`,
          href: `/catalog/products/${product.id}`,
          label: product.model,
          detail: product.description,
          image: product.image,
        })),
      ]
    : [];
  const expanded = openOn === location.key && query.trim() !== "" && results !== null;
  const activeIndex = expanded && active && active.results === results ? active.index : -1;

  useEffect(() => () => clearTimeout(timer.current), []);

  const loadResults = fetcher.load;
  useLayoutEffect(() => {
    const field = input.current;
    if (handOver.focused && field) {
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    }
    // Typing paused while the script loaded: ask at once for what was typed meanwhile.
    const term = handOver.query.trim();
    if (!term) return;
    lastRequested.current = term;
    void loadResults(searchPreviewUrl(term));
  }, [handOver, loadResults]);

  useEffect(() => {
    if (!expanded) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [expanded]);

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function close() {
    setOpenOn(null);
    setActive(null);
  }

  function onChange(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    const term = value.trim();
    if (!term) {
      // Empty input clears the results (SPEC §5), including an answer still on its way.
      lastRequested.current = "";
      fetcher.reset();
      close();
      return;
    }
    setOpenOn(location.key);
    if (term === lastRequested.current) return;
    timer.current = setTimeout(() => {
      lastRequested.current = term;
      void fetcher.load(searchPreviewUrl(term));
    }, SEARCH_DEBOUNCE_MS);
  }

  function open(option: SearchOption) {
    clearTimeout(timer.current);
    close();
    void navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0 || !query.trim()) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        const from = expanded ? activeIndex : -1;
        const next = down ? (from + 1) % count : from <= 0 ? count - 1 : from - 1;
        setOpenOn(location.key);
        setActive({ index: next, results });
        return;
      }
      case "Enter": {
        const option = options[activeIndex];
        if (!option) return; // The form submits: the full results page.
        event.preventDefault();
        open(option);
        return;
      }
      case "Escape":
        if (!expanded) return; // A second Escape clears the field, as search fields do.
        event.preventDefault();
        close();
        return;
    }
  }

  const resultLine = results && expanded ? MESSAGES.searchResults(results.total) : "";
  const categoryCount = results?.categories.length ?? 0;
  const productCount = results?.products.length ?? 0;

  function renderOption(option: SearchOption, index: number) {
    const selected = index === activeIndex;
    return (
      <div
        key={option.key}
        id={optionId(index)}
        role="option"
        aria-selected={selected}
        tabIndex={-1}
        // Keeps focus in the field, so pressing an option does not close the list before the click.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => open(option)}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            open(option);
          }
        }}
        onPointerMove={() => {
          if (!selected) setActive({ index, results });
        }}
        className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${selected ? "bg-brand-50" : ""}`}
      >
        {option.image ? (
          // The option is named by its text; a description read inside every option would drown it.
          <ResponsiveImage
            image={option.image}
            alt=""
            sizes="48px"
            className="h-9 w-12 shrink-0 rounded bg-slate-100 object-cover"
          />
        ) : null}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{option.label}</span>
          {option.detail ? <span className="block truncate text-xs text-slate-600">{option.detail}</span> : null}
        </span>
      </div>
    );
  }

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Site"
      className="relative"
      onSubmit={() => {
        clearTimeout(timer.current);
        close();
      }}
    >
      <div
        ref={container}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) close();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {SEARCH_FIELD_LABEL}
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          name="q"
          placeholder="Search"
          autoComplete="off"
          value={query}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (query.trim() && results) setOpenOn(location.key);
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          className={SEARCH_FIELD_CLASS}
        />
        {/* A live region, but not role="status": the page's own status messages keep that role to themselves. */}
        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {resultLine}
        </p>
        <div
          hidden={!expanded}
          className="fixed inset-x-2 top-16 z-50 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white pb-1 text-slate-900 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-[28rem]"
        >
          {/* Also what keeps the scrolling list reachable from the keyboard (Tab), as axe asks. */}
          <div className="sticky top-0 flex items-baseline justify-between gap-3 border-b border-slate-100 bg-white px-3 py-2 text-sm">
            <p aria-hidden="true" data-testid="search-summary" className="font-medium text-slate-700">
              {resultLine}
            </p>
            {results && results.total > 0 ? (
              <Link to={searchPageUrl(results.q)} className="shrink-0 font-semibold text-brand-700 hover:underline">
                See all results
              </Link>
            ) : null}
          </div>
          <div id={listboxId} role="listbox" aria-label="Search results" aria-busy={fetcher.state === "loading"}>
            {categoryCount > 0 ? (
              <div role="group" aria-labelledby={`${id}-categories`} className="border-t border-slate-100">
                <div id={`${id}-categories`} className="px-3 pt-2 text-xs font-semibold uppercase text-slate-600">
                  Categories
                </div>
                {options.slice(0, categoryCount).map((option, index) => renderOption(option, index))}
              </div>
            ) : null}
            {productCount > 0 ? (
              <div role="group" aria-labelledby={`${id}-products`} className="border-t border-slate-100">
                <div id={`${id}-products`} className="px-3 pt-2 text-xs font-semibold uppercase text-slate-600">
                  Products
                </div>
                {options
                  .slice(categoryCount, categoryCount + productCount)
                  .map((option, index) => renderOption(option, categoryCount + index))}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </Form>
  );
}
