import { readForm } from "#app/server/form-data.server";
import { Alert, Card, TextLink } from "#app/components/ui";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { CategoryForm } from "./category-form";
import { DASHBOARD_NEW_CATEGORY_PATH, dashboardCategoryPath } from "#app/domain/paths";
import { servicesContext } from "#app/server/context.server";
import { createdId } from "../answers.server";

export function meta() {
  return dashboardMeta("New Category");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = createdId(request);
  const category = id ? await context.get(servicesContext).catalog.getCategory(id) : null;
  return { created: category ? { id: category.id, name: category.name } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return createFromForm(context, await readForm(request));
}

export default function NewCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  if (created) {
    return (
      <Card title="Category created">
        <Alert tone="success">Category {created.name} created successfully.</Alert>
        <p className="mt-4 flex flex-wrap gap-4">
          <TextLink to={dashboardCategoryPath(created.id)} weight="medium">
            View details
          </TextLink>
          <TextLink to={DASHBOARD_NEW_CATEGORY_PATH}>Add another category</TextLink>
        </p>
      </Card>
    );
  }
  return (
    <Card title="New Category">
      <CategoryForm
        id="new-category"
        defaultValue={{ name: "", description: "", features: [] }}
        lastResult={actionData?.result}
        submitLabel="Submit"
      />
    </Card>
  );
}
