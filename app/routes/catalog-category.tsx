import { data, Form, useSubmit } from "react-router";
import { PAGE_PARAM, requestedPage, Pagination } from "#app/components/pagination";
import { ProductGrid } from "#app/components/product-grid";
import { Button } from "#app/components/ui";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import { pageTitle } from "#app/domain/site";
import { servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/catalog-category";
import { catalogCategoryPath } from "#app/domain/paths";

/** The search parameter each checked feature filter travels in. */
const FEATURE_PARAM = "feature";

export const handle: PageHandle = {
  live: ["products", "categories"],
  cache: { query: [FEATURE_PARAM, PAGE_PARAM], byRecord: true },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Not Found") }];
  const { category } = loaderData;
  return seoMeta({
    ...seoContext(matches),
    title: category.name,
    description: category.description || `${category.name} from our catalog.`,
    path: catalogCategoryPath(category.id),
  });
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const category = await catalog.getCategory(params.categoryId);
  if (!category) throw data("Not Found", { status: 404, statusText: "Not Found" });
  const known = new Set(category.features.map((feature) => feature.id));
  // Filters live in the URL, so a filtered view can be shared, bookmarked and gone back to.
  const selected = url.searchParams.getAll(FEATURE_PARAM).filter((id) => known.has(id));
  const listing = await catalog.listProducts({
    categoryId: category.id,
    featureIds: selected,
    page: requestedPage(url),
  });
  return { category, selected, listing };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, selected, listing } = loaderData;
  const submit = useSubmit();
  const selectedSet = new Set(selected);
  return (
    <section aria-labelledby="category-heading">
      <header className="mb-6">
        <h1 id="category-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {category.name}
        </h1>
        {category.description ? (
          <p className="mt-1 whitespace-pre-line text-slate-600">{category.description}</p>
        ) : null}
      </header>

      {category.features.length > 0 ? (
        <Form
          method="get"
          className="mb-6 rounded-xl border border-slate-200 bg-white p-4"
          // Each change is a new history entry, so Back undoes the last filter.
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-900">Filter by feature</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {category.features.map((feature) => {
                const id = `feature-${feature.id}`;
                const matches = listing.featureCounts[feature.id] ?? 0;
                return (
                  <div key={feature.id} className="flex items-center gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      name={FEATURE_PARAM}
                      value={feature.id}
                      defaultChecked={selectedSet.has(feature.id)}
                      key={`${feature.id}-${selectedSet.has(feature.id)}`}
                      className="h-4 w-4 rounded border-slate-400 text-brand-700"
                    />
                    <label htmlFor={id} className="text-sm text-slate-800">
                      {feature.label} <span className="text-slate-500">({matches})</span>
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <noscript>
            <Button type="submit" size="sm" className="mt-3">
              Apply filters
            </Button>
          </noscript>
        </Form>
      ) : null}

      {listing.products.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {selected.length > 0
            ? "No products found that match the selected filters."
            : "No products found in this category"}
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600" aria-live="polite">
            {listing.total} {listing.total === 1 ? "product" : "products"}
          </p>
          <ProductGrid products={listing.products} />
        </>
      )}
      <Pagination page={listing.page} pageCount={listing.pageCount} />
    </section>
  );
}
