import { Form, redirect } from "react-router";
import { FirmwareReleaseEntry } from "#app/components/firmware-release";
import { Pagination, requestedPage } from "#app/components/pagination";
import { Alert, Button } from "#app/components/ui";
import { Link } from "#app/components/links";
import { FIRMWARE_CHANNELS } from "#app/domain/firmware";
import type { PageHandle } from "#app/domain/live";
import { FIRMWARE_FEED_PATH, productFirmwareFeedPath, SUPPORT_FIRMWARE_PATH } from "#app/domain/paths";
import { seoContext, seoMeta } from "#app/domain/seo";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { releaseView, type FirmwareChannel } from "#app/server/admin/firmware.server";
import type { Route } from "./+types/support-firmware";
import { messageChain, paginationView } from "#app/server/render/messages.server";
import {
  downloadListWords,
  firmwareReleaseWords,
  listedRelease,
  pageWords,
} from "#app/server/render/page-languages.server";

export const handle: PageHandle = {
  live: ["firmware", "products", "advisories"],
  cache: { query: ["product", "channel", "page"] },
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta({
    ...seoContext(matches),
    title: loaderData?.title ?? "",
    description: loaderData?.words.text.description ?? "",
    path: SUPPORT_FIRMWARE_PATH,
  });

function channelOf(value: string | null): FirmwareChannel | undefined {
  return FIRMWARE_CHANNELS.find((channel) => channel === value);
}

/** Products offered for a piece of several models. */
const MATCHES_OFFERED = 12;

/**
 * Published releases newest first, narrowed to a product (`product`, its id; a model typed into the
 * form arrives as `model` and is turned into it, or, when it is a piece of several models, they are
 * offered to choose from) and a channel, 20 a page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalog, firmware, advisories } = context.get(servicesContext);
  const params = url.searchParams;
  const channel = channelOf(params.get("channel"));
  const typed = params.get("model")?.trim();
  let unknownModel = false;
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
    } else unknownModel = true;
  }
  const productId = params.get("product") ?? undefined;
  const product = productId ? await catalog.getProduct(productId) : null;
  const releases = await firmware.list({
    productId: product ? product.id : undefined,
    channel,
    page: requestedPage(url),
  });
  const chain = messageChain(context.get(requestContext).language);
  // The page's words in its language; what the releases' records say is English until translated.
  const words = pageWords("firmwarePage", chain, {
    model: product?.model ?? "",
    typed: holding?.typed ?? typed ?? "",
    total: holding?.total ?? 0,
    shown: holding?.products.length ?? 0,
  });
  const sizes = downloadListWords(chain);
  return {
    words,
    title: product ? words.text.titleFor : words.text.title,
    releaseWords: firmwareReleaseWords(chain),
    pagination: paginationView(releases, chain),
    releases: {
      ...releases,
      items: await Promise.all(
        releases.items.map(async (release) => ({
          ...listedRelease(releaseView(release), chain[0], sizes),
          fixes: (await advisories.fixedBy(release.id)).map(({ id, path }) => ({ id, path })),
        })),
      ),
    },
    channel: channel ?? "",
    product: product ? { id: product.id, slug: product.slug, model: product.model } : null,
    unknownProduct: Boolean(productId && !product),
    unknownModel,
    holding,
  };
}

export default function SupportFirmware({ loaderData }: Route.ComponentProps) {
  const { releases, channel, product, unknownProduct, unknownModel, holding, words, releaseWords } = loaderData;
  const { text } = words;
  const feed = product ? productFirmwareFeedPath(product) : FIRMWARE_FEED_PATH;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8" lang={words.lang} dir={words.dir}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{loaderData.title}</h1>
      <p className="text-slate-700">
        {text.intro}{" "}
        <Link to="/support" className="text-brand-700 underline">
          {text.otherDownloads}
        </Link>{" "}
        ·{" "}
        <a href={feed} className="text-brand-700 underline">
          {product ? text.feedFor : text.feed}
        </a>
      </p>
      <Form
        method="get"
        action={SUPPORT_FIRMWARE_PATH}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <div className="space-y-1">
          <label htmlFor="firmware-model" className="block text-sm font-medium text-slate-800">
            {text.model}
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
            {text.channel}
          </label>
          <select
            id="firmware-channel"
            name="channel"
            defaultValue={channel}
            key={channel}
            className="rounded-md border border-slate-500 px-3 py-2 text-sm"
          >
            <option value="">{text.everyChannel}</option>
            {FIRMWARE_CHANNELS.map((value) => (
              <option key={value} value={value}>
                {releaseWords.channels[value]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {text.show}
        </Button>
      </Form>
      {unknownModel ? <Alert tone="error">{text.unknownModel}</Alert> : null}
      {holding ? (
        <section aria-labelledby="firmware-models" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="firmware-models" className="font-semibold text-slate-900">
            {text.matches}
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
            <p className="mt-2 text-sm text-slate-600">{text.firstShown}</p>
          ) : null}
        </section>
      ) : null}
      {unknownProduct ? <Alert tone="info">{text.unknownProduct}</Alert> : null}
      {releases.total === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">{text.none}</p>
      ) : (
        <ol className="space-y-4" aria-label={text.list}>
          {releases.items.map((release) => (
            <li key={release.id} className="rounded-xl border border-slate-200 bg-white p-5">
              <FirmwareReleaseEntry release={release} words={releaseWords} headingLevel={2} />
            </li>
          ))}
        </ol>
      )}
      <Pagination {...loaderData.pagination} />
    </div>
  );
}
