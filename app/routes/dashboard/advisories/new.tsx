import { Card } from "#app/components/ui";
import { DASHBOARD_NEW_ADVISORY_PATH, dashboardAdvisoryPath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { createdId } from "../answers.server";
import { CreatedScreen } from "../created-screen";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { releaseChoices, saveFromForm } from "./actions.server";
import { AdvisoryForm } from "./advisory-form";

export const meta = () => dashboardMeta("New security advisory");

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = createdId(url);
  const advisory = id ? await context.get(servicesContext).advisoryAdmin.get(id) : null;
  return {
    created: advisory ? { id: advisory.id, name: advisory.trackingId } : null,
    releases: advisory ? [] : await releaseChoices(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveFromForm(context, await readAdminForm(request, context));
}

export default function NewAdvisory({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  if (created) {
    return (
      <CreatedScreen
        title="New security advisory"
        message={`${created.name} created successfully.`}
        detailsPath={dashboardAdvisoryPath(created.id)}
        newPath={DASHBOARD_NEW_ADVISORY_PATH}
        addAnotherLabel="Add another advisory"
      />
    );
  }
  return (
    <Card title="New security advisory">
      <AdvisoryForm
        products={[]}
        releases={loaderData.releases}
        result={actionData && "result" in actionData ? actionData.result : null}
      />
    </Card>
  );
}
