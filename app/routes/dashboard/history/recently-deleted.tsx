import { Form, useNavigation } from "react-router";
import { TabIdInput } from "#app/components/forms";
import { LocalTime } from "#app/components/local-time";
import { Alert, Button, Card } from "#app/components/ui";
import { recordTypeName } from "#app/domain/record-kinds";
import type { PageHandle } from "#app/domain/live";
import { RECENTLY_DELETED_DAYS } from "#app/domain/revisions";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import { restoreDeletedFromForm } from "./actions.server";
import type { Route } from "./+types/recently-deleted";

export const handle: PageHandle = { live: ["*"] };

export function meta() {
  return dashboardMeta("Recently deleted");
}

export async function loader({ context }: Route.LoaderArgs) {
  return { deleted: await context.get(servicesContext).revisions.recentlyDeleted() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return restoreDeletedFromForm(context, await readAdminForm(request, context));
}

export default function RecentlyDeletedPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <Card title="Recently deleted">
      <div className="space-y-6">
        <p className="text-sm text-slate-600">
          Deleted products, categories, downloads, firmware releases, specification attributes and home page items can
          be restored whole for {RECENTLY_DELETED_DAYS} days, with their pictures, files, features and accessories.
          After that they and their files are gone for good.
        </p>
        {actionData && !busy ? <Alert tone="error">{actionData.message}</Alert> : null}
        {loaderData.deleted.length === 0 ? (
          <p className="text-slate-700">Nothing was deleted in the last {RECENTLY_DELETED_DAYS} days.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Deleted records, most recent first">
            {loaderData.deleted.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span className="wrap-anywhere">
                  <span className="text-slate-600">{recordTypeName(entry.recordType)}:</span>{" "}
                  <strong className="font-medium text-slate-900">{entry.label}</strong>, deleted{" "}
                  {entry.person ? `by ${entry.person} ` : ""}
                  <LocalTime iso={entry.at} />
                </span>
                <Form method="post">
                  <TabIdInput />
                  <input type="hidden" name="type" value={entry.recordType} />
                  <input type="hidden" name="id" value={entry.recordId} />
                  <input type="hidden" name="revision" value={entry.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Restore {entry.label}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
