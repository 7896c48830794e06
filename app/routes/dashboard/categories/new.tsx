import { readForm } from "#app/server/form-data.server";
import { useNavigation } from "react-router";
import { Alert, Card, TextLink } from "#app/components/ui";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { CategoryForm } from "./category-form";
import { dashboardCategoryPath } from "#app/domain/paths";

export function meta() {
  return dashboardMeta("New Category");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return createFromForm(context, await readForm(request));
}

export default function NewCategory({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const created = navigation.state === "idle" ? actionData?.created : null;
  if (created) {
    return (
      <Card title="Category created">
        <Alert tone="success">Category {created.name} created successfully.</Alert>
        <p className="mt-4 flex flex-wrap gap-4">
          <TextLink to={dashboardCategoryPath(created.id)} weight="medium">
            View details
          </TextLink>
          <TextLink to="/dashboard/categories/new">Add another category</TextLink>
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
