import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FileUpload } from "#app/components/file-upload";
import {
  CheckboxInput,
  FormErrors,
  SelectInput,
  TabIdInput,
  TextArea,
  TextInput,
  VersionInput,
} from "#app/components/forms";
import { ProductPicker } from "#app/components/product-picker";
import { PublishControls } from "#app/components/publish-controls";
import { Alert } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { FIRMWARE_CHANNEL_NAMES, FIRMWARE_CHANNELS } from "#app/domain/firmware";
import { FIRMWARE_MESSAGES, firmwareSchema } from "#app/domain/forms/firmware";
import type { ProductModelMatch } from "#app/domain/product-models";
import { PUBLISH_AT_FIELD } from "#app/domain/publication";
import type { FirmwareRelease } from "#app/domain/firmware";
import { StoredFile } from "../downloads/download-form";

/** The new-release and edit-release form. */
export function FirmwareForm({
  release,
  products,
  result,
  conflict,
}: {
  release?: FirmwareRelease;
  /** The release's products with their thumbnails, for the picker. */
  products: ProductModelMatch[];
  result?: SubmissionResult<string[]> | null;
  conflict?: boolean;
}) {
  const navigation = useNavigation();
  const mode = release ? "edit" : "new";
  const schema = firmwareSchema(mode);
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: release
      ? {
          releaseVersion: release.releaseVersion,
          releasedOn: release.releasedOn,
          channel: release.channel,
          notes: release.notes,
        }
      : { channel: "stable", releasedOn: new Date().toISOString().slice(0, 10) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [fileUploading, setUploading] = useState(false);
  const [sbomUploading, setSbomUploading] = useState(false);
  const uploading = fileUploading || sbomUploading;
  // A refused SBOM was uploaded whole: its field starts over, showing why, for another file.
  const [sbomAttempt, setSbomAttempt] = useState(0);
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (result?.error?.sbomFileId) setSbomAttempt((attempt) => attempt + 1);
  }
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <TabIdInput />
      {release ? <VersionInput version={release.version} /> : null}
      {conflict ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
      <FormErrors
        form={form}
        labels={{
          releaseVersion: "Version",
          releasedOn: "Release date",
          channel: "Channel",
          notes: "Release notes",
          fileId: "File",
          sbomFileId: "SBOM",
          productIds: "Products",
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput meta={fields.releaseVersion} label="Version" autoComplete="off" maxLength={50} />
        <TextInput meta={fields.releasedOn} label="Release date" type="date" />
        <SelectInput meta={fields.channel} label="Channel">
          {FIRMWARE_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {FIRMWARE_CHANNEL_NAMES[channel]}
            </option>
          ))}
        </SelectInput>
      </div>
      <ProductPicker
        picks="products"
        initial={products}
        hasOtherProducts
        errors={fields.productIds.errors}
        errorId={fields.productIds.errorId}
      />
      <TextArea
        meta={fields.notes}
        label="Release notes (Markdown: # headings, - lists, **bold**, *italic*, `code`, [links](https://…))"
        rows={8}
      />
      {release ? (
        <p className="text-sm text-slate-700">
          Current file: <StoredFile file={release.file} />{" "}
          <span className="font-mono text-xs break-all text-slate-600">SHA-256 {release.file.sha256}</span>
        </p>
      ) : null}
      <FileUpload
        name={fields.fileId.name}
        label={release ? "Replace the file (optional)" : "File"}
        kind="file"
        errors={fields.fileId.errors}
        errorId={fields.fileId.errorId}
        messages={{ tooLarge: FIRMWARE_MESSAGES.fileRequired }}
        onBusyChange={setUploading}
      />
      {release?.sbom ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            Current SBOM ({release.sbom.format}): <StoredFile file={release.sbom} />
          </p>
          <CheckboxInput meta={fields.removeSbom} label="Remove the SBOM" />
        </div>
      ) : null}
      <FileUpload
        key={sbomAttempt}
        name={fields.sbomFileId.name}
        label={
          release?.sbom
            ? "Replace the SBOM (optional)"
            : "Software bill of materials (optional): CycloneDX or SPDX, in JSON"
        }
        kind="file"
        accept=".json,application/json"
        errors={fields.sbomFileId.errors}
        errorId={fields.sbomFileId.errorId}
        messages={{ tooLarge: FIRMWARE_MESSAGES.notAnSbom }}
        onBusyChange={setSbomUploading}
      />
      <PublishControls
        publication={release?.publication}
        saveLabel={release ? "Save changes" : "Submit"}
        disabled={submitting || uploading}
        errors={form.allErrors[PUBLISH_AT_FIELD]}
      />
    </Form>
  );
}
