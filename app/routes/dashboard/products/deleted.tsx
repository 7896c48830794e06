import { Alert, Card, TextLink } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/deleted";

export function meta() {
  return dashboardMeta(ADMIN_MESSAGES.productDeletedTitle);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin(url, context);
  return null;
}

export default function ProductDeleted() {
  return (
    <Card title={ADMIN_MESSAGES.productDeletedTitle}>
      <div className="space-y-4">
        <Alert tone="success">{ADMIN_MESSAGES.productDeleted}</Alert>
        <TextLink to="/dashboard/products/" weight="semibold">
          Back to product list
        </TextLink>
      </div>
    </Card>
  );
}
