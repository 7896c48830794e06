import { robotsTxt } from "#app/domain/seo";
import { requestContext } from "#app/server/runtime/context.server";
import type { PageHandle } from "#app/domain/live";
import type { Route } from "./+types/robots";

/** Fixed text: cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

/** `/robots.txt`: crawl the public site, not the admin side, and find the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(requestContext).publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
