import { useLayoutEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { Link } from "./links";
import type { ImageView } from "#app/domain/catalog-views";
import { searchPageUrl, searchPreviewUrl } from "#app/domain/search";
import type { loader as searchLoader } from "#app/routes/search";
import { useCombobox, type Fetched } from "./use-combobox";
import { Highlighted } from "./highlighted";
import { ResponsiveImage } from "./responsive-image";
import { SEARCH_FIELD_CLASS, SEARCH_FORM_PROPS } from "./search-field";
import type { ShellMessages } from "#app/messages/en";
import { catalogCategoryPath, catalogProductPath } from "#app/domain/paths";

interface SearchOption {
  key: string;
  href: string;
  label: string;
  detail: string;
  image?: Pick<ImageView, "fileId" | "url" | "width" | "height">;
}

type SearchPreview = Fetched<typeof searchLoader>;

/** Categories first, then products: the order the list shows them and the arrow keys go through them. */
function searchOptions(results: SearchPreview): SearchOption[] {
  return [
    ...results.categories.map((category) => ({
      key: `category-${category.id}`,
      href: catalogCategoryPath(category),
      label: category.name,
      detail: category.description,
    })),
    ...results.products.map((product) => ({
      key: `product-${product.id}`,
      href: catalogProductPath(product),
      label: product.model,
      // What it is says more in a line than the start of its description.
      detail: product.name || product.description,
      image: product.image,
    })),
  ];
}

export interface SearchComboboxProps {
  /** The id of the plain field this replaces; its text and focus carry over, so no keystroke is lost. */
  inputId: string;
  /** The shell's words, in the page's language. */
  messages: ShellMessages;
}

/**
 * The header's search box once its script has loaded (see SearchBox): typing asks the server
 * (debounced) for the top matches and lists them under the field; arrow keys move through them, Enter
 * opens the highlighted one or, with none highlighted, the full results page; Escape, a click elsewhere
 * or leaving the box closes the list.
 */
export function SearchCombobox({ inputId, messages }: SearchComboboxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = inputId;

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
  const combobox = useCombobox<typeof searchLoader, SearchOption>({
    id,
    urlFor: searchPreviewUrl,
    optionsOf: searchOptions,
    keyOf: (option) => option.key,
    onPick: (option) => void navigate(option.href),
    // The list belongs to the page it was opened on: any navigation closes it.
    scope: location.key,
    initialQuery: handOver.query,
  });
  const { data: results, expanded, options, loadNow } = combobox;

  useLayoutEffect(() => {
    const field = input.current;
    if (handOver.focused && field) {
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    }
    // Typing paused while the script loaded: ask at once for what was typed meanwhile.
    const term = handOver.query.trim();
    if (term) loadNow(term);
  }, [handOver, loadNow]);

  // The dropdown's data (the loader's preview) has its line in the header's language.
  const resultLine = expanded && results && "summary" in results ? results.summary.text : "";
  const matched = results?.matched ?? [];
  const categoryCount = results?.categories.length ?? 0;
  const productCount = results?.products.length ?? 0;

  function renderOption(option: SearchOption, index: number) {
    const selected = index === combobox.activeIndex;
    return (
      <div
        key={option.key}
        {...combobox.optionProps(index)}
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
          <span className="block truncate text-sm font-semibold text-slate-900">
            <Highlighted text={option.label} matched={matched} />
          </span>
          {option.detail ? (
            <span className="block truncate text-xs text-slate-600">
              <Highlighted text={option.detail} matched={matched} />
            </span>
          ) : null}
        </span>
      </div>
    );
  }

  return (
    <Form {...SEARCH_FORM_PROPS} aria-label={messages.searchRegion} onSubmit={combobox.dismiss}>
      <div {...combobox.containerProps}>
        <label htmlFor={inputId} className="sr-only">
          {messages.searchLabel}
        </label>
        <input
          ref={input}
          {...combobox.inputProps}
          type="search"
          name="q"
          placeholder={messages.searchPlaceholder}
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
                {messages.seeAllResults}
              </Link>
            ) : null}
          </div>
          <div id={combobox.listboxId} role="listbox" aria-label={messages.searchResults} aria-busy={combobox.loading}>
            {categoryCount > 0 ? (
              <div role="group" aria-labelledby={`${id}-categories`} className="border-t border-slate-100">
                <div id={`${id}-categories`} className="px-3 pt-2 text-xs font-semibold uppercase text-slate-600">
                  {messages.categories}
                </div>
                {options.slice(0, categoryCount).map((option, index) => renderOption(option, index))}
              </div>
            ) : null}
            {productCount > 0 ? (
              <div role="group" aria-labelledby={`${id}-products`} className="border-t border-slate-100">
                <div id={`${id}-products`} className="px-3 pt-2 text-xs font-semibold uppercase text-slate-600">
                  {messages.products}
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
