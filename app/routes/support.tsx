import { useLocation, useNavigation } from "react-router";
import { DownloadsList } from "#app/components/downloads-list";
import { PAGE_PARAM, Pagination, requestedPage } from "#app/components/pagination";
import { ResponsiveImage } from "#app/components/responsive-image";
import { SupportSearchForm } from "#app/components/support-search-form";
import { Card, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import {
  isFiltered,
  SUPPORT_CATEGORY_PARAM,
  SUPPORT_KIND_PARAM,
  SUPPORT_QUERY_PARAM,
  supportSentenceValues,
  supportUrl,
  type SupportFilter,
} from "#app/domain/support";
import { DOWNLOAD_KINDS, isDownloadKind } from "#app/domain/download-kinds";
import { aroundMark, VALUE_MARK, withValue, type LanguageAttributes } from "#app/domain/languages";
import { normalizeSearchQuery } from "#app/domain/search";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/support";
import {
  catalogProductPath,
  DISCLOSURE_POLICY_PATH,
  SUPPORT_FIRMWARE_PATH,
  SUPPORT_LIFECYCLE_PATH,
  SUPPORT_SECURITY_PATH,
} from "#app/domain/paths";
import { formatMessage, languagePart, messageChain, paginationView } from "#app/server/render/messages.server";
import { downloadListWords, listedDownloads, pageWords } from "#app/server/render/page-languages.server";

// Categories too: the form lists them to choose from.
export const handle: PageHandle = {
  live: ["downloads", "products", "categories", "synonyms"],
  cache: { query: [SUPPORT_QUERY_PARAM, SUPPORT_CATEGORY_PARAM, SUPPORT_KIND_PARAM, PAGE_PARAM], byRecord: true },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    title: loaderData?.words.text.pageTitle ?? "",
    description: loaderData?.words.text.description ?? "",
    path: "/support",
    // A search is a view of this one page, as a filtered catalog page is: /support is what gets indexed.
    noindex: loaderData ? isFiltered(loaderData.filter) : false,
    ...seoContext(matches),
  });

/** On a phone every pixel of width goes to the file names. */
const CARD_CLASS = "max-sm:px-4";

/**
 * A page whose products hold at most this many downloads between them shows them all at once (about
 * two phone screens): one product found by its model, a small category, a search for one kind of file.
 * More, and each product folds to a line that opens on demand, so the page stays about three screens
 * tall and the visitor sees which products there are before reading their files.
 */
const DOWNLOADS_SHOWN_OPEN = 12;

type SupportProduct = Route.ComponentProps["loaderData"]["products"][number];

function countDownloads(products: readonly SupportProduct[]): number {
  return products.reduce((sum, product) => sum + product.downloads.length, 0);
}

/**
 * A product as one line (its picture, its model and how many downloads it has) that unfolds into its
 * downloads: a native disclosure, so it works without JavaScript and the keyboard opens it.
 */
