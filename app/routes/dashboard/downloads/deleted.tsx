import { Alert, Card } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { undoableDeletion } from "../history/actions.server";
import { dashboardMeta } from "../meta";
import { UndoDelete } from "../undo-delete";
import { BackToDownloads } from "./download-form";
import type { Route } from "./+types/deleted";

export function meta() {
  return dashboardMeta("Download deleted");
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  // `?gone` when the download was deleted by someone else while this admin was editing it.
  return {
    gone: url.searchParams.has("gone"),
    deletion: await undoableDeletion(context, "download", params.downloadId),
  };
}

/** requirements §4: after a download is deleted, its deleted screen. */
export default function DownloadDeleted({ loaderData }: Route.ComponentProps) {
  return (
    <Card title="Download deleted">
      <div className="space-y-4">
        {loaderData.gone ? (
          <Alert tone="info">{ADMIN_MESSAGES.gone}</Alert>
        ) : (
          <p>The download and its file were deleted.</p>
        )}
        <UndoDelete deletion={loaderData.deletion} />
        <p>
          <BackToDownloads />
        </p>
      </div>
    </Card>
  );
}
