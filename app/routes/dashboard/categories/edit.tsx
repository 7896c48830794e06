import { useNavigation } from "react-router";
import { isRefusal } from "#app/domain/conflict";
import { Alert, Card, TextLink } from "#app/components/ui";
import { TypedBeforeConflict } from "#app/components/forms";
import { useOpenedRecord } from "#app/components/use-opened-record";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { PageHandle } from "#app/domain/live";
import { readAdminForm } from "#app/server/runtime/session.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { deleteFromForm, requireCategory, saveFromForm } from "./actions.server";
import { CategoryForm } from "./category-form";
import { DeleteCategory, revalidateAfterConflict } from "./delete-category";
import { dashboardCategoryPath } from "#app/domain/dashboard-paths";

export const shouldRevalidate = revalidateAfterConflict;

// Live like every dashboard page: the delete button knows the category's products as they are now,
// while the form stays on the version it was opened on (useOpenedRecord), so typing is never lost.
export const handle: PageHandle = { live: ["categories", "products"] };

export function meta({ data: loaderData }: Route.MetaArgs) {
  return dashboardMeta(`Edit ${loaderData?.category.name ?? "Category"}`);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const [category, library] = await Promise.all([
    requireCategory(context, params.categoryId),
    context.get(servicesContext).attributeAdmin.listAttributes(),
  ]);
  return { category, library };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readAdminForm(request, context);
  if (posted.form.get("intent") === "delete") return deleteFromForm(context, params.categoryId, posted);
  return saveFromForm(context, params.categoryId, posted);
}

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const refusal = isRefusal(actionData) ? actionData : undefined;
  const saveAnswer = actionData && !isRefusal(actionData) ? actionData : undefined;
  const { record: category, conflict, typed } = useOpenedRecord(loaderData.category, idle ? saveAnswer : undefined);
  // A delete goes by the newest version the page has read: a refused one re-reads it.
  const stored = loaderData.category;
  return (
    <Card title={`Edit ${category.name}`}>
      <div className="space-y-6">
        {conflict && idle ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
        <TypedBeforeConflict value={typed}>
          <CategoryForm
            // Opened again on the newer record after a conflict.
            key={category.version}
            id={`edit-category-${category.id}-${category.version}`}
            defaultValue={{
              name: category.name,
              description: category.description,
              featureGroups: category.featureGroups.join("\n"),
              features: category.features.map(({ id, label, group }) => ({ id, label, group })),
              attributes: category.attributes.map(({ id, required, filter }) => ({
                attributeId: id,
                required,
                filter,
              })),
            }}
            library={loaderData.library}
            lastResult={saveAnswer?.status === "conflict" ? null : saveAnswer?.result}
            version={category.version}
            submitLabel="Submit"
          >
            <TextLink to={dashboardCategoryPath(category.id)}>Cancel edit</TextLink>
          </CategoryForm>
        </TypedBeforeConflict>
        <DeleteCategory name={stored.name} version={stored.version} products={stored.products} refusal={refusal} />
        <p>
          <TextLink to="/dashboard/categories/" weight="medium">
            Back to category list
          </TextLink>
        </p>
      </div>
    </Card>
  );
}
