import { isRefusal } from "#app/domain/conflict";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { data, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { Alert, Card, TextLink } from "#app/components/ui";
import { TypedBeforeConflict } from "#app/components/forms";
import { useOpenedRecord } from "#app/components/use-opened-record";
import type { PageHandle } from "#app/domain/live";
import { productFirmwarePath } from "#app/domain/paths";
import { DASHBOARD_FIRMWARE_PATH, dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { deleteFromForm, editedRelease, saveFromForm } from "./actions.server";
import { FirmwareForm } from "./firmware-form";

export const handle: PageHandle = { live: ["firmware", "products"] };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  dashboardMeta(loaderData ? `Firmware ${loaderData.release.releaseVersion}` : "Not Found");

export async function loader({ context, params }: Route.LoaderArgs) {
  const opened = await editedRelease(context, params.releaseId);
  if (!opened) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return opened;
}

/** After a conflict (409) the newer data must be read, although an error status skips that by default. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readAdminForm(request, context);
  return posted.form.get("intent") === "delete"
    ? deleteFromForm(context, params.releaseId, posted)
    : saveFromForm(context, posted, params.releaseId);
}

export default function EditFirmware({ loaderData, actionData }: Route.ComponentProps) {
  const idle = useNavigation().state === "idle";
  const [searchParams] = useSearchParams();
  const refused = isRefusal(actionData) ? actionData : undefined;
  const answer = idle && actionData && !isRefusal(actionData) ? actionData : undefined;
  const { record, conflict, typed } = useOpenedRecord(loaderData, answer);
  const { release, products } = record;
  return (
    <Card title={`Firmware ${release.releaseVersion}`}>
      <div className="space-y-5">
        {searchParams.has("saved") && !answer ? <Alert tone="success">Firmware release saved.</Alert> : null}
        {searchParams.has("restored") && !answer ? <Alert tone="success">Firmware release restored.</Alert> : null}
        {refused ? <Alert tone="error">{refused.message}</Alert> : null}
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <TextLink to={DASHBOARD_FIRMWARE_PATH} weight="semibold">
            Back to firmware
          </TextLink>
          <TextLink to={dashboardHistoryPath("firmware", release.id)} weight="semibold">
            History
          </TextLink>
          {release.products[0] ? (
            <TextLink to={productFirmwarePath(release.products[0].id)} weight="semibold">
              View on site
            </TextLink>
          ) : null}
        </p>
        <TypedBeforeConflict value={typed}>
          <FirmwareForm
            key={release.version}
            release={release}
            products={products}
            result={answer && answer.status !== "conflict" && "result" in answer ? answer.result : null}
            conflict={conflict}
          />
        </TypedBeforeConflict>
        <ConfirmDelete
          label="Delete release"
          prompt={ADMIN_MESSAGES.confirmFirmwareDelete(release.releaseVersion)}
          version={release.version}
          refusal={refused}
        />
      </div>
    </Card>
  );
}
