import { readForm } from "#app/server/form-data.server";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { FileName } from "#app/components/file-name";
import { FileUpload } from "#app/components/file-upload";
import { FormErrors, TabIdInput, TextInput, VersionInput } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { formatFileSize } from "#app/domain/format";
import { editDownloadSchema } from "#app/domain/forms/download";
import type { PageHandle } from "#app/domain/live";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import {
  deleteGeneralDownload,
  editGeneralDownload,
  getGeneralDownload,
  type AdminDownload,
} from "#app/server/admin/downloads.server";
import { ConflictError, formTabId, formVersion, NotFoundError } from "#app/server/admin/write.server";
import { MissingFileError } from "#app/server/files.server";
import { runtime } from "#app/server/runtime.server";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/edit";
import { dashboardDownloadDeletedPath } from "#app/domain/paths";

export const handle: PageHandle = { live: ["downloads"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return dashboardMeta(loaderData ? `Edit ${loaderData.download.description}` : "Edit Download");
}

async function requireDownload(id: string): Promise<AdminDownload> {
  const download = await getGeneralDownload(id);
  if (!download) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return download;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { download: await requireDownload(params.downloadId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = params.downloadId;
  const formData = await readForm(request);
  const tabId = formTabId(formData);
  const deletedPath = dashboardDownloadDeletedPath(id);

  if (formData.get("intent") === "delete") {
    try {
      await deleteGeneralDownload(id, formVersion(formData) ?? 0, tabId);
      return redirect(deletedPath);
    } catch (error) {
      if (error instanceof NotFoundError) return redirect(`${deletedPath}?gone`);
      if (error instanceof ConflictError) {
        return data({ status: "conflict" as const, download: await requireDownload(id) }, 409);
      }
      runtime().logger.error({ err: error, downloadId: id }, "deleting a general download failed");
      return data({ status: "deleteFailed" as const }, 500);
    }
  }

  const submission = parseWithZod(formData, { schema: editDownloadSchema });
  if (submission.status !== "success") {
    return data(
      { status: "invalid" as const, result: submission.reply({ formErrors: [ADMIN_MESSAGES.checkEachInput] }) },
      400,
    );
  }
  try {
    await editGeneralDownload(id, submission.value, tabId);
    return { status: "saved" as const, download: await requireDownload(id) };
  } catch (error) {
    if (error instanceof NotFoundError) return redirect(`${deletedPath}?gone`);
    // The newer record travels with the answer: loaders are not re-run after a 4xx action.
    if (error instanceof ConflictError) {
      return data({ status: "conflict" as const, download: await requireDownload(id) }, 409);
    }
    const message = error instanceof MissingFileError ? ADMIN_MESSAGES.downloadUploadFailed : ADMIN_MESSAGES.editFailed;
    if (!(error instanceof MissingFileError)) {
      runtime().logger.error({ err: error, downloadId: id }, "editing a general download failed");
    }
    return data({ status: "failed" as const, result: submission.reply({ formErrors: [message] }) }, 500);
  }
}

export default function EditDownload({ loaderData, actionData }: Route.ComponentProps) {
  // Another download's page is another form: start it afresh.
  return <EditDownloadScreen key={loaderData.download.id} download={loaderData.download} actionData={actionData} />;
}

type ActionData = Route.ComponentProps["actionData"];

function EditDownloadScreen({ download, actionData }: { download: AdminDownload; actionData: ActionData }) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  // The record as the form was opened: a live update from another admin's save does not move it
  // (saving then is a conflict); a conflict or a save of ours re-opens the form on the newest one.
  const [opened, setOpened] = useState(download);
  // What the last answer said. Kept in state: a live revalidation clears actionData, and another
  // admin's unrelated change must not wipe this admin's success screen or conflict message.
  const [notice, setNotice] = useState<"saved" | "conflict" | "deleteFailed" | null>(null);
  const [seen, setSeen] = useState(actionData);
  if (actionData && actionData !== seen) {
    setSeen(actionData);
    if (actionData.status === "conflict" || actionData.status === "saved") setOpened(actionData.download);
    setNotice(actionData.status === "invalid" || actionData.status === "failed" ? null : actionData.status);
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
            <TextLink to="/dashboard/downloads/" weight="semibold">
              Back to downloads
            </TextLink>
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
          {notice === "conflict" && idle ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
          <EditDownloadForm key={opened.version} download={opened} result={idle ? result : null} />
          <p>
            <TextLink to="/dashboard/downloads/" weight="semibold">
              Back to downloads
            </TextLink>
          </p>
        </div>
      </Card>
      <DeleteDownload key={opened.version} download={opened} failed={notice === "deleteFailed" && idle} />
    </div>
  );
}

function DownloadSummary({ download }: { download: AdminDownload }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium text-slate-700">Description</dt>
      {/* Words, but one of them may still be longer than a phone's line. */}
      <dd className="min-w-0 wrap-anywhere">{download.description}</dd>
      <dt className="font-medium text-slate-700">File</dt>
      <dd className="min-w-0">
        <TextLink href={download.file.url} target="_blank" rel="noopener noreferrer" weight="semibold">
          <FileName name={download.file.name} />
          <span className="sr-only"> (opens in a new tab)</span>
        </TextLink>{" "}
        ({formatFileSize(download.file.size)})
      </dd>
    </dl>
  );
}

function EditDownloadForm({
  download,
  result,
}: {
  download: AdminDownload;
  result: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: { description: download.description },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editDownloadSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <TabIdInput />
      <VersionInput version={download.version} />
      <FormErrors form={form} />
      <TextInput meta={fields.description} label="Description" />
      <div className="text-sm">
        <p className="font-medium text-slate-700">Current file</p>
        <p>
          <TextLink href={download.file.url} target="_blank" rel="noopener noreferrer" weight="semibold">
            <FileName name={download.file.name} />
            <span className="sr-only"> (opens in a new tab)</span>
          </TextLink>{" "}
          ({formatFileSize(download.file.size)})
        </p>
      </div>
      <FileUpload
        name={fields.fileId.name}
        label="Replace the file (optional)"
        kind="file"
        errors={fields.fileId.errors}
        errorId={fields.fileId.errorId}
        messages={{ tooLarge: ADMIN_MESSAGES.downloadFileRequired }}
        onBusyChange={setUploading}
      />
      <Button type="submit" disabled={uploading || saving}>
        {saving ? "Saving…" : "Save changes"}
      </Button>
    </Form>
  );
}

function DeleteDownload({ download, failed }: { download: AdminDownload; failed: boolean }) {
  return (
    <Card title="Delete Download" headingLevel={2}>
      <div className="space-y-4">
        {failed ? <Alert tone="error">{ADMIN_MESSAGES.fileDeleteFailed}</Alert> : null}
        <ConfirmDelete
          label="Delete download"
          prompt={`Are you sure you want to delete ${download.description}? Its file will also be deleted. This cannot be undone!`}
          version={download.version}
          refusal={failed || undefined}
        />
      </div>
    </Card>
  );
}
