import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FileName } from "#app/components/file-name";
import { FileUpload } from "#app/components/file-upload";
import { FormErrors, SelectInput, TabIdInput, TextInput, VersionInput } from "#app/components/forms";
import { DOWNLOAD_KINDS } from "#app/domain/download-kinds";
import { TextLink } from "#app/components/ui";
import { PublishControls } from "#app/components/publish-controls";
import { PUBLISH_AT_FIELD } from "#app/domain/publication";
import type { FileView } from "#app/domain/catalog-views";
import { formatFileSize } from "#app/domain/format";
import { editDownloadSchema, newDownloadSchema } from "#app/domain/forms/download";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { AdminDownload } from "#app/domain/forms/download";

/** The way back to the list, under every download page. */
export function BackToDownloads() {
  return (
    <TextLink to="/dashboard/downloads/" weight="semibold">
      Back to downloads
    </TextLink>
  );
}

/** A stored file as the dashboard shows it: its name, opening in a new tab, and its size. */
export function StoredFile({ file }: { file: FileView }) {
  return (
    <>
      <TextLink href={file.url} target="_blank" rel="noopener noreferrer" weight="semibold">
        <FileName name={file.name} />
        <span className="sr-only"> (opens in a new tab)</span>
      </TextLink>{" "}
      ({formatFileSize(file.size)})
    </>
  );
}

/**
 * The general download form, for a new download (no `download`) and for an edit, where the file may
 * stay as it is and the version it was opened at goes with the save.
 */
export function DownloadForm({
  download,
  result,
}: {
  download?: AdminDownload;
  result: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const schema = download ? editDownloadSchema : newDownloadSchema;
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? result : null,
    defaultValue: { description: download?.description ?? "", kind: download?.kind ?? "other" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [stagedId, setStagedId] = useState<string | null>(null);
  const fileFieldName = fields.fileId.name;
  const { validate } = form;
  // The staged id reaches a hidden input, which fires no input event: re-check it here, so a
  // 'File required' shown by an earlier submit goes once a file is uploaded.
  useEffect(() => {
    if (stagedId) validate({ name: fileFieldName });
  }, [stagedId, validate, fileFieldName]);
  const idleLabel = download ? "Save changes" : "Submit";
  const busyLabel = download ? "Saving…" : "Submitting…";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <TabIdInput />
      {download ? <VersionInput version={download.version} /> : null}
      <FormErrors form={form} labels={{ description: "Description", kind: "Type", fileId: "File" }} />
      <TextInput meta={fields.description} label="Description" />
      <SelectInput meta={fields.kind} label="Type" hint="The support page lists and filters downloads by it.">
        {DOWNLOAD_KINDS.map((kind) => (
          <option key={kind.value} value={kind.value}>
            {kind.label}
          </option>
        ))}
      </SelectInput>
      {download ? (
        <div className="text-sm">
          <p className="font-medium text-slate-700">Current file</p>
          <p>
            <StoredFile file={download.file} />
          </p>
        </div>
      ) : null}
      <FileUpload
        name={fields.fileId.name}
        label={download ? "Replace the file (optional)" : "File"}
        kind="file"
        errors={fields.fileId.errors}
        errorId={fields.fileId.errorId}
        messages={{ tooLarge: ADMIN_MESSAGES.downloadFileRequired }}
        onBusyChange={setUploading}
        onChange={(file) => setStagedId(file?.id ?? null)}
      />
      <PublishControls
        publication={download?.publication}
        saveLabel={busy ? busyLabel : idleLabel}
        disabled={uploading || busy}
        errors={form.allErrors[PUBLISH_AT_FIELD]}
      />
    </Form>
  );
}
