import { robotsTxt } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { languageBase } from "#app/domain/languages";
import type { PageHandle } from "#app/domain/live";
import type { Route } from "./+types/robots";

/** The same until the site's languages change: cached for visitors until then. */
export const handle: PageHandle = { live: ["settings"], cache: {} };

/** `/robots.txt`: crawl the public site, not the admin side, in none of its languages, and find the sitemap. */
export async function loader({ context }: Route.LoaderArgs) {
  const { languages } = await context.get(servicesContext).settings.getSiteSettings();
  const bases = languages.map((language) => languageBase(language.tag));
  return new Response(robotsTxt(context.get(requestContext).publicUrl, bases), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
