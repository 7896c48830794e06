import { readForm } from "#app/server/form-data.server";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { FileUpload } from "#app/components/file-upload";
import { FormErrors, TabIdInput, TextInput } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import { newDownloadSchema } from "#app/domain/forms/download";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { createGeneralDownload } from "#app/server/admin/downloads.server";
import { formTabId } from "#app/server/admin/write.server";
import { runtime } from "#app/server/runtime.server";
import { requireAdmin } from "#app/server/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/new";
import { dashboardDownloadPath } from "#app/domain/paths";

export function meta() {
  return dashboardMeta("New Download");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: newDownloadSchema });
  if (submission.status !== "success") {
    return data(
      { status: "invalid" as const, result: submission.reply({ formErrors: [ADMIN_MESSAGES.checkEachInput] }) },
      400,
    );
  }
  try {
    const id = await createGeneralDownload(submission.value, formTabId(formData));
    return { status: "created" as const, id };
  } catch (error) {
    // requirements §8: any failure storing a general download reads 'Error uploading file' (a file that is
    // gone included); nothing was written, the transaction rolled back.
    runtime().logger.error({ err: error }, "creating a general download failed");
    return data(
      { status: "failed" as const, result: submission.reply({ formErrors: [ADMIN_MESSAGES.downloadUploadFailed] }) },
      500,
    );
  }
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
  return <NewDownloadForm result={actionData?.status === "created" ? undefined : actionData?.result} />;
}

function NewDownloadForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? result : null,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newDownloadSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting";
  const [stagedId, setStagedId] = useState<string | null>(null);
  const fileFieldName = fields.fileId.name;
  const { validate } = form;
  // The staged id reaches a hidden input, which fires no input event: re-check it here, so a
  // 'File required' shown by an earlier submit goes once a file is uploaded.
  useEffect(() => {
    if (stagedId) validate({ name: fileFieldName });
  }, [stagedId, validate, fileFieldName]);
  return (
    <Card title="New Download">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <TabIdInput />
        <FormErrors form={form} />
        <TextInput meta={fields.description} label="Description" />
        <FileUpload
          name={fields.fileId.name}
          label="File"
          kind="file"
          errors={fields.fileId.errors}
          errorId={fields.fileId.errorId}
          messages={{ tooLarge: ADMIN_MESSAGES.downloadFileRequired }}
          onBusyChange={setUploading}
          onChange={(file) => setStagedId(file?.id ?? null)}
        />
        <Button type="submit" disabled={uploading || submitting}>
          {submitting ? "Submitting…" : "Submit"}
        </Button>
      </Form>
    </Card>
  );
}
