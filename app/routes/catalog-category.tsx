import { data, Form, redirect, useSubmit } from "react-router";
import { Link } from "#app/components/links";
import { PAGE_PARAM, requestedPage, Pagination } from "#app/components/pagination";
import { ProductGrid } from "#app/components/product-grid";
import { ListingSortSelect } from "#app/components/listing-sort";
import { Button } from "#app/components/ui";
import { CATALOG_SORTS, featureGroupsOf, listingSortOf, SORT_PARAM } from "#app/domain/catalog-views";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import { pageTitle } from "#app/domain/site";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/catalog-category";
import { catalogCategoryPath, PRODUCT_SELECTOR } from "#app/domain/paths";
import { specFiltersOf, specSortOf, specSortValue, specView } from "#app/domain/spec-filters";
import { SpecFilterFields } from "#app/components/spec-filter-fields";
import { FilterBox } from "#app/components/filter-controls";
import { IncludeDiscontinued } from "#app/components/include-discontinued";
import { DISCONTINUED_INCLUDED, DISCONTINUED_PARAM } from "#app/domain/lifecycle-stages";
import { messageChain, partLanguage, paginationView } from "#app/server/render/messages.server";
import {
  cardReaders,
  cardValueWords,
  compareBarWords,
  listingWords,
  valueWordsIn,
} from "#app/server/render/page-languages.server";

/** The search parameter each checked feature filter travels in. */
const FEATURE_PARAM = "feature";

