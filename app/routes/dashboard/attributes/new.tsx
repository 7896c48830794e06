import { Card } from "#app/components/ui";
import { DASHBOARD_NEW_ATTRIBUTE_PATH, dashboardAttributePath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { createdId } from "../answers.server";
import { CreatedScreen } from "../created-screen";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { AttributeForm, BackToAttributes, NEW_ATTRIBUTE } from "./attribute-form";

export function meta() {
  return dashboardMeta("New specification attribute");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = createdId(url);
  const attribute = id ? await context.get(servicesContext).attributeAdmin.getAttribute(id) : null;
  return { created: attribute ? { id: attribute.id, name: attribute.name } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return createFromForm(context, await readAdminForm(request, context));
}

export default function NewAttribute({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  if (created) {
    return (
      <CreatedScreen
        title="Specification attribute created"
        message={`Attribute ${created.name} created successfully.`}
        detailsPath={dashboardAttributePath(created.id)}
        newPath={DASHBOARD_NEW_ATTRIBUTE_PATH}
        addAnotherLabel="Add another attribute"
      />
    );
  }
  return (
    <Card title="New specification attribute">
      <div className="space-y-4">
        <AttributeForm
          id="new-attribute"
          defaultValue={NEW_ATTRIBUTE}
          lastResult={actionData?.result}
          submitLabel="Submit"
        />
        <p>
          <BackToAttributes />
        </p>
      </div>
    </Card>
  );
}
