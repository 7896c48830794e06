import { Card } from "#app/components/ui";
import { DASHBOARD_NEW_FIRMWARE_PATH, dashboardFirmwarePath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { createdId } from "../answers.server";
import { CreatedScreen } from "../created-screen";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { saveFromForm } from "./actions.server";
import { FirmwareForm } from "./firmware-form";

export const meta = () => dashboardMeta("New firmware release");

export async function loader({ url, context }: Route.LoaderArgs) {
  const id = createdId(url);
  const release = id ? await context.get(servicesContext).firmware.get(id) : null;
  return { created: release ? { id: release.id, name: release.releaseVersion } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveFromForm(context, await readAdminForm(request, context));
}

export default function NewFirmware({ loaderData, actionData }: Route.ComponentProps) {
  const { created } = loaderData;
  if (created) {
    return (
      <CreatedScreen
        title="New firmware release"
        message={`Firmware ${created.name} created successfully.`}
        detailsPath={dashboardFirmwarePath(created.id)}
        newPath={DASHBOARD_NEW_FIRMWARE_PATH}
        addAnotherLabel="Add another release"
      />
    );
  }
  return (
    <Card title="New firmware release">
      <FirmwareForm products={[]} result={actionData && "result" in actionData ? actionData.result : null} />
    </Card>
  );
}
