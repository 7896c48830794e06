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
import { messageChain, partLanguage, paginationView } from "#app/server/render/messages.server";
import {
  cardReaders,
  cardValueWords,
  compareBarWords,
  listingWords,
  pageWords,
} from "#app/server/render/page-languages.server";

export const handle: PageHandle = {
  live: ["products"],
  cache: { query: [PAGE_PARAM, SORT_PARAM, DISCONTINUED_PARAM], byRecord: true },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.pagination.page ?? 1;
  const text = loaderData?.words.text;
  return seoMeta({
    ...seoContext(matches),
    title: (page > 1 ? text?.titleOfPage : text?.title) ?? "",
    description: text?.description ?? "",
    path: page > 1 ? `/catalog?page=${page}` : "/catalog",
  });
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const sort = listingSortOf(url.searchParams.get(SORT_PARAM), CATALOG_SORTS);
  const includeDiscontinued = url.searchParams.get(DISCONTINUED_PARAM) === DISCONTINUED_INCLUDED;
  const chain = messageChain(context.get(requestContext).language);
  // The cards are the listing's part: their values in its language, their texts as its readers read them.
  const language = partLanguage("listing", chain);
  const listing = await catalog.listProducts({
    page: requestedPage(url),
    sort,
    includeDiscontinued,
    values: cardValueWords(language),
    readers: cardReaders(chain, language),
  });
  return {
    sort,
    includeDiscontinued,
    listing,
    pagination: paginationView(listing, chain),
    // The page's words in its language; what the products' records say is English until translated.
    words: pageWords("catalog", chain, { page: listing.page }),
    listingWords: listingWords(chain, { total: listing.total, discontinued: listing.discontinuedCount }),
    compareBar: compareBarWords(chain),
  };
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  const { sort, includeDiscontinued, listing, pagination, words, listingWords, compareBar } = loaderData;
  const { text } = listingWords;
  const submit = useSubmit();
  return (
    <section aria-labelledby="catalog-heading" lang={listingWords.lang} dir={listingWords.dir}>
      <div className="mb-6" lang={words.lang} dir={words.dir}>
        <h1 id="catalog-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {words.text.title}
        </h1>
        <p className="mt-1 text-slate-600">{words.text.intro}</p>
      </div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700" role="status">
          {text.count}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          {includeDiscontinued || listing.discontinuedCount > 0 ? (
            <Form
              method="get"
              aria-label={text.filters}
              className="flex items-center gap-2"
              onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
            >
              {sort !== CATALOG_SORTS[0] ? <input type="hidden" name={SORT_PARAM} value={sort} /> : null}
              <IncludeDiscontinued
                included={includeDiscontinued}
                count={listing.discontinuedCount}
                label={text.includeDiscontinued}
              />
              <noscript>
                <Button type="submit" size="sm" variant="secondary">
                  {text.apply}
                </Button>
              </noscript>
            </Form>
          ) : null}
          <ListingSortSelect
            sort={sort}
            offered={CATALOG_SORTS}
            keep={includeDiscontinued ? [[DISCONTINUED_PARAM, DISCONTINUED_INCLUDED]] : []}
            text={text}
          />
        </div>
      </div>
      {listing.products.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">{text.empty}</p>
      ) : (
        <ProductGrid products={listing.products} words={listingWords} compareBar={compareBar} />
      )}
      <Pagination {...pagination} />
    </section>
  );
}
