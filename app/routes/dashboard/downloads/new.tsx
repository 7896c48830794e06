import { readForm } from "#app/server/form-data.server";
import { useState } from "react";
import { useNavigation } from "react-router";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { dashboardDownloadPath } from "#app/domain/paths";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { createFromForm } from "./actions.server";
import { DownloadForm } from "./download-form";

export function meta() {
  return dashboardMeta("New Download");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return createFromForm(context, await readForm(request));
}

export default function NewDownload({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The download just created. Kept in state: a live revalidation (e.g. another admin's settings
  // change) clears actionData, and must not take the success view away.
  const [created, setCreated] = useState<string | null>(null);
  const [seen, setSeen] = useState(actionData);
  if (actionData && actionData !== seen) {
    setSeen(actionData);
    setCreated(actionData.status === "created" ? actionData.id : null);
  }
  if (created && navigation.state === "idle") {
    return (
      <Card title="New Download">
        <div className="space-y-4">
          <Alert tone="success">{ADMIN_MESSAGES.downloadCreated}</Alert>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <TextLink to={dashboardDownloadPath(created)} weight="semibold">
              View details
            </TextLink>
            <Button variant="link" type="button" onClick={() => setCreated(null)}>
              Add another download
            </Button>
          </p>
        </div>
      </Card>
    );
  }
  return (
    <Card title="New Download">
      <DownloadForm result={actionData?.status === "created" ? undefined : actionData?.result} />
    </Card>
  );
}
