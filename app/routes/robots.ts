import { robotsTxt } from "#app/domain/seo";
import { runtime } from "#app/server/runtime.server";
import type { PageHandle } from "#app/domain/live";

/** Fixed text: cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

/** `/robots.txt`: crawl the public site, not the admin side, and find the sitemap. */
export function loader() {
  return new Response(robotsTxt(runtime().env.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
