import { atomResponse, newsFeed } from "#app/domain/atom";
import type { PageHandle } from "#app/domain/live";
import { NEWS_FEED_SIZE, newsTitle } from "#app/domain/news";
import { NEWS_FEED_PATH, NEWS_PATH } from "#app/domain/paths";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/news-feed";

/** Cached for visitors until an item or the settings (the company's name) change. */
export const handle: PageHandle = { live: ["info", "settings"], cache: {} };

/** The newest published home page items, also those no longer on it, as an Atom feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { infoItems, settings } = context.get(servicesContext);
  const [items, site] = await Promise.all([infoItems.latestNews(NEWS_FEED_SIZE), settings.getSiteSettings()]);
  return atomResponse(
    newsFeed({
      title: `${site.companyName} news`,
      author: site.companyName,
      publicUrl: context.get(requestContext).publicUrl,
      selfPath: NEWS_FEED_PATH,
      pagePath: NEWS_PATH,
      emptyUpdated: new Date().toISOString(),
      items: items.map((item) => ({
        id: item.id,
        title: newsTitle(item) || "News",
        text: item.content ?? "",
        image: item.image ? { url: item.image.url, alt: item.image.alt } : null,
        link: item.link,
        datedOn: item.datedOn,
        updatedAt: item.updatedAt,
      })),
    }),
  );
}
