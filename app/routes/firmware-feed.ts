import { atomResponse, firmwareFeed } from "#app/domain/atom";
import type { PageHandle } from "#app/domain/live";
import { FIRMWARE_FEED_PATH, SUPPORT_FIRMWARE_PATH } from "#app/domain/paths";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { releaseFeedEntry } from "#app/server/admin/firmware.server";
import type { Route } from "./+types/firmware-feed";

/** Cached for visitors until a release or a product changes. */
export const handle: PageHandle = { live: ["firmware", "products", "settings"], cache: {} };

/** The newest 50 published firmware releases as an Atom feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { firmware, settings } = context.get(servicesContext);
  const [{ items }, site] = await Promise.all([firmware.list({ pageSize: 50 }), settings.getSiteSettings()]);
  return atomResponse(
    firmwareFeed({
      title: `${site.companyName} firmware`,
      author: site.companyName,
      publicUrl: context.get(requestContext).publicUrl,
      selfPath: FIRMWARE_FEED_PATH,
      pagePath: SUPPORT_FIRMWARE_PATH,
      releases: items.map(releaseFeedEntry),
    }),
  );
}
