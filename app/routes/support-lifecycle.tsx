import { Link } from "#app/components/links";
import { ListChoice, ListFilters } from "#app/components/list-choice";
import { Pagination, requestedPage } from "#app/components/pagination";
import { TextLink } from "#app/components/ui";
import { DayTime } from "#app/components/day-time";
import { LIFECYCLE_SORTS, lifecycleSortOf, type LifecycleFields, type LifecycleSort } from "#app/domain/lifecycle";
import type { LifecycleStage } from "#app/domain/lifecycle-stages";
import { VALUE_MARK, withValue } from "#app/domain/languages";
import type { PartMessages } from "#app/messages/en";
import type { PageHandle } from "#app/domain/live";
import { catalogCategoryPath, catalogProductPath, SUPPORT_LIFECYCLE_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/support-lifecycle";
import { messageChain, paginationView } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
import { dayView } from "#app/server/render/days.server";

export const handle: PageHandle = {
  live: ["products", "categories"],
  cache: { query: ["stage", "category", "sort", "page"], byRecord: true },
};

type LifecycleWords = PartMessages<"lifecyclePage">;

/** The table's columns of days, each with the field it shows and the words that head it. */
const DAY_COLUMNS = [
  ["endOfSaleOn", "endOfSaleColumn"],
  ["discontinuedOn", "discontinuedColumn"],
  ["firmwareUntil", "firmwareColumn"],
  ["repairsUntil", "repairsColumn"],
] as const satisfies readonly (readonly [Exclude<keyof LifecycleFields, "stage">, keyof LifecycleWords])[];

/** Each order's name among the page's words. */
const SORT_NAMES = {
  model: "sortModel",
  "end-of-sale": "sortEndOfSale",
  discontinued: "sortDiscontinued",
  firmware: "sortFirmware",
  repairs: "sortRepairs",
} as const satisfies Record<LifecycleSort, keyof LifecycleWords>;

/**
 * A stage's name among the page's words. The list holds only products no longer sold as usual;
 * `active` is named here for the type's sake and never shown.
 */
const STAGE_NAMES = {
  active: "endOfSale",
  "end-of-sale": "endOfSale",
  discontinued: "discontinued",
} as const satisfies Record<LifecycleStage, keyof LifecycleWords>;

/** Products a page: a table row each. */
const PAGE_SIZE = 50;

/** The stages the list can be narrowed to. */
const RETIRING_STAGES = ["end-of-sale", "discontinued"] as const satisfies readonly LifecycleStage[];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    ...seoContext(matches),
    title: loaderData?.words.text.title ?? "",
    description: loaderData?.words.text.description ?? "",
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
  const chain = messageChain(context.get(requestContext).language);
  // The page's words in its language, its days written as it writes them; what the records say
  // (models, categories) is English until translated.
  const words = pageWords("lifecyclePage", chain, { total: listing.total, sort: VALUE_MARK });
  const day = (iso: string | null) => (iso ? dayView(iso, chain[0]) : null);
  return {
    listing: {
      ...listing,
      items: listing.items.map((product) => ({
        ...product,
        days: DAY_COLUMNS.map(([field]) => day(product.lifecycle[field])),
      })),
    },
    words,
    caption: withValue(words.text.caption, words.text[SORT_NAMES[sort]]),
    pagination: paginationView(listing, chain),
    stage: stage ?? "",
    categoryId: category?.id ?? "",
    sort,
    categories: categories.map(({ id, name }) => ({ id, name })),
  };
}

/** A dash, read as what it means (`label`). */
function Unstated({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

export default function SupportLifecycle({ loaderData }: Route.ComponentProps) {
  const { listing, stage, categoryId, sort, categories, words } = loaderData;
  const { text, content } = words;
  const narrowed = Boolean(stage || categoryId);
  const unstated = <Unstated label={text.noneStated} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12" lang={words.lang} dir={words.dir}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{text.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{text.intro}</p>
      </header>

      <ListFilters label={text.filters} apply={text.apply}>
        <ListChoice
          list="lifecycle"
          name="stage"
          label={text.stage}
          value={stage}
          options={[
            ["", text.everyStage],
            ...RETIRING_STAGES.map((known): [string, string] => [known, text[STAGE_NAMES[known]]]),
          ]}
        />
        <ListChoice
          list="lifecycle"
          name="category"
          label={text.category}
          value={categoryId}
          options={[["", text.everyCategory], ...categories.map((known): [string, string] => [known.id, known.name])]}
        />
        <ListChoice
          list="lifecycle"
          name="sort"
          label={text.sortBy}
          value={sort}
          options={LIFECYCLE_SORTS.map((known): [string, string] => [known, text[SORT_NAMES[known]]])}
        />
      </ListFilters>

      <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p role="status" className="text-sm text-slate-600">
          {text.count}
        </p>
        {narrowed ? (
          <TextLink to={sort === "model" ? SUPPORT_LIFECYCLE_PATH : `${SUPPORT_LIFECYCLE_PATH}?sort=${sort}`}>
            {text.showAll}
          </TextLink>
        ) : null}
      </div>

      {listing.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {narrowed ? text.noMatches : text.none}
        </p>
      ) : (
        // Positioned: the cells' screen-reader texts stay inside the scrolling box, not beside the page.
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">{loaderData.caption}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[
                  text.product,
                  text.stageColumn,
                  ...DAY_COLUMNS.map(([, heading]) => text[heading]),
                  text.replacedBy,
                ].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {listing.items.map((product) => (
                <tr key={product.id} className="align-top">
                  <th scope="row" className="px-4 py-3 font-normal" {...content}>
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
                  <td className="px-4 py-3 whitespace-nowrap">{text[STAGE_NAMES[product.lifecycle.stage]]}</td>
                  {product.days.map((day, index) => (
                    <td key={DAY_COLUMNS[index]?.[0]} className="px-4 py-3 whitespace-nowrap">
                      {day ? <DayTime day={day} /> : unstated}
                    </td>
                  ))}
                  <td className="px-4 py-3">
                    {product.lifecycle.replacements.length ? (
                      <ul {...content}>
                        {product.lifecycle.replacements.map((replacement) => (
                          <li key={replacement.id}>
                            <Link to={catalogProductPath(replacement)} className="text-brand-700 hover:underline">
                              {replacement.model}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      unstated
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
