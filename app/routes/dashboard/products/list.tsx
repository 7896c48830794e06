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
import { DASHBOARD_NEW_PRODUCT_PATH } from "#app/domain/dashboard-paths";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = { live: ["products"] };

export function meta() {
  return dashboardMeta("Products");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { search, page } = listRequest(url);
  const products = await context.get(servicesContext).productAdmin.listAdminProducts({ search, page });
  return { search, products, pagination: paginationView(products, DASHBOARD_LANGUAGES) };
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
      <PagedList
        paged={loaderData.products}
        pagination={loaderData.pagination}
        search={loaderData.search}
        searchLabel="Search by model"
        noun="product"
        empty={<p>No products found</p>}
      >
        {(products) => (
          <ul className="divide-y divide-slate-200" aria-label="Products by model">
            {products.map((product) => (
              <li key={product.id}>
                <Link
                  to={dashboardProductPath(product.id)}
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
