import { data, redirect } from "react-router";
import { atomResponse, firmwareFeed } from "#app/domain/atom";
import type { PageHandle } from "#app/domain/live";
import { productFirmwareFeedPath, productFirmwarePath } from "#app/domain/paths";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { releaseFeedEntry } from "#app/server/admin/firmware.server";
import type { Route } from "./+types/product-firmware-feed";

export const handle: PageHandle = { live: ["firmware", "products", "settings"], cache: {} };

/** One published product's newest 50 firmware releases as an Atom feed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog, firmware, settings } = context.get(servicesContext);
  const product = await catalog.getProduct(params.productSlug);
  if (!product) throw data("Not Found", { status: 404, statusText: "Not Found" });
  if (params.productSlug !== product.slug) throw redirect(productFirmwareFeedPath(product), 301);
  const [{ items }, site] = await Promise.all([
    firmware.list({ productId: product.id, pageSize: 50 }),
    settings.getSiteSettings(),
  ]);
  return atomResponse(
    firmwareFeed({
      title: `${site.companyName} firmware for ${product.model}`,
      author: site.companyName,
      publicUrl: context.get(requestContext).publicUrl,
      selfPath: productFirmwareFeedPath(product),
      pagePath: productFirmwarePath(product.id),
      releases: items.map(releaseFeedEntry),
    }),
  );
}
