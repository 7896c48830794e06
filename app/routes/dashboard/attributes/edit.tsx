import { useNavigation, useSearchParams } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { TypedBeforeConflict } from "#app/components/forms";
import { Alert, Card, TextLink } from "#app/components/ui";
import { useOpenedRecord } from "#app/components/use-opened-record";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { isRefusal } from "#app/domain/conflict";
import type { PageHandle } from "#app/domain/live";
import { dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { readAdminForm } from "#app/server/runtime/session.server";
import { revalidateAfterConflict } from "../categories/delete-category";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { deleteFromForm, requireAttribute, saveFromForm } from "./actions.server";
import { AttributeForm, attributeFormValues, BackToAttributes } from "./attribute-form";

export const shouldRevalidate = revalidateAfterConflict;

export const handle: PageHandle = { live: ["attributes"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return dashboardMeta(loaderData ? `Edit ${loaderData.attribute.name}` : "Edit specification attribute");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  return { attribute: await requireAttribute(context, params.attributeId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readAdminForm(request, context);
  return posted.form.get("intent") === "delete"
    ? deleteFromForm(context, params.attributeId, posted)
    : saveFromForm(context, params.attributeId, posted);
}

export default function EditAttribute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const refusal = isRefusal(actionData) ? actionData : undefined;
  const saveAnswer = actionData && !isRefusal(actionData) ? actionData : undefined;
  const { record: attribute, conflict, typed } = useOpenedRecord(loaderData.attribute, idle ? saveAnswer : undefined);
  const stored = loaderData.attribute;
  const saved = idle && saveAnswer?.status === "saved";
  const [searchParams] = useSearchParams();
  return (
    <div className="space-y-6">
      <Card title={`Edit ${attribute.name}`}>
        <div className="space-y-4">
          {searchParams.has("restored") && !actionData ? <Alert tone="success">Attribute restored.</Alert> : null}
          {saved ? <Alert tone="success">Attribute {attribute.name} saved.</Alert> : null}
          {conflict && idle ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
          <TypedBeforeConflict value={typed}>
            <AttributeForm
              // Opened again on the newer record after a save or a conflict.
              key={attribute.version}
              id={`edit-attribute-${attribute.id}-${attribute.version}`}
              defaultValue={attributeFormValues(attribute)}
              lastResult={
                saveAnswer?.status === "invalid" || saveAnswer?.status === "failed" ? saveAnswer.result : null
              }
              version={attribute.version}
              submitLabel="Save"
            />
          </TypedBeforeConflict>
          <p className="flex flex-wrap gap-4">
            <BackToAttributes />
            <TextLink to={dashboardHistoryPath("attribute", attribute.id)} weight="medium">
              History
            </TextLink>
          </p>
        </div>
      </Card>
      <Card title="Delete specification attribute" headingLevel={2}>
        <div className="space-y-4">
          {refusal ? <Alert tone="error">{refusal.message}</Alert> : null}
          <ConfirmDelete
            key={stored.version}
            label={`Delete ${stored.name}`}
            prompt={ADMIN_MESSAGES.confirmAttributeDelete(stored.name)}
            version={stored.version}
            refusal={refusal}
          />
        </div>
      </Card>
    </div>
  );
}
