import { readForm } from "#app/server/form-data.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useNavigation } from "react-router";
import { Alert, Card, TextLink } from "#app/components/ui";
import { categorySchema } from "#app/domain/forms/category";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { createCategory } from "#app/server/admin/categories.server";
import { FieldRuleError, formTabId } from "#app/server/admin/write.server";
import { runtime } from "#app/server/runtime.server";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
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
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: [ADMIN_MESSAGES.checkEachInput] }), created: null }, 400);
  }
  try {
    const id = await createCategory(submission.value, formTabId(formData));
    return { result: submission.reply({ resetForm: true }), created: { id, name: submission.value.name } };
  } catch (error) {
    if (error instanceof FieldRuleError) {
      return data(
        { result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }), created: null },
        409,
      );
    }
    runtime().logger.error({ err: error }, "could not create the category");
    return data(
      { result: submission.reply({ formErrors: [ADMIN_MESSAGES.categorySubmitFailed] }), created: null },
      500,
    );
  }
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
