import { downloadKindLabel } from "#app/domain/download-kinds";
import { useState } from "react";
import { useNavigation } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { TypedBeforeConflict } from "#app/components/forms";
import { isRefusal, type Refusal } from "#app/domain/conflict";
import { useOpenedRecord } from "#app/components/use-opened-record";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { publicationLabel } from "#app/domain/publication";
import { useTimeZone } from "#app/components/local-time";
import type { PageHandle } from "#app/domain/live";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { AdminDownload } from "#app/domain/forms/download";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { deleteFromForm, requireDownload, saveFromForm } from "./actions.server";
import { BackToDownloads, DownloadForm, StoredFile } from "./download-form";

export const handle: PageHandle = { live: ["downloads"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return dashboardMeta(loaderData ? `Edit ${loaderData.download.description}` : "Edit Download");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  return { download: await requireDownload(context, params.downloadId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readAdminForm(request, context);
  return posted.form.get("intent") === "delete"
    ? deleteFromForm(context, params.downloadId, posted)
    : saveFromForm(context, params.downloadId, posted);
}

export default function EditDownload({ loaderData, actionData }: Route.ComponentProps) {
  // Another download's page is another form: start it afresh.
  return <EditDownloadScreen key={loaderData.download.id} download={loaderData.download} actionData={actionData} />;
}

type ActionData = Route.ComponentProps["actionData"];

function EditDownloadScreen({ download, actionData }: { download: AdminDownload; actionData: ActionData }) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const { record: opened, conflict, typed } = useOpenedRecord(download, idle ? actionData : undefined);
  // What the last answer said. Kept in state: a live revalidation clears actionData, and another
  // admin's unrelated change must not wipe this admin's success screen.
  const [notice, setNotice] = useState<"saved" | "refused" | null>(null);
  const [seen, setSeen] = useState(actionData);
  if (actionData && actionData !== seen) {
    setSeen(actionData);
    setNotice(actionData.status === "saved" || actionData.status === "refused" ? actionData.status : null);
  }

  if (notice === "saved" && idle) {
    return (
      <Card title="Edit Download">
        <div className="space-y-4">
          <Alert tone="success">{ADMIN_MESSAGES.downloadEdited}</Alert>
          <DownloadSummary download={opened} />
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Button variant="link" type="button" onClick={() => setNotice(null)}>
              Edit again
            </Button>
            <BackToDownloads />
          </p>
        </div>
      </Card>
    );
  }

  const result = actionData?.status === "invalid" || actionData?.status === "failed" ? actionData.result : undefined;
  return (
    <div className="space-y-6">
      <Card title="Edit Download">
        <div className="space-y-4">
          {conflict && idle ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
          <TypedBeforeConflict value={typed}>
            <DownloadForm key={opened.version} download={opened} result={idle ? result : null} />
          </TypedBeforeConflict>
          <p className="flex flex-wrap gap-4">
            <BackToDownloads />
            <TextLink to={dashboardHistoryPath("download", opened.id)} weight="medium">
              History
            </TextLink>
          </p>
        </div>
      </Card>
      <DeleteDownload
        key={opened.version}
        download={opened}
        // The answer itself, not a flag: each refused delete is a new one, and closes the prompt again.
        refusal={notice === "refused" && idle && isRefusal(seen) ? seen : undefined}
      />
    </div>
  );
}

function DownloadSummary({ download }: { download: AdminDownload }) {
  const zone = useTimeZone();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium text-slate-700">Description</dt>
      {/* Words, but one of them may still be longer than a phone's line. */}
      <dd className="min-w-0 wrap-anywhere">{download.description}</dd>
      <dt className="font-medium text-slate-700">Type</dt>
      <dd>{downloadKindLabel(download.kind)}</dd>
      <dt className="font-medium text-slate-700">File</dt>
      <dd className="min-w-0">
        <StoredFile file={download.file} />
      </dd>
      <dt className="font-medium text-slate-700">Status</dt>
      <dd data-testid="publication-status">{publicationLabel(download.publication, zone)}</dd>
    </dl>
  );
}

function DeleteDownload({ download, refusal }: { download: AdminDownload; refusal: Refusal | undefined }) {
  return (
    <Card title="Delete Download" headingLevel={2}>
      <div className="space-y-4">
        {refusal ? <Alert tone="error">{refusal.message}</Alert> : null}
        <ConfirmDelete
          label="Delete download"
          prompt={ADMIN_MESSAGES.confirmDownloadDelete(download.description)}
          version={download.version}
          refusal={refusal}
        />
      </div>
    </Card>
  );
}
