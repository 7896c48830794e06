import { PublicationBadge } from "#app/components/publication-badge";
import { NdaaIcon } from "#app/components/ndaa";
import { ResponsiveImage } from "#app/components/responsive-image";
import { Card, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { listRequest, PagedList } from "../list-controls";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";
import { dashboardProductPath } from "#app/domain/paths";
import { DASHBOARD_NEW_PRODUCT_PATH, dashboardProductTranslationsPath } from "#app/domain/dashboard-paths";
import { languageName } from "#app/domain/language-settings";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = { live: ["products"] };

export function meta() {
  return dashboardMeta("Products");
}

/** The list's parameter for the products that need a translation into a language ("Needs German"). */
const NEEDS_PARAM = "needs";

/** The filter the list shows now: bold, and no link to follow. */
const CURRENT_FILTER_CLASS = "aria-[current=page]:font-semibold aria-[current=page]:no-underline";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { productAdmin, settings } = context.get(servicesContext);
  const { search, page } = listRequest(url);
  const languages = (await settings.getSiteSettings()).languages.map(({ tag }) => ({ tag, name: languageName(tag) }));
  // A language the site no longer has filters nothing.
  const needs = languages.find(({ tag }) => tag === url.searchParams.get(NEEDS_PARAM));
  const products = await productAdmin.listAdminProducts({ search, page, needs: needs?.tag });
  return { search, products, pagination: paginationView(products, DASHBOARD_LANGUAGES), languages, needs };
}

export default function DashboardProducts({ loaderData }: Route.ComponentProps) {
  return (
    <Card title="Products">
      <p className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
        <TextLink to={DASHBOARD_NEW_PRODUCT_PATH} weight="semibold">
          New Product
        </TextLink>
        {/* Files, not pages: the browser downloads them. */}
        <TextLink href="/dashboard/products/export.csv" download>
          Export all as CSV
        </TextLink>
        <TextLink href="/dashboard/products/export.xlsx" download>
          Export all as Excel
        </TextLink>
        <TextLink to="/dashboard/products/import">Import from a spreadsheet</TextLink>
      </p>
      {loaderData.languages.length > 0 ? (
        <nav aria-label="Translations" className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="font-medium text-slate-700">Show:</span>
          <TextLink
            to="/dashboard/products/"
            aria-current={loaderData.needs ? undefined : "page"}
            className={CURRENT_FILTER_CLASS}
          >
            All products
          </TextLink>
          {loaderData.languages.map((language) => (
            <TextLink
              key={language.tag}
              to={`/dashboard/products/?${NEEDS_PARAM}=${language.tag}`}
              aria-current={loaderData.needs?.tag === language.tag ? "page" : undefined}
              className={CURRENT_FILTER_CLASS}
            >
              {`Needs ${language.name}`}
            </TextLink>
          ))}
        </nav>
      ) : null}
      <PagedList
        paged={loaderData.products}
        pagination={loaderData.pagination}
        search={loaderData.search}
        searchLabel="Search by model"
        noun="product"
        empty={
          <p>{loaderData.needs ? `Every product is translated into ${loaderData.needs.name}.` : "No products found"}</p>
        }
        keep={loaderData.needs ? { [NEEDS_PARAM]: loaderData.needs.tag } : {}}
      >
        {(products) => (
          <ul className="divide-y divide-slate-200" aria-label="Products by model">
            {products.map((product) => (
              <li key={product.id}>
                <Link
                  to={
                    loaderData.needs
                      ? dashboardProductTranslationsPath(product.id, loaderData.needs.tag)
                      : dashboardProductPath(product.id)
                  }
                  className="flex items-center gap-4 rounded-md px-2 py-2 hover:bg-slate-50"
                >
                  <ResponsiveImage
                    image={product.image}
                    alt=""
                    sizes="64px"
                    className="h-12 w-16 rounded object-cover"
                  />
                  <span className="font-medium text-brand-700">{product.model}</span>
                  {product.ndaa ? <NdaaIcon label="NDAA compliant" /> : null}
                  <PublicationBadge publication={product.publication} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
