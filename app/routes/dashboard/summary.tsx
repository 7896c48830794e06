import { PublicationBadge } from "#app/components/publication-badge";
import { HomeAdminToolbar, InfoItemControls } from "#app/components/home-admin/tools";
import { ResponsiveImage } from "#app/components/responsive-image";
import { Alert, Card } from "#app/components/ui";
import { useSearchParams } from "react-router";
import { INFO_ITEM_TYPE_NAMES, type InfoItemView } from "#app/domain/forms/info-item";
import { countNoun, formatDate } from "#app/domain/format";
import { INFO_IMAGE_SLOTS } from "#app/domain/home-images";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "./meta";
import type { Route } from "./+types/summary";

export const handle: PageHandle = { live: ["categories", "products", "info"] };

export function meta() {
  return dashboardMeta();
}

export async function loader({ context }: Route.LoaderArgs) {
  const [counts, items] = await Promise.all([
    context.get(servicesContext).summary.catalogCounts(),
    context.get(servicesContext).infoItems.listInfoItems({ drafts: true }),
  ]);
  return { counts, items };
}

/** The thumbnails show each picture cut as its slot on the home page cuts it. */
const THUMBNAIL_CLASSES = { card: "h-12 w-16", image: "h-9 w-16", slide: "h-6 w-16" } as const;

/**
 * The date an admin looks for in the list: when the item was last edited, or added if never since.
 * Moving an item to the top is neither, so two items moved on one day still show their own dates.
 */
function ItemDate({ item }: { item: InfoItemView }) {
  const changed = new Date(item.updatedAt).getTime() > new Date(item.createdAt).getTime();
  const at = changed ? item.updatedAt : item.createdAt;
  return (
    <span className="shrink-0 text-xs text-slate-600">
      {changed ? "Changed" : "Added"} <time dateTime={at}>{formatDate(at)}</time>
    </span>
  );
}

/** A card's heading, a banner's text, an image's description. */
function ItemLabel({ item }: { item: InfoItemView }) {
  const text = item.heading ?? item.content ?? item.image?.alt;
  if (text) return <span className="min-w-0 flex-1 truncate">{text}</span>;
  return <span className="min-w-0 flex-1 truncate text-slate-600 italic">No image description</span>;
}

export default function DashboardSummary({ loaderData }: Route.ComponentProps) {
  const { counts, items } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <div className="space-y-6">
      {searchParams.has("restored") ? <Alert tone="success">Home page item restored.</Alert> : null}
      <Card title="Dashboard">
        {counts.categories === 0 && counts.products === 0 ? (
          <p>No products or categories</p>
        ) : (
          <p data-testid="catalog-counts">
            {countNoun(counts.categories, "category", "categories")}, {countNoun(counts.products, "product")}
          </p>
        )}
      </Card>
      <Card title="Info items" headingLevel={2}>
        <div className="mb-4">
          <HomeAdminToolbar />
        </div>
        {items.length === 0 ? (
          <p className="text-slate-600">There are no info items yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label="Banners, cards, images and slides, newest first">
            {items.map((item) => (
              <li key={item.id} className="space-y-2 py-3">
                {/* On the narrowest screens the date goes under the rest rather than past the edge. */}
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="w-16 shrink-0 text-xs font-semibold uppercase text-slate-600">
                    {INFO_ITEM_TYPE_NAMES[item.type]}
                  </span>
                  <span className="flex h-12 w-16 shrink-0 items-center">
                    {item.image && item.type !== "banner" ? (
                      // The label beside it names the item; the picture is there to be recognised.
                      <ResponsiveImage
                        image={item.image}
                        alt=""
                        crop={INFO_IMAGE_SLOTS[item.type].crop}
                        sizes="64px"
                        className={`${THUMBNAIL_CLASSES[item.type]} rounded bg-slate-100 object-cover`}
                        data-testid="info-item-thumbnail"
                      />
                    ) : null}
                  </span>
                  <ItemLabel item={item} />
                  <PublicationBadge publication={item.publication} />
                  {item.onHomePage ? null : (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      News only
                    </span>
                  )}
                  <ItemDate item={item} />
                </div>
                <InfoItemControls item={item} />
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
