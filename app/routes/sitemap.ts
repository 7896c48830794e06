import { sitemapXml } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { PageHandle } from "#app/domain/live";
import type { Route } from "./+types/sitemap";

/** Lists the catalog: cached for visitors until a change names those topics. */
export const handle: PageHandle = { live: ["products", "categories", "advisories"], cache: {} };

/** `/sitemap.xml`: every public page of the live catalog, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await context.get(servicesContext).sitemap.listSitemapEntries();
  return new Response(sitemapXml(entries, context.get(requestContext).publicUrl), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch it rarely; five minutes keeps repeated fetches cheap and changes visible soon.
      "Cache-Control": "public, max-age=300",
    },
  });
}
