import { Alert, Card } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { undoableDeletion } from "../history/actions.server";
import { dashboardMeta } from "../meta";
import { UndoDelete } from "../undo-delete";
import type { Route } from "./+types/deleted";
import { BackToAttributes } from "./attribute-form";

export function meta() {
  return dashboardMeta("Specification attribute deleted");
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  // `?gone` when someone else deleted it while this admin was editing it.
  return {
    gone: url.searchParams.has("gone"),
    deletion: await undoableDeletion(context, "attribute", params.attributeId),
  };
}

export default function AttributeDeleted({ loaderData }: Route.ComponentProps) {
  return (
    <Card title="Specification attribute deleted">
      <div className="space-y-4">
        {loaderData.gone ? <Alert tone="info">{ADMIN_MESSAGES.gone}</Alert> : <p>The attribute was deleted.</p>}
        <UndoDelete deletion={loaderData.deletion} />
        <p>
          <BackToAttributes />
        </p>
      </div>
    </Card>
  );
}
