import { Form, redirect } from "react-router";
import { FirmwareReleaseEntry } from "#app/components/firmware-release";
import { Pagination, requestedPage } from "#app/components/pagination";
import { Alert, Button } from "#app/components/ui";
import { Link } from "#app/components/links";
import { FIRMWARE_CHANNEL_NAMES, FIRMWARE_CHANNELS } from "#app/domain/firmware";
import type { PageHandle } from "#app/domain/live";
import { FIRMWARE_FEED_PATH, productFirmwareFeedPath, SUPPORT_FIRMWARE_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { releaseView, type FirmwareChannel } from "#app/server/admin/firmware.server";
import type { Route } from "./+types/support-firmware";
import { messageChain, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = {
  live: ["firmware", "products", "advisories"],
  cache: { query: ["product", "channel", "page"] },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    ...seoContext(matches),
    title: loaderData?.product ? `Firmware for ${loaderData.product.model}` : "Firmware",
    description: "Firmware releases for our cameras and recorders, with release notes and SHA-256 checksums.",
    path: SUPPORT_FIRMWARE_PATH,
  });

function channelOf(value: string | null): FirmwareChannel | undefined {
  return FIRMWARE_CHANNELS.find((channel) => channel === value);
}

/**
 * Published releases newest first, narrowed to a product (`product`, its id; a model typed into the
 * form arrives as `model` and is turned into it, or, when it is a piece of several models, they are
 * offered to choose from) and a channel, 20 a page.
 */
/** Products offered for a piece of several models. */
const MATCHES_OFFERED = 12;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog, firmware, advisories } = context.get(servicesContext);
  const params = url.searchParams;
  const channel = channelOf(params.get("channel"));
  const typed = params.get("model")?.trim();
  let notice: string | null = null;
  let holding: { products: { id: string; model: string }[]; total: number; typed: string } | null = null;
  if (params.has("model")) {
    const found = typed ? await catalog.publishedModelsHolding(typed, MATCHES_OFFERED) : null;
    if (found?.meant || !typed) {
      const next = new URLSearchParams();
      if (found?.meant) next.set("product", found.meant.id);
      if (channel) next.set("channel", channel);
      throw redirect(next.size ? `${SUPPORT_FIRMWARE_PATH}?${next.toString()}` : SUPPORT_FIRMWARE_PATH);
    }
    // A piece of several models: the visitor chooses which.
    if (found && found.total > 0) {
      holding = {
        products: found.holding.map((product) => ({ id: product.id, model: product.model })),
        total: found.total,
        typed,
      };
    } else notice = `No product has the model “${typed}”.`;
  }
  const productId = params.get("product") ?? undefined;
  const product = productId ? await catalog.getProduct(productId) : null;
  const releases = await firmware.list({
    productId: product ? product.id : undefined,
    channel,
    page: requestedPage(url),
  });
  return {
    pagination: paginationView(releases, messageChain(context.get(requestContext).language)),
    releases: {
      ...releases,
      items: await Promise.all(
        releases.items.map(async (release) => ({
          ...releaseView(release),
          fixes: (await advisories.fixedBy(release.id)).map(({ id, path }) => ({ id, path })),
        })),
      ),
    },
    channel: channel ?? "",
    product: product ? { id: product.id, slug: product.slug, model: product.model } : null,
    unknownProduct: Boolean(productId && !product),
    notice,
    holding,
  };
}

export default function SupportFirmware({ loaderData }: Route.ComponentProps) {
  const { releases, channel, product, unknownProduct, notice, holding } = loaderData;
  const feed = product ? productFirmwareFeedPath(product) : FIRMWARE_FEED_PATH;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {product ? `Firmware for ${product.model}` : "Firmware"}
      </h1>
      <p className="text-slate-700">
        Every release with its notes and the SHA-256 of its file, newest first.{" "}
        <Link to="/support" className="text-brand-700 underline">
          Manuals and other downloads
        </Link>{" "}
        ·{" "}
        <a href={feed} className="text-brand-700 underline">
          Atom feed{product ? ` for ${product.model}` : ""}
        </a>
      </p>
      <Form
        method="get"
        action={SUPPORT_FIRMWARE_PATH}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <div className="space-y-1">
          <label htmlFor="firmware-model" className="block text-sm font-medium text-slate-800">
            Product model
          </label>
          <input
            id="firmware-model"
            name="model"
            type="text"
            defaultValue={product?.model ?? holding?.typed ?? ""}
            key={product?.id ?? holding?.typed ?? "all"}
            autoComplete="off"
            className="rounded-md border border-slate-500 px-3 py-2 text-sm"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="firmware-channel" className="block text-sm font-medium text-slate-800">
            Channel
          </label>
          <select
            id="firmware-channel"
            name="channel"
            defaultValue={channel}
            key={channel}
            className="rounded-md border border-slate-500 px-3 py-2 text-sm"
          >
            <option value="">All channels</option>
            {FIRMWARE_CHANNELS.map((value) => (
              <option key={value} value={value}>
                {FIRMWARE_CHANNEL_NAMES[value]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Show releases
        </Button>
      </Form>
      {notice ? <Alert tone="error">{notice}</Alert> : null}
      {holding ? (
        <section aria-labelledby="firmware-models" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="firmware-models" className="font-semibold text-slate-900">
            {holding.total} products match “{holding.typed}”: choose one
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {holding.products.map((match) => (
              <li key={match.id}>
                <Link
                  to={`${SUPPORT_FIRMWARE_PATH}?${new URLSearchParams([["product", match.id], ...(channel ? [["channel", channel]] : [])]).toString()}`}
                  className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-brand-700 hover:bg-slate-50"
                >
                  {match.model}
                </Link>
              </li>
            ))}
          </ul>
          {holding.total > holding.products.length ? (
            <p className="mt-2 text-sm text-slate-600">
              The first {holding.products.length} are shown: type more of the model to narrow them.
            </p>
          ) : null}
        </section>
      ) : null}
      {unknownProduct ? <Alert tone="info">That product is not in the catalog: every release is shown.</Alert> : null}
      {releases.total === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No firmware releases found.</p>
      ) : (
        <ol className="space-y-4" aria-label="Firmware releases, newest first">
          {releases.items.map((release) => (
            <li key={release.id} className="rounded-xl border border-slate-200 bg-white p-5">
              <FirmwareReleaseEntry release={release} headingLevel={2} />
            </li>
          ))}
        </ol>
      )}
      <Pagination {...loaderData.pagination} />
    </div>
  );
}
