import type { ReactNode } from "react";
import { Form } from "react-router";
import { NdaaIcon } from "#app/components/ndaa";
import { Highlighted } from "#app/components/highlighted";
import { ResponsiveImage } from "#app/components/responsive-image";
import { Button, TextLink } from "#app/components/ui";
import { ListingSortSelect } from "#app/components/listing-sort";
import { listingSortOf, SEARCH_SORTS, SORT_PARAM } from "#app/domain/catalog-views";
import type { PageHandle } from "#app/domain/live";
import { SEARCH_PREVIEW_PARAM } from "#app/domain/search";
import { pageTitle } from "#app/domain/site";
import { normalizeSearchQuery } from "#app/domain/search";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { formatMessage, messageChain, shellMessages } from "#app/server/render/messages.server";
import { listingWords, pageWords } from "#app/server/render/page-languages.server";
import { textDirection } from "#app/domain/language-settings";
import type { Route } from "./+types/search";
import { DayTime } from "#app/components/day-time";
import { newsTitle } from "#app/domain/news";
import { LifecycleBadge } from "#app/components/lifecycle-badge";
import { catalogCategoryPath, catalogProductPath, newsItemPath } from "#app/domain/paths";
import { severityInWords } from "#app/server/render/advisory-words.server";
import { dayView } from "#app/server/render/days.server";

export const handle: PageHandle = {
  live: ["products", "categories", "synonyms", "advisories", "info"],
  cache: { query: ["q", SEARCH_PREVIEW_PARAM, SORT_PARAM], byRecord: true },
};

/** Results of each kind the header's dropdown shows. */
const PREVIEW_LIMIT = 8;
const PREVIEW_DESCRIPTION_LENGTH = 120;
/** Security advisories the results page lists at most. */
const ADVISORIES_SHOWN = 10;
/** News items the results page lists at most. */
const NEWS_SHOWN = 10;

export function meta({ data }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.pageTitle ?? "") }, { name: "robots", content: "noindex" }];
}

/** Serves the results page and, with `?preview=1`, the header's dropdown (fetched as /search.data). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog, advisories, infoItems } = context.get(servicesContext);
  const params = url.searchParams;
  const q = normalizeSearchQuery(params.get("q") ?? "");
  const sort = listingSortOf(params.get(SORT_PARAM), SEARCH_SORTS);
  const chain = messageChain(context.get(requestContext).language);
  if (!params.has(SEARCH_PREVIEW_PARAM)) {
    const [results, found, news] = await Promise.all([
      catalog.search(q, { sort }),
      advisories.search(q, ADVISORIES_SHOWN),
      infoItems.searchNews(q, NEWS_SHOWN),
    ]);
    // Counted with the catalog's results; listed after them, with their id and severity, then news.
    const total = results.total + found.length + news.length;
    return {
      q,
      sort,
      ...results,
      total,
      ...searchWords(chain, { q, total, shown: results.products.length }),
      listing: listingWords(chain),
      catalogTotal: results.total,
      advisories: found.map((advisory) => ({
        id: advisory.id,
        title: advisory.title,
        summary: advisory.summary,
        path: advisory.path,
        severity: severityInWords(advisory, chain),
      })),
      news: news.map(({ item, page }) => ({
        id: item.id,
        title: newsTitle(item),
        text: item.content ?? "",
        day: dayView(item.datedOn, chain[0]),
        path: newsItemPath(item.id, page),
      })),
    };
  }
  const [results, found, news] = await Promise.all([
    catalog.search(q, { limit: PREVIEW_LIMIT }),
    advisories.search(q, ADVISORIES_SHOWN),
    infoItems.searchNews(q, NEWS_SHOWN),
  ]);
  // The dropdown lists the catalog's first results; its count is the page's, advisories and news included.
  const total = results.total + found.length + news.length;
  return {
    q,
    sort,
    total,
    // In the language of the header it is shown in.
    summary: summaryOf(total, [shellMessages(chain).language]),
    ...searchWords(chain, { q, total, shown: results.products.length }),
    catalogTotal: results.total,
    matched: results.matched,
    categories: results.categories.map((category) => ({
      ...category,
      description: excerpt(category.description),
    })),
    products: results.products.map((product) => ({ ...product, description: excerpt(product.description) })),
  };
}

/** What a search found, counted, in the first language of `chain` that says it, marked with it. */
function summaryOf(total: number, chain: readonly string[]) {
  const { text, language } = formatMessage("search.summary", chain, { total });
  return { text, lang: language, dir: textDirection(language) };
}

/** The page's own words (its count of what was found among them) and its title, which names the query. */
function searchWords(chain: readonly string[], values: { q: string; total: number; shown: number }) {
  const words = pageWords("search", chain, values);
  return { words, pageTitle: values.q ? words.text.titleFor : words.text.title };
}

