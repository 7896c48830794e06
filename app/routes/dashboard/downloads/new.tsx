import { Card } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { DASHBOARD_NEW_DOWNLOAD_PATH, dashboardDownloadPath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { createdId } from "../answers.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import { CreatedScreen } from "../created-screen";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { DownloadForm } from "./download-form";

export function meta() {
  return dashboardMeta("New Download");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = createdId(url);
  const download = id ? await context.get(servicesContext).downloadAdmin.getGeneralDownload(id) : undefined;
  return { created: download ? { id: download.id } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return createFromForm(context, await readAdminForm(request, context));
}

export default function NewDownload({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  if (created) {
    return (
      <CreatedScreen
        title="New Download"
        message={ADMIN_MESSAGES.downloadCreated}
        detailsPath={dashboardDownloadPath(created.id)}
        newPath={DASHBOARD_NEW_DOWNLOAD_PATH}
        addAnotherLabel="Add another download"
      />
    );
  }
  return (
    <Card title="New Download">
      <DownloadForm result={actionData?.result} />
    </Card>
  );
}
