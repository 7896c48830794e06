import { HomeAdminToolbar, InfoItemControls } from "#app/components/home-admin/tools";
import { Card } from "#app/components/ui";
import { countNoun } from "#app/domain/format";
import type { LiveHandle } from "#app/domain/live";
import { listInfoItems } from "#app/server/info.server";
import { requireAdmin } from "#app/server/session.server";
import { catalogCounts } from "#app/server/summary.server";
import { dashboardMeta } from "./meta";
import type { Route } from "./+types/summary";

export const handle: LiveHandle = { live: ["categories", "products", "info"] };

export function meta() {
  return dashboardMeta();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [counts, items] = await Promise.all([catalogCounts(), listInfoItems()]);
  return { counts, items };
}

const TYPE_LABELS = { banner: "Banner", card: "Card", image: "Image" } as const;

export default function DashboardSummary({ loaderData }: Route.ComponentProps) {
  const { counts, items } = loaderData;
  return (
    <div className="space-y-6">
      <Card title="Dashboard">
        {counts.categories === 0 && counts.products === 0 ? (
          <p>No products or categories</p>
        ) : (
          <p data-testid="catalog-counts">
            {countNoun(counts.categories, "category", "categories")}, {countNoun(counts.products, "product")}
          </p>
        )}
      </Card>
      <Card title="Home page items" headingLevel={2}>
        <div className="mb-4">
          <HomeAdminToolbar />
        </div>
        {items.length === 0 ? (
          <p className="text-slate-600">There are no info items yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label="Banners, cards and images, newest first">
            {items.map((item) => (
              <li key={item.id} className="space-y-2 py-3">
                <div className="flex items-center gap-3">
                  <span className="w-16 shrink-0 text-xs font-semibold uppercase text-slate-600">
                    {TYPE_LABELS[item.type]}
                  </span>
                  <span className="min-w-0 flex-1 truncate">
                    {item.heading ?? item.content ?? (item.image ? "Image" : "")}
                  </span>
                  <time dateTime={item.sortAt} className="shrink-0 text-xs text-slate-600">
                    {new Date(item.sortAt).toISOString().slice(0, 10)}
                  </time>
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
