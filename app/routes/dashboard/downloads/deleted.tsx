import { Link } from "react-router";
import { Alert, Card } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/deleted";

export function meta() {
  return dashboardMeta("Download deleted");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // `?gone` when the download was deleted by someone else while this admin was editing it.
  return { gone: new URL(request.url).searchParams.has("gone") };
}

/** requirements §4: after a download is deleted, its deleted screen. */
export default function DownloadDeleted({ loaderData }: Route.ComponentProps) {
  return (
    <Card title="Download deleted">
      <div className="space-y-4">
        {loaderData.gone ? (
          <Alert tone="info">{ADMIN_MESSAGES.gone}</Alert>
        ) : (
          <p>The download and its file are gone.</p>
        )}
        <p>
          <Link to="/dashboard/downloads/" className="font-semibold text-brand-700 underline hover:text-brand-900">
            Back to downloads
          </Link>
        </p>
      </div>
    </Card>
  );
}