function SupportProductRow({
  product,
  open,
  words,
  downloadList,
  content,
}: {
  product: SupportProduct;
  open: boolean;
  words: Route.ComponentProps["loaderData"]["words"]["text"];
  downloadList: Route.ComponentProps["loaderData"]["downloadList"];
  content: LanguageAttributes | undefined;
}) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 border-b border-slate-200 py-2.5">
      {/* The model right beside it names the picture. */}
      <ResponsiveImage
        image={product.image}
        alt={product.image.alt}
        sizes="80px"
        className="row-span-2 h-12 w-16 rounded-md bg-slate-100 object-cover sm:h-15 sm:w-20"
        {...content}
      />
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <h3 className="font-semibold break-words text-slate-900">
          <Link
            to={catalogProductPath(product)}
            className="text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            <span {...content}>{product.model}</span>
          </Link>
        </h3>
        {/* On a phone the line is the model's: the row stays one line tall. */}
        {product.name ? (
          <p className="text-sm text-slate-600 max-sm:hidden" {...content}>
            {product.name}
          </p>
        ) : null}
      </div>
      <details open={open} className="group">
        <summary className="w-fit cursor-pointer list-none text-sm font-medium text-brand-700 hover:underline [&::-webkit-details-marker]:hidden">
          <span
            aria-hidden="true"
            className="mr-1 inline-block transition-transform group-open:rotate-90 rtl:-scale-x-100 rtl:group-open:-rotate-90"
          >
            ›
          </span>
          <span>{product.downloadCount}</span>
          <span className="sr-only"> {withValue(words.downloadsFor, product.model)}</span>
        </summary>
        <DownloadsList downloads={product.downloads} words={downloadList} content={content} />
      </details>
    </li>
  );
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const query = normalizeSearchQuery(url.searchParams.get(SUPPORT_QUERY_PARAM) ?? "");
  const categories = (await catalog.listCategories()).map(({ id, name }) => ({ id, name }));
  // A category that is gone (an old link) leaves the list unnarrowed rather than empty.
  const category = categories.find((item) => item.id === url.searchParams.get(SUPPORT_CATEGORY_PARAM)) ?? null;
  // So does a kind it does not know.
  const askedKind = url.searchParams.get(SUPPORT_KIND_PARAM);
  const kind = isDownloadKind(askedKind) ? askedKind : undefined;
  const listing = await catalog.listSupportDownloads({
    query,
    categoryId: category?.id,
    kind,
    // General downloads (catalog, software, warranty) belong to no category. A visitor who chooses one
    // is looking for that kind of product's files: the same general list left at the top would bury
    // them and look as if the choice did nothing. A note says where the general ones are instead.
    includeGeneral: category === null,
    page: requestedPage(url),
  });
  const filter: SupportFilter = { query, categoryName: category?.name ?? null, kind: kind ?? null };
  const nothingMatches = isFiltered(filter) && listing.productTotal === 0 && listing.general.length === 0;
  const chain = messageChain(context.get(requestContext).language);
  // The page's words in its language, its sentences made here: the page's code needs none of their
  // words. What the records say (categories, products, files) is English until translated.
  const words = pageWords("support", chain, {
    ...supportSentenceValues(filter, listing.productTotal),
    link: VALUE_MARK,
    contact: VALUE_MARK,
    model: VALUE_MARK,
  });
  const kindNames = languagePart("downloadKinds", chain).text;
  const downloadList = downloadListWords(chain);
  return {
    ...listing,
    general: listedDownloads(listing.general, downloadList),
    products: listing.products.map((product) => ({
      ...product,
      downloads: listedDownloads(product.downloads, downloadList),
      downloadCount: formatMessage("support.downloadCount", [words.lang], { count: product.downloads.length }).text,
    })),
    pagination: paginationView(listing, chain),
    categories,
    categoryId: category?.id ?? "",
    kinds: DOWNLOAD_KINDS.map(({ value, name }) => ({ value, label: kindNames[name] })),
    kind: kind ?? "",
    filter,
    nothingMatches,
    status: nothingMatches
      ? words.text.nothingMatches
      : listing.productTotal > 0 || isFiltered(filter)
        ? words.text.productsInView
        : "",
    words,
    generalNote: aroundMark(words.text.generalNote),
    help: aroundMark(words.text.help),
    searchWords: languagePart("supportSearch", chain),
    downloadList,
  };
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { general, products, filter, anyDownloads, nothingMatches, words, downloadList } = loaderData;
  const { text, content } = words;
  const filtered = isFiltered(filter);
  // A search that finds no general download says nothing of them: the products it found come first.
  const generalShown =
    filter.categoryName === null && (general.length > 0 || (filter.query === "" && filter.kind === null));
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // At the page's own address, its language's prefix and all.
  const searching = navigation.state === "loading" && navigation.location.pathname === pathname;
  const listsOpen = countDownloads(products) <= DOWNLOADS_SHOWN_OPEN;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12" lang={words.lang} dir={words.dir}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{text.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{text.intro}</p>
        {/* Links on a line or two: on a phone the search and the first files stay in the first screen. */}
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-slate-700">
          <li>
            <TextLink to={SUPPORT_FIRMWARE_PATH} weight="medium">
              {text.firmware}
            </TextLink>
          </li>
          <li>
            <TextLink to={SUPPORT_LIFECYCLE_PATH} weight="medium">
              {text.lifecycle}
            </TextLink>
          </li>
          <li>
            <TextLink to={SUPPORT_SECURITY_PATH} weight="medium">
              {text.security}
            </TextLink>
          </li>
          <li>
            <TextLink to={DISCLOSURE_POLICY_PATH} weight="medium">
              {text.disclosure}
            </TextLink>
          </li>
        </ul>
      </header>

      {!anyDownloads ? (
        <Card title={text.noDownloadsTitle} headingLevel={2} className="mt-8">
          <p className="text-slate-700">{text.noDownloads}</p>
        </Card>
      ) : (
        <>
          <div className="mt-8">
            <SupportSearchForm
              query={filter.query}
              categoryId={loaderData.categoryId}
              categories={loaderData.categories}
              kind={loaderData.kind}
              kinds={loaderData.kinds}
              words={loaderData.searchWords}
              content={content}
            />
          </div>
          <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p role="status" className={nothingMatches ? "font-medium text-slate-900" : "text-sm text-slate-600"}>
              {loaderData.status}
            </p>
            {filtered ? (
              <TextLink to="/support" weight="medium" className="text-sm">
                {text.showAll}
              </TextLink>
            ) : null}
          </div>
          {filter.categoryName === null ? null : (
            <p className="mt-2 text-sm text-slate-600">
              {loaderData.generalNote[0]}
              <TextLink to={supportUrl({ query: filter.query, kind: loaderData.kind })} weight="medium">
                {text.generalLink}
              </TextLink>
              {loaderData.generalNote[1]}
            </p>
          )}

          {nothingMatches ? null : (
            <div className="mt-6 space-y-8" aria-busy={searching}>
              {generalShown ? (
                <Card title={text.general} headingLevel={2} className={CARD_CLASS}>
                  {general.length > 0 ? (
                    <DownloadsList downloads={general} words={downloadList} content={content} />
                  ) : (
                    <p className="text-slate-700">{text.noGeneral}</p>
                  )}
                </Card>
              ) : null}
              <Card title={text.products} headingLevel={2} className={CARD_CLASS}>
                {products.length > 0 ? (
                  <>
                    <ul className="grid items-start gap-x-8 lg:grid-cols-2">
                      {products.map((product) => (
                        <SupportProductRow
                          key={product.id}
                          product={product}
                          open={listsOpen}
                          words={text}
                          downloadList={downloadList}
                          content={content}
                        />
                      ))}
                    </ul>
                    <Pagination {...loaderData.pagination} />
                  </>
                ) : (
                  <p className="text-slate-700">{text.noProductDownloads}</p>
                )}
              </Card>
            </div>
          )}
        </>
      )}

      <p className="mt-10 text-slate-700">
        {loaderData.help[0]}
        <TextLink to="/contact" weight="medium">
          {text.contactLink}
        </TextLink>
        {loaderData.help[1]}
      </p>
    </div>
  );
}
