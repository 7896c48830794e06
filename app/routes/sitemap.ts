import { data } from "react-router";
import { SOURCE_LANGUAGE, languageBase } from "#app/domain/languages";
import { sitemapDocument } from "#app/server/site/sitemap.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { PageHandle } from "#app/domain/live";
import type { Route } from "./+types/sitemap";

/** Lists the catalog: cached for visitors until a change names those topics. */
export const handle: PageHandle = {
  live: ["products", "categories", "advisories", "settings"],
  cache: { query: ["part"] },
};

/** `/sitemap.xml`: every public page of the live catalog, in every language of the site, for search engines. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { sitemap, settings } = context.get(servicesContext);
  const [entries, { languages }] = await Promise.all([sitemap.listSitemapEntries(), settings.getSiteSettings()]);
  const asked = url.searchParams.get("part");
  const part = asked === null ? null : /^[1-9][0-9]{0,5}$/.test(asked) ? Number(asked) : Number.NaN;
  const document = sitemapDocument(
    entries,
    context.get(requestContext).publicUrl,
    [SOURCE_LANGUAGE, ...languages.map((language) => language.tag)].map((tag) => ({ tag, base: languageBase(tag) })),
    part,
  );
  if (document === null) throw data("No such part of the sitemap", { status: 404 });
  return new Response(document, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch it rarely; five minutes keeps repeated fetches cheap and changes visible soon.
      "Cache-Control": "public, max-age=300",
    },
  });
}
