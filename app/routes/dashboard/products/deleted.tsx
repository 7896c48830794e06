import { Alert, Card, TextLink } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { undoableDeletion } from "../history/actions.server";
import { dashboardMeta } from "../meta";
import { UndoDelete } from "../undo-delete";
import type { Route } from "./+types/deleted";

export function meta() {
  return dashboardMeta(ADMIN_MESSAGES.productDeletedTitle);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return { deletion: await undoableDeletion(context, "product", params.productId) };
}

export default function ProductDeleted({ loaderData }: Route.ComponentProps) {
  return (
    <Card title={ADMIN_MESSAGES.productDeletedTitle}>
      <div className="space-y-4">
        <Alert tone="success">{ADMIN_MESSAGES.productDeleted}</Alert>
        <UndoDelete deletion={loaderData.deletion} />
        <TextLink to="/dashboard/products/" weight="semibold">
          Back to product list
        </TextLink>
      </div>
    </Card>
  );
}