function excerpt(text: string): string {
  const chars = Array.from(text);
  return chars.length <= PREVIEW_DESCRIPTION_LENGTH ? text : `${chars.slice(0, PREVIEW_DESCRIPTION_LENGTH).join("")}…`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, sort, categories, products, catalogTotal, matched, words } = loaderData;
  const shownBeyond = catalogTotal - categories.length - products.length;
  const advisories = "advisories" in loaderData ? loaderData.advisories : [];
  const news = "news" in loaderData ? loaderData.news : [];
  // The header's dropdown has no use for the list's words: only the page carries them.
  const listing = "listing" in loaderData ? loaderData.listing : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" lang={words.lang} dir={words.dir}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{words.text.title}</h1>
      {/* A new query is a new page: the key resets the field to it after a client-side search. */}
      <Form
        key={q}
        method="get"
        action="/search"
        role="search"
        aria-label={words.text.region}
        className="mt-4 flex gap-2"
      >
        <label htmlFor="search-page-q" className="sr-only">
          {words.text.label}
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={words.text.placeholder}
          className="block w-full max-w-xl rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600"
        />
        <Button type="submit">{words.text.submit}</Button>
      </Form>

      {q ? (
        <p role="status" className="mt-6 font-medium text-slate-800">
          {words.text.summary}
        </p>
      ) : (
        <p className="mt-6 text-slate-600">{words.text.hint}</p>
      )}

      {categories.length > 0 ? (
        <ResultList id="search-categories" title={words.text.categories}>
          {categories.map((category) => (
            <li
              key={category.id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              {...words.content}
            >
              <h3 className="font-semibold">
                <TextLink to={catalogCategoryPath(category)} underline="hover">
                  <Highlighted text={category.name} matched={matched} />
                </TextLink>
              </h3>
              {category.description ? (
                <p className="mt-1 text-sm text-slate-700">
                  <Highlighted text={category.description} matched={matched} />
                </p>
              ) : null}
            </li>
          ))}
        </ResultList>
      ) : null}

      {products.length > 1 && listing ? (
        <div className="mt-6 flex justify-end" lang={listing.lang} dir={listing.dir}>
          <ListingSortSelect sort={sort} offered={SEARCH_SORTS} keep={[["q", q]]} text={listing.text} />
        </div>
      ) : null}
      {products.length > 0 ? (
        <ResultList id="search-products" title={words.text.products}>
          {products.map((product, index) => (
            <li
              key={product.id}
              className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm max-sm:flex-col"
            >
              {/* Without a description the picture says no more than the linked model beside it. */}
              <ResponsiveImage
                image={product.image}
                alt={product.image.alt}
                priority={index < 2}
                sizes="(min-width: 640px) 160px, 100vw"
                className="aspect-[4/3] w-full shrink-0 rounded-md bg-slate-100 object-cover sm:w-40"
                {...words.content}
              />
              <div className="min-w-0 flex-1">
                <h3 className="flex items-center gap-2 font-semibold">
                  <TextLink to={catalogProductPath(product)} underline="hover">
                    <span {...words.content}>
                      <Highlighted text={product.model} matched={matched} />
                    </span>
                  </TextLink>
                  {product.ndaa && listing ? <NdaaIcon label={listing.text.ndaa} /> : null}
                </h3>
                {listing ? <LifecycleBadge stage={product.lifecycle} text={listing.text} /> : null}
                {product.name ? (
                  <p className="text-sm font-medium text-slate-600" {...words.content}>
                    <Highlighted text={product.name} matched={matched} />
                  </p>
                ) : null}
                <p className="mt-1 line-clamp-3 text-sm text-slate-700" {...words.content}>
                  <Highlighted text={product.description} matched={matched} />
                </p>
              </div>
            </li>
          ))}
        </ResultList>
      ) : null}

      {advisories.length > 0 ? (
        <ResultList id="search-advisories" title={words.text.advisories}>
          {advisories.map((advisory) => (
            <li key={advisory.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold" {...words.content}>
                <TextLink to={advisory.path} underline="hover">
                  <Highlighted text={`${advisory.id}: ${advisory.title}`} matched={matched} />
                </TextLink>
              </h3>
              <p className="text-sm font-medium text-slate-600">{advisory.severity}</p>
              <p className="mt-1 line-clamp-3 text-sm text-slate-700" {...words.content}>
                <Highlighted text={advisory.summary} matched={matched} />
              </p>
            </li>
          ))}
        </ResultList>
      ) : null}

      {news.length > 0 ? (
        <ResultList id="search-news" title={words.text.news}>
          {news.map((item) => (
            <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" {...words.content}>
              <h3 className="font-semibold">
                <TextLink href={item.path} underline="hover">
                  <Highlighted text={item.title} matched={matched} />
                </TextLink>
              </h3>
              <DayTime day={item.day} className="text-sm font-medium text-slate-600" />
              {item.text ? (
                <p className="mt-1 line-clamp-3 text-sm text-slate-700">
                  <Highlighted text={item.text} matched={matched} />
                </p>
              ) : null}
            </li>
          ))}
        </ResultList>
      ) : null}

      {shownBeyond > 0 ? <p className="mt-6 text-sm text-slate-600">{words.text.showingFirst}</p> : null}
    </div>
  );
}

/** One kind of match, under its heading. */
function ResultList({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 space-y-3">{children}</ul>
    </section>
  );
}
