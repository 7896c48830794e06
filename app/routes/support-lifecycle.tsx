import { Link } from "#app/components/links";
import { ListChoice, ListFilters } from "#app/components/list-choice";
import { Pagination, requestedPage } from "#app/components/pagination";
import { TextLink } from "#app/components/ui";
import { formatDate } from "#app/domain/format";
import { LIFECYCLE_SORTS, lifecycleSortOf, type LifecycleFields, type LifecycleSort } from "#app/domain/lifecycle";
import { LIFECYCLE_STAGE_NAMES, type LifecycleStage } from "#app/domain/lifecycle-stages";
import type { PageHandle } from "#app/domain/live";
import { catalogCategoryPath, catalogProductPath, SUPPORT_LIFECYCLE_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/support-lifecycle";
import { messageChain, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = {
  live: ["products", "categories"],
  cache: { query: ["stage", "category", "sort", "page"], byRecord: true },
};

/** The table's columns of days, each with the field it shows. */
const DAY_COLUMNS = [
  ["End of sale", "endOfSaleOn"],
  ["Discontinued", "discontinuedOn"],
  ["Firmware updates until", "firmwareUntil"],
  ["Repairs until", "repairsUntil"],
] as const satisfies readonly (readonly [string, Exclude<keyof LifecycleFields, "stage">])[];

/** Products a page: a table row each. */
const PAGE_SIZE = 50;

/** The stages the list can be narrowed to. */
const RETIRING_STAGES = ["end-of-sale", "discontinued"] as const satisfies readonly LifecycleStage[];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    ...seoContext(matches),
    title: "Product lifecycle",
    description:
      "Products whose end of sale is announced or that are discontinued, with their replacements and how long firmware updates and repairs continue.",
    path: SUPPORT_LIFECYCLE_PATH,
  });

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const params = url.searchParams;
  const stage = RETIRING_STAGES.find((known) => known === params.get("stage"));
  const categories = await catalog.listCategories();
  const category = categories.find((known) => known.id === params.get("category"));
  const sort = lifecycleSortOf(params.get("sort"));
  const listing = await catalog.listRetiring({
    stage,
    categoryId: category?.id,
    sort,
    page: requestedPage(url),
    pageSize: PAGE_SIZE,
  });
  return {
    listing,
    pagination: paginationView(listing, messageChain(context.get(requestContext).language)),
    stage: stage ?? "",
    categoryId: category?.id ?? "",
    sort,
    categories: categories.map(({ id, name }) => ({ id, name })),
  };
}

/** A dash, read as what it means. */
function Unstated() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">None stated</span>
    </>
  );
}

/** A day as the table shows it; a dash where none is said. */
function day(iso: string | null) {
  return iso ? <time dateTime={iso}>{formatDate(iso)}</time> : <Unstated />;
}

export default function SupportLifecycle({ loaderData }: Route.ComponentProps) {
  const { listing, stage, categoryId, sort, categories } = loaderData;
  const narrowed = Boolean(stage || categoryId);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Product lifecycle</h1>
        <p className="mt-3 text-lg text-slate-700">
          Products whose end of sale is announced or that are discontinued: what replaces each, and how long its
          firmware is updated and it is repaired. Their pages, downloads and firmware stay available.
        </p>
      </header>

      <ListFilters label="Filter and sort">
        <ListChoice
          list="lifecycle"
          name="stage"
          label="Stage"
          value={stage}
          options={[
            ["", "Every stage"],
            ...RETIRING_STAGES.map((known): [string, string] => [known, LIFECYCLE_STAGE_NAMES[known]]),
          ]}
        />
        <ListChoice
          list="lifecycle"
          name="category"
          label="Category"
          value={categoryId}
          options={[["", "Every category"], ...categories.map((known): [string, string] => [known.id, known.name])]}
        />
        <ListChoice
          list="lifecycle"
          name="sort"
          label="Sort by"
          value={sort}
          options={Object.entries(LIFECYCLE_SORTS)}
        />
      </ListFilters>

      <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p role="status" className="text-sm text-slate-600">
          {listing.total} {listing.total === 1 ? "product" : "products"}
        </p>
        {narrowed ? (
          <TextLink to={sort === "model" ? SUPPORT_LIFECYCLE_PATH : `${SUPPORT_LIFECYCLE_PATH}?sort=${sort}`}>
            Show every stage and category
          </TextLink>
        ) : null}
      </div>

      {listing.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {narrowed ? "No product matches these filters." : "Every product is sold as usual."}
        </p>
      ) : (
        // Positioned: the cells' screen-reader texts stay inside the scrolling box, not beside the page.
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">
              Products no longer sold as usual, sorted by {LIFECYCLE_SORTS[sort as LifecycleSort]}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {["Product", "Stage", ...DAY_COLUMNS.map(([heading]) => heading), "Replaced by"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {listing.items.map((product) => (
                <tr key={product.id} className="align-top">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <Link
                      to={catalogProductPath(product)}
                      className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                    >
                      {product.model}
                    </Link>
                    <span className="block text-slate-600">
                      <Link to={catalogCategoryPath(product.category)} className="hover:underline">
                        {product.category.name}
                      </Link>
                    </span>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap">{LIFECYCLE_STAGE_NAMES[product.lifecycle.stage]}</td>
                  {DAY_COLUMNS.map(([heading, field]) => (
                    <td key={heading} className="px-4 py-3 whitespace-nowrap">
                      {day(product.lifecycle[field])}
                    </td>
                  ))}
                  <td className="px-4 py-3">
                    {product.lifecycle.replacements.length ? (
                      <ul>
                        {product.lifecycle.replacements.map((replacement) => (
                          <li key={replacement.id}>
                            <Link to={catalogProductPath(replacement)} className="text-brand-700 hover:underline">
                              {replacement.model}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <Unstated />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination {...loaderData.pagination} />
    </div>
  );
}
