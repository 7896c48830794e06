import { Card } from "#app/components/ui";
import type { LiveHandle } from "#app/domain/live";
import { pageTitle } from "#app/domain/site";
import { requireAdmin } from "#app/server/session.server";
import { catalogCounts } from "#app/server/summary.server";
import type { Route } from "./+types/dashboard";

export const handle: LiveHandle = { live: ["categories", "products"] };

export function meta() {
  return [{ title: pageTitle("Dashboard") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  return { email: user.email, counts: await catalogCounts() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Card title="Dashboard">
        <p className="text-slate-600">Signed in as {loaderData.email}</p>
        {counts.categories === 0 && counts.products === 0 ? (
          <p className="mt-4">No products or categories</p>
        ) : (
          <p className="mt-4" data-testid="catalog-counts">
            {counts.categories} {counts.categories === 1 ? "category" : "categories"}, {counts.products}{" "}
            {counts.products === 1 ? "product" : "products"}
          </p>
        )}
      </Card>
    </div>
  );
}