export const handle: PageHandle = {
  live: ["products", "categories", "attributes"],
  cache: { query: [FEATURE_PARAM, PAGE_PARAM, SORT_PARAM, DISCONTINUED_PARAM], byRecord: true },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Not Found") }];
  const { category } = loaderData;
  return seoMeta({
    ...seoContext(matches),
    title: category.name,
    description: category.description || loaderData.words.text.categoryDescription,
    path: loaderData.path,
  });
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  // The product selector has this page and no slug of its own.
  const slug = "categorySlug" in params ? params.categorySlug : undefined;
  const category = slug === undefined ? await catalog.getSelector() : await catalog.getCategory(slug);
  if (!category) throw data("Not Found", { status: 404, statusText: "Not Found" });
  // Its id (the address before slugs) sends the visitor on, the filters kept.
  if (slug !== undefined && slug !== category.slug)
    throw redirect(`${catalogCategoryPath(category)}${url.search}`, 301);
  const path = slug === undefined ? PRODUCT_SELECTOR.path : catalogCategoryPath(category);
  const known = new Set(category.features.map((feature) => feature.id));
  // Filters live in the URL, so a filtered view can be shared, bookmarked and gone back to.
  const selected = [...new Set(url.searchParams.getAll(FEATURE_PARAM).filter((id) => known.has(id)))];
  const specFilters = specFiltersOf(url.searchParams, category.attributes);
  const specSort = specSortOf(url.searchParams.get(SORT_PARAM), category.attributes);
  const sort = specSort
    ? specSortValue(specSort.attribute, specSort.descending ? "desc" : "asc")
    : listingSortOf(url.searchParams.get(SORT_PARAM), CATALOG_SORTS);
  const includeDiscontinued = url.searchParams.get(DISCONTINUED_PARAM) === DISCONTINUED_INCLUDED;
  const chain = messageChain(context.get(requestContext).language);
  // The cards, the filters' spans and the chips are the listing's part: their values in its language.
  const language = partLanguage("listing", chain);
  const listing = await catalog.listProducts({
    categoryId: category.id,
    values: cardValueWords(language),
    readers: cardReaders(chain, language),
    featureIds: selected,
    specFilters,
    includeDiscontinued,
    ...(specSort ? { specSort } : { sort: listingSortOf(sort, CATALOG_SORTS) }),
    page: requestedPage(url),
  });
  const { specCounts = {}, specSpans = {}, ...rest } = listing;
  // The page's words in its language; what the catalog's records say is English until translated.
  const words = listingWords(chain, {
    total: listing.total,
    discontinued: listing.discontinuedCount,
    category: category.name,
  });
  return {
    category: { ...category, attributes: [] },
    path,
    selected,
    sort,
    includeDiscontinued,
    listing: rest,
    pagination: paginationView(listing, chain),
    // What the page's filters show of the values, made here: its code carries no units.
    spec: specView(category.attributes, specFilters, specCounts, specSpans, words.text, valueWordsIn(language)),
    words,
    compareBar: compareBarWords(chain),
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, selected, sort, includeDiscontinued, listing, spec, pagination, words, compareBar } = loaderData;
  const { text, content } = words;
  /** The parameters this view keeps besides its features and values. */
  const kept = includeDiscontinued ? ([[DISCONTINUED_PARAM, DISCONTINUED_INCLUDED]] as const) : [];
  const lifecycleFilter = includeDiscontinued || listing.discontinuedCount > 0;
  const submit = useSubmit();
  const selectedSet = new Set(selected);
  const groups = featureGroupsOf(category.featureGroups, category.features, text.moreFeatures);
  const { path } = loaderData;
  /** The filters as the address keeps them: a bound left empty is not in it. */
  const apply = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    for (const [name, value] of [...fields]) if (value === "") fields.delete(name);
    void submit(fields, { method: "get", preventScrollReset: true });
  };
  /** This view's address with `features` ticked and `specParams`' filters, the sort kept and the first page. */
  const hrefWith = (features: readonly string[], specParams: readonly (readonly [string, string])[] = spec.params) => {
    const params = new URLSearchParams(features.map((id) => [FEATURE_PARAM, id]));
    for (const [name, value] of [...specParams, ...kept]) params.append(name, value);
    if (sort !== CATALOG_SORTS[0]) params.set(SORT_PARAM, sort);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
  const chosen = category.features.filter((feature) => selectedSet.has(feature.id));
  const filtered = groups.length > 0 || spec.fields.length > 0 || lifecycleFilter;
  return (
    <section aria-labelledby="category-heading" lang={words.lang} dir={words.dir}>
      <div className="mb-6" {...content}>
        <h1 id="category-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {category.name}
        </h1>
        {category.description ? (
          <p className="mt-1 whitespace-pre-line text-slate-600">{category.description}</p>
        ) : null}
      </div>

      <div className={filtered ? "lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8" : ""}>
        {filtered ? (
          <Form
            id="category-filters"
            method="get"
            aria-label={text.filters}
            className="mb-6 rounded-xl border border-slate-200 bg-white p-4 lg:mb-0"
            // Each change is a new history entry, so Back undoes the last filter. A number is taken
            // when the visitor leaves its field (or presses Enter), not at each keystroke.
            onChange={(event) => {
              if (event.target instanceof HTMLInputElement && event.target.type === "number") return;
              apply(event.currentTarget);
            }}
            // The form has no submit button with scripts, so Enter in a number would do nothing.
            onKeyDown={(event) => {
              if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
              if (event.target.type !== "number") return;
              event.preventDefault();
              apply(event.currentTarget);
            }}
            onBlur={(event) => {
              const field = event.target;
              if (
                field instanceof HTMLInputElement &&
                field.type === "number" &&
                field.value !== field.dataset.applied
              ) {
                apply(event.currentTarget);
              }
            }}
          >
            {sort !== CATALOG_SORTS[0] ? <input type="hidden" name={SORT_PARAM} value={sort} /> : null}
            <div className="flex flex-wrap gap-x-8 gap-y-4 lg:flex-col">
              {groups.map((group) => (
                <fieldset key={group.name} className="min-w-0">
                  <legend
                    className="mb-2 text-sm font-semibold text-slate-900"
                    {...(group.ungrouped ? undefined : content)}
                  >
                    {group.name}
                  </legend>
                  <ul className="flex flex-wrap gap-x-5 gap-y-2 lg:flex-col">
                    {group.features.map((feature) => {
                      const id = `feature-${feature.id}`;
                      const checked = selectedSet.has(feature.id);
                      const matches = listing.featureCounts[feature.id] ?? 0;
                      // Ticking it would leave nothing: shown, never hidden, and not offered.
                      const unavailable = !checked && matches === 0;
                      return (
                        <li key={feature.id} className="flex items-center gap-2">
                          <FilterBox
                            id={id}
                            name={FEATURE_PARAM}
                            value={feature.id}
                            checked={checked}
                            disabled={unavailable}
                            className="h-4 w-4 rounded border-slate-400 text-brand-700 disabled:opacity-40"
                          />
                          <label
                            htmlFor={id}
                            className={`text-sm ${unavailable ? "text-slate-400" : "text-slate-800"}`}
                          >
                            <span {...content}>{feature.label}</span>{" "}
                            <span className={unavailable ? "" : "text-slate-500"}>({matches})</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              ))}
              <SpecFilterFields fields={spec.fields} text={text} content={content} />
              {lifecycleFilter ? (
                <fieldset className="min-w-0">
                  <legend className="mb-2 text-sm font-semibold text-slate-900">{text.lifecycle}</legend>
                  <IncludeDiscontinued
                    included={includeDiscontinued}
                    count={listing.discontinuedCount}
                    label={text.includeDiscontinued}
                  />
                </fieldset>
              ) : null}
            </div>
            <noscript>
              <Button type="submit" size="sm" className="mt-3">
                {text.applyFilters}
              </Button>
            </noscript>
          </Form>
        ) : null}

        <div className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium text-slate-700" role="status">
              {text.count}
            </p>
            <ListingSortSelect
              sort={sort}
              offered={CATALOG_SORTS}
              more={spec.sorts}
              keep={[...selected.map((id) => [FEATURE_PARAM, id] as const), ...spec.params, ...kept]}
              text={text}
            />
          </div>
          {chosen.length > 0 || spec.chips.length > 0 ? (
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <h2 className="sr-only">{text.activeFilters}</h2>
              <ul className="flex flex-wrap gap-2">
                {[
                  ...chosen.map((feature) => ({
                    label: feature.label,
                    href: hrefWith(selected.filter((id) => id !== feature.id)),
                    value: "",
                  })),
                  ...spec.chips.map((chip) => ({ ...chip, href: hrefWith(selected, chip.without) })),
                ].map((chip) => (
                  <li key={chip.label + chip.value}>
                    <Link
                      to={chip.href}
                      preventScrollReset
                      className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
                    >
                      {/* What the catalog says, then the page's words: a span's numbers, Yes or No. */}
                      <span {...content}>{chip.label}</span>
                      {chip.value}
                      <span className="sr-only">{text.removeFilter}</span>
                      <span aria-hidden="true">×</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Link
                to={hrefWith([], [])}
                preventScrollReset
                className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
              >
                {text.clearAll}
              </Link>
            </div>
          ) : null}

          {listing.products.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {selected.length > 0 || spec.chips.length > 0 ? text.noMatches : text.empty}
            </p>
          ) : (
            <ProductGrid products={listing.products} words={words} compareBar={compareBar} />
          )}
          <Pagination {...pagination} />
        </div>
      </div>
    </section>
  );
}
