import { PAGE_PARAM, requestedPage, Pagination } from "#app/components/pagination";
import { ProductGrid } from "#app/components/product-grid";
import { ListingSortSelect } from "#app/components/listing-sort";
import { CATALOG_SORTS, listingSortOf, SORT_PARAM } from "#app/domain/catalog-views";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/catalog-all";
import { Form, useSubmit } from "react-router";
import { Button } from "#app/components/ui";
import { IncludeDiscontinued } from "#app/components/include-discontinued";
import { DISCONTINUED_INCLUDED, DISCONTINUED_PARAM } from "#app/domain/lifecycle-stages";
import { messageChain, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = {
  live: ["products"],
  cache: { query: [PAGE_PARAM, SORT_PARAM, DISCONTINUED_PARAM], byRecord: true },
};

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const page = Number(new URLSearchParams(location.search).get("page")) || 1;
  return seoMeta({
    ...seoContext(matches),
    title: page > 1 ? `All Products, page ${page}` : "All Products",
    description: "Explore our entire catalog of AI security cameras, recorders and accessories.",
    path: page > 1 ? `/catalog?page=${page}` : "/catalog",
  });
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const sort = listingSortOf(url.searchParams.get(SORT_PARAM), CATALOG_SORTS);
  const includeDiscontinued = url.searchParams.get(DISCONTINUED_PARAM) === DISCONTINUED_INCLUDED;
  const listing = await catalog.listProducts({ page: requestedPage(url), sort, includeDiscontinued });
  return {
    sort,
    includeDiscontinued,
    listing,
    pagination: paginationView(listing, messageChain(context.get(requestContext).language)),
  };
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  const { sort, includeDiscontinued, listing, pagination } = loaderData;
  const submit = useSubmit();
  return (
    <section aria-labelledby="catalog-heading">
      <header className="mb-6">
        <h1 id="catalog-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          All Products
        </h1>
        <p className="mt-1 text-slate-600">Explore our entire catalog.</p>
      </header>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700" role="status">
          {listing.total} {listing.total === 1 ? "product" : "products"}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          {includeDiscontinued || listing.discontinuedCount > 0 ? (
            <Form
              method="get"
              aria-label="Filters"
              className="flex items-center gap-2"
              onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
            >
              {sort !== CATALOG_SORTS[0] ? <input type="hidden" name={SORT_PARAM} value={sort} /> : null}
              <IncludeDiscontinued included={includeDiscontinued} count={listing.discontinuedCount} />
              <noscript>
                <Button type="submit" size="sm" variant="secondary">
                  Apply
                </Button>
              </noscript>
            </Form>
          ) : null}
          <ListingSortSelect
            sort={sort}
            offered={CATALOG_SORTS}
            keep={includeDiscontinued ? [[DISCONTINUED_PARAM, DISCONTINUED_INCLUDED]] : []}
          />
        </div>
      </div>
      {listing.products.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          No products found in this category
        </p>
      ) : (
        <ProductGrid products={listing.products} />
      )}
      <Pagination {...pagination} />
    </section>
  );
}
