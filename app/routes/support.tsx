import { useNavigation } from "react-router";
import { DownloadsList } from "#app/components/downloads-list";
import { PAGE_PARAM, Pagination, requestedPage } from "#app/components/pagination";
import { ResponsiveImage } from "#app/components/responsive-image";
import { SupportSearchForm } from "#app/components/support-search-form";
import { Card, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import { countNoun } from "#app/domain/format";
import {
  isFiltered,
  noDownloadsMatch,
  noProductDownloads,
  productsInView,
  SUPPORT_CATEGORY_PARAM,
  SUPPORT_KIND_PARAM,
  SUPPORT_QUERY_PARAM,
  supportUrl,
  type SupportFilter,
} from "#app/domain/support";
import { DOWNLOAD_KINDS, downloadKindNoun, isDownloadKind } from "#app/domain/download-kinds";
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
import { messageChain, paginationView } from "#app/server/render/messages.server";

// Categories too: the form lists them to choose from.
export const handle: PageHandle = {
  live: ["downloads", "products", "categories", "synonyms"],
  cache: { query: [SUPPORT_QUERY_PARAM, SUPPORT_CATEGORY_PARAM, SUPPORT_KIND_PARAM, PAGE_PARAM], byRecord: true },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    title: "Support and Downloads",
    description:
      "Download product catalogs, datasheets, user manuals, installation guides, firmware release notes and software for our AI security cameras and recorders.",
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
function SupportProductRow({ product, open }: { product: SupportProduct; open: boolean }) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 border-b border-slate-200 py-2.5">
      {/* The model right beside it names the picture. */}
      <ResponsiveImage
        image={product.image}
        alt={product.image.alt}
        sizes="80px"
        className="row-span-2 h-12 w-16 rounded-md bg-slate-100 object-cover sm:h-15 sm:w-20"
      />
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <h3 className="font-semibold break-words text-slate-900">
          <Link
            to={catalogProductPath(product)}
            className="text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {product.model}
          </Link>
        </h3>
        {/* On a phone the line is the model's: the row stays one line tall. */}
        {product.name ? <p className="text-sm text-slate-600 max-sm:hidden">{product.name}</p> : null}
      </div>
      <details open={open} className="group">
        <summary className="w-fit cursor-pointer list-none text-sm font-medium text-brand-700 hover:underline [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
            ›
          </span>
          <span>{countNoun(product.downloads.length, "download")}</span>
          <span className="sr-only"> for {product.model}</span>
        </summary>
        <DownloadsList downloads={product.downloads} />
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
  const filter: SupportFilter = {
    query,
    categoryName: category?.name ?? null,
    kindNoun: kind ? downloadKindNoun(kind) : null,
  };
  const nothingMatches = isFiltered(filter) && listing.productTotal === 0 && listing.general.length === 0;
  return {
    ...listing,
    pagination: paginationView(listing, messageChain(context.get(requestContext).language)),
    categories,
    categoryId: category?.id ?? "",
    kinds: DOWNLOAD_KINDS.map(({ value, group }) => ({ value, label: group })),
    kind: kind ?? "",
    filter,
    // The sentences are made here: the page's code needs none of their words.
    nothingMatches,
    status: nothingMatches
      ? noDownloadsMatch(filter)
      : listing.productTotal > 0 || isFiltered(filter)
        ? productsInView(listing.productTotal, filter)
        : "",
    noProducts: noProductDownloads(filter),
  };
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { general, products, filter, anyDownloads, nothingMatches } = loaderData;
  const filtered = isFiltered(filter);
  // A search that finds no general download says nothing of them: the products it found come first.
  const generalShown =
    filter.categoryName === null && (general.length > 0 || (filter.query === "" && filter.kindNoun === null));
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/support";
  const listsOpen = countDownloads(products) <= DOWNLOADS_SHOWN_OPEN;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Support</h1>
        <p className="mt-3 text-lg text-slate-700">
          Catalogs, datasheets, manuals, installation guides and software for our products. Every file opens in a new
          tab.
        </p>
        {/* Links on a line or two: on a phone the search and the first files stay in the first screen. */}
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-slate-700">
          <li>
            <TextLink to={SUPPORT_FIRMWARE_PATH} weight="medium">
              Firmware updates and release notes
            </TextLink>
          </li>
          <li>
            <TextLink to={SUPPORT_LIFECYCLE_PATH} weight="medium">
              Product lifecycle
            </TextLink>
          </li>
          <li>
            <TextLink to={SUPPORT_SECURITY_PATH} weight="medium">
              Security advisories
            </TextLink>
          </li>
          <li>
            <TextLink to={DISCLOSURE_POLICY_PATH} weight="medium">
              Vulnerability disclosure policy
            </TextLink>
          </li>
        </ul>
      </header>

      {!anyDownloads ? (
        <Card title="No Downloads Available" headingLevel={2} className="mt-8">
          <p className="text-slate-700">There are no files available for download.</p>
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
            />
          </div>
          <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p role="status" className={nothingMatches ? "font-medium text-slate-900" : "text-sm text-slate-600"}>
              {loaderData.status}
            </p>
            {filtered ? (
              <TextLink to="/support" weight="medium" className="text-sm">
                Show all downloads
              </TextLink>
            ) : null}
          </div>
          {filter.categoryName === null ? null : (
            <p className="mt-2 text-sm text-slate-600">
              General downloads such as the product catalog and software concern every product:{" "}
              <TextLink to={supportUrl({ query: filter.query, kind: loaderData.kind })} weight="medium">
                see them under all categories
              </TextLink>
              .
            </p>
          )}

          {nothingMatches ? null : (
            <div className="mt-6 space-y-8" aria-busy={searching}>
              {generalShown ? (
                <Card title="General Downloads" headingLevel={2} className={CARD_CLASS}>
                  {general.length > 0 ? (
                    <DownloadsList downloads={general} />
                  ) : (
                    <p className="text-slate-700">No general downloads available.</p>
                  )}
                </Card>
              ) : null}
              <Card title="Product Specific Downloads" headingLevel={2} className={CARD_CLASS}>
                {products.length > 0 ? (
                  <>
                    <ul className="grid items-start gap-x-8 lg:grid-cols-2">
                      {products.map((product) => (
                        <SupportProductRow key={product.id} product={product} open={listsOpen} />
                      ))}
                    </ul>
                    <Pagination {...loaderData.pagination} />
                  </>
                ) : (
                  <p className="text-slate-700">{loaderData.noProducts}</p>
                )}
              </Card>
            </div>
          )}
        </>
      )}

      <p className="mt-10 text-slate-700">
        Can&apos;t find what you need?{" "}
        <TextLink to="/contact" weight="medium">
          Contact us
        </TextLink>{" "}
        and we will help.
      </p>
    </div>
  );
}
