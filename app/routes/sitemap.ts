import { sitemapXml } from "#app/domain/seo";
import { runtime } from "#app/server/runtime.server";
import { listSitemapEntries } from "#app/server/sitemap.server";
import type { PageHandle } from "#app/domain/live";

/** Lists the catalog: cached for visitors until a change names those topics. */
export const handle: PageHandle = { live: ["products", "categories"], cache: {} };

/** `/sitemap.xml`: every public page of the live catalog, for search engines. */
export async function loader() {
  const entries = await listSitemapEntries();
  return new Response(sitemapXml(entries, runtime().env.publicUrl), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch it rarely; five minutes keeps repeated fetches cheap and changes visible soon.
      "Cache-Control": "public, max-age=300",
    },
  });
}
