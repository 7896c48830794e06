import { Card, TextLink } from "#app/components/ui";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";
import { DASHBOARD_NEW_CATEGORY_PATH, dashboardCategoryPath } from "#app/domain/dashboard-paths";

export const handle: PageHandle = { live: ["categories", "products"] };

export function meta() {
  return dashboardMeta("Categories");
}

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await context.get(servicesContext).catalog.listCategories({ drafts: true }) };
}

/** requirements §2: every category by name ignoring letter case, with how many products it holds. */
export default function CategoryList({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <Card title="Categories">
      {categories.length === 0 ? (
        <p>No categories found</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Categories">
          {categories.map((category) => (
            <li key={category.id} className="py-2">
              <TextLink to={dashboardCategoryPath(category.id)} weight="medium">
                {category.name}
              </TextLink>{" "}
              <span className="text-slate-600">({category.productCount} product(s))</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <TextLink to={DASHBOARD_NEW_CATEGORY_PATH}>New Category</TextLink>
      </p>
    </Card>
  );
}
