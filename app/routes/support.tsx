import { Link } from "react-router";
import { DownloadsList } from "#app/components/downloads-list";
import { Pagination, PAGE_PARAM, requestedPage } from "#app/components/pagination";
import { ResponsiveImage } from "#app/components/responsive-image";
import { Card } from "#app/components/ui";
import type { PageHandle } from "#app/domain/live";
import { seoContext, seoMeta } from "#app/domain/seo";
import { listSupportDownloads } from "#app/server/catalog.server";
import type { Route } from "./+types/support";

export const handle: PageHandle = { live: ["downloads", "products"], cache: { query: [PAGE_PARAM] } };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Support and Downloads",
    description:
      "Download product catalogs, datasheets, user manuals, installation guides, firmware release notes and software for our AI security cameras and recorders.",
    path: "/support",
    ...seoContext(matches),
  });

export async function loader({ request }: Route.LoaderArgs) {
  return listSupportDownloads({ page: requestedPage(new URL(request.url)) });
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { general, products } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Support</h1>
        <p className="mt-3 text-lg text-slate-700">
          Catalogs, datasheets, manuals, installation guides and software for our products. Every file opens in a new
          tab.
        </p>
      </header>

      {/* Long file names have no spaces to wrap at; on a phone they must still break rather than overflow. */}
      <div className="mt-8 space-y-8 wrap-anywhere">
        {general.length === 0 && products.length === 0 ? (
          <Card title="No Downloads Available" headingLevel={2}>
            <p className="text-slate-700">There are no files available for download.</p>
          </Card>
        ) : (
          <>
            <Card title="General Downloads" headingLevel={2}>
              {general.length > 0 ? (
                <DownloadsList downloads={general} />
              ) : (
                <p className="text-slate-700">No general downloads available.</p>
              )}
            </Card>
            <Card title="Product Specific Downloads" headingLevel={2}>
              {products.length > 0 ? (
                <>
                  <ul className="grid gap-4 lg:grid-cols-2">
                    {products.map((product) => (
                      <li key={product.id} className="flex gap-4 rounded-lg border border-slate-200 p-4">
                        {/* Without a description, the model right beside it names the picture. */}
                        <ResponsiveImage
                          image={product.image}
                          alt={product.image.alt}
                          sizes="112px"
                          className="h-20 w-28 shrink-0 rounded-md bg-slate-100 object-cover"
                        />
                        <div className="min-w-0 flex-1">
                          <h3 className="text-lg font-semibold text-slate-900">
                            <Link
                              to={`/catalog/products/${product.id}`}
                              className="text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
                            >
                              {product.model}
                            </Link>
                          </h3>
                          <DownloadsList downloads={product.downloads} />
                        </div>
                      </li>
                    ))}
                  </ul>
                  <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
                </>
              ) : (
                <p className="text-slate-700">No product-specific downloads available.</p>
              )}
            </Card>
          </>
        )}
      </div>

      <p className="mt-10 text-slate-700">
        Can&apos;t find what you need?{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline hover:text-brand-900">
          Contact us
        </Link>{" "}
        and we will help.
      </p>
    </div>
  );
}
