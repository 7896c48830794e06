import { Card } from "#app/components/ui";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import { CreatedScreen } from "../created-screen";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { CategoryForm } from "./category-form";
import { DASHBOARD_NEW_CATEGORY_PATH, dashboardCategoryPath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { createdId } from "../answers.server";

export function meta() {
  return dashboardMeta("New Category");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = createdId(url);
  const category = id ? await context.get(servicesContext).catalog.getCategory(id, { latest: true }) : null;
  return {
    created: category ? { id: category.id, name: category.name } : null,
    library: id ? [] : await context.get(servicesContext).attributeAdmin.listAttributes(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return createFromForm(context, await readAdminForm(request, context));
}

export default function NewCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  if (created) {
    return (
      <CreatedScreen
        title="Category created"
        message={`Category ${created.name} created successfully.`}
        detailsPath={dashboardCategoryPath(created.id)}
        newPath={DASHBOARD_NEW_CATEGORY_PATH}
        addAnotherLabel="Add another category"
      />
    );
  }
  return (
    <Card title="New Category">
      <CategoryForm
        id="new-category"
        defaultValue={{ name: "", description: "", featureGroups: "", features: [], attributes: [] }}
        library={loaderData.library}
        lastResult={actionData?.result}
        submitLabel="Submit"
      />
    </Card>
  );
}
