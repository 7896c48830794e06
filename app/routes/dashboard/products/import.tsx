import { useCallback, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { FileUpload } from "#app/components/file-upload";
import { FilesUpload } from "#app/components/files-upload";
import { TabIdInput } from "#app/components/forms";
import { Alert, Button, Card, TextLink } from "#app/components/ui";
import {
  CATALOG_COLUMNS,
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  resolutionField,
  type ConflictResolution,
  type ImportOutcome,
  type ImportPreview,
} from "#app/domain/catalog-sheet";
import { countNoun, formatCount } from "#app/domain/format";
import { ImportFileError } from "#app/server/import-export/catalog-import.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { readAdminForm } from "#app/server/runtime/session.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/import";

export function meta() {
  return dashboardMeta("Import products");
}

/** The most rows the preview lists: a page of 10,000 would be too long to read and to send. */
const LISTED_ROWS = 500;

/** Check (the dry run) or Apply, each reading the same staged files again. */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  const { catalogImport } = context.get(servicesContext);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const files = {
    sheetFileId: text("sheetFileId"),
    fileIds: form.getAll("fileIds").filter((id) => typeof id === "string"),
  };
  // The admin's word on each row changed in the catalog since the export (resolve-<line>).
  const resolutions = new Map<number, ConflictResolution>();
  for (const [name, value] of form) {
    const line = /^resolve-(\d{1,6})$/.exec(name)?.[1];
    if (line && (value === "keep" || value === "overwrite")) resolutions.set(Number(line), value);
  }
  try {
    if (form.get("intent") === "apply") {
      const result = await catalogImport.apply({ ...files, resolutions, fingerprint: text("fingerprint") }, origin);
      if ("applied" in result) return { status: "applied" as const, counts: result.applied };
      return data({ status: "checked" as const, ...files, preview: result.preview, message: result.message }, 409);
    }
    return { status: "checked" as const, ...files, preview: await catalogImport.check(files), message: null };
  } catch (error) {
    if (error instanceof ImportFileError) {
      return data({ status: "refused" as const, ...files, message: error.message }, 400);
    }
    throw error;
  }
}

const OUTCOME_NAMES: Record<ImportOutcome, string> = {
  create: "Create",
  update: "Update",
  unchanged: "Unchanged",
  conflict: "Changed since the export",
  error: "Error",
};

function summary(counts: ImportPreview["counts"]): string {
  return [
    `${formatCount(counts.create)} to create`,
    `${formatCount(counts.update)} to update`,
    `${formatCount(counts.unchanged)} unchanged`,
    ...(counts.conflict ? [countNoun(counts.conflict, "changed since the export", "changed since the export")] : []),
    countNoun(counts.error, "row with errors", "rows with errors"),
  ].join(", ");
}

/**
 * A row changed in the catalog since the export: the admin says which version stays. Neither is
 * chosen for them; Apply asks until each row has an answer.
 */
function ConflictChoice({ line, model }: { line: number; model: string }) {
  const name = resolutionField(line);
  return (
    <fieldset className="mt-2 space-y-1">
      <legend className="sr-only">
        Row {line}, {model}: which version stays
      </legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} value="keep" required className="h-4 w-4" />
        Keep the catalog&apos;s version
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} value="overwrite" required className="h-4 w-4" />
        Overwrite it with the file&apos;s
      </label>
    </fieldset>
  );
}

export default function ImportProducts({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // A new file makes the preview of the old one stale: it goes until the new one is checked.
  const [sheetId, setSheetId] = useState(actionData && "sheetFileId" in actionData ? actionData.sheetFileId : null);
  const [sheetUploading, setSheetUploading] = useState(false);
  // A new upload makes the preview of the file before it stale at once.
  const onSheetBusy = useCallback((uploading: boolean) => {
    setSheetUploading(uploading);
    if (uploading) setSheetId(null);
  }, []);
  // Once applied, the files have served: the controls start empty for the next import.
  const [importsDone, setImportsDone] = useState(0);
  const [seenAnswer, setSeenAnswer] = useState(actionData);
  if (actionData !== seenAnswer) {
    setSeenAnswer(actionData);
    if (actionData?.status === "applied") {
      setImportsDone((count) => count + 1);
      setSheetId(null);
    }
  }
  const [filesUploading, setFilesUploading] = useState(false);
  const checked = actionData?.status === "checked" && actionData.sheetFileId === sheetId ? actionData : null;
  const preview = checked?.preview;
  const refusal = actionData?.status === "refused" && actionData.sheetFileId === sheetId ? actionData.message : null;
  const changes = preview ? preview.counts.create + preview.counts.update : 0;
  const conflicts = preview?.counts.conflict ?? 0;
  // Errors first: they are what stands between the admin and Apply, wherever they are in the file.
  const listed = preview
    ? [
        ...preview.rows.filter((row) => row.outcome === "error"),
        ...preview.rows.filter((row) => row.outcome !== "error"),
      ].slice(0, LISTED_ROWS)
    : [];

  return (
    <Card title="Import products">
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Import a CSV or Excel file laid out as an export (
          <TextLink href="/dashboard/products/export.csv" download>
            export all as CSV
          </TextLink>{" "}
          for a start). A product is found by its model: a new model is created, a known one updated. Columns left out
          stay as they are; the first row names the columns: {CATALOG_COLUMNS.join(", ")}. An export&apos;s Version
          column tells a product saved in the catalog since: the check holds such a row back for you to choose which
          version stays, rather than undo that save.
        </p>
        <p>
          Lists in a cell are separated by semicolons, the cells of a specifications table by “|”, its rows by line
          breaks. Categories and features must exist already. Up to {formatCount(MAX_IMPORT_ROWS)} products a file.
          Checking the file changes nothing: it lists what each row would do, and Apply then makes every change at once
          or none.
        </p>
      </div>
      <Form method="post" className="mt-6 space-y-6">
        <TabIdInput />
        <FileUpload
          name="sheetFileId"
          label="Spreadsheet (.csv, .xlsx or .xls)"
          kind="file"
          accept=".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          onChange={(file) => setSheetId(file?.id ?? null)}
          onBusyChange={onSheetBusy}
          resetKey={importsDone}
        />
        <FilesUpload
          key={importsDone}
          name="fileIds"
          label="Pictures and files the sheet names (optional)"
          hint="For new products and changed pictures or downloads: upload each file the Main image, Additional images or Downloads columns name that the product does not have yet."
          onBusyChange={setFilesUploading}
        />
        {refusal && !busy ? <Alert tone="error">{refusal}</Alert> : null}
        <Button
          type="submit"
          name="intent"
          value="check"
          // Checking again needs no choice on the rows changed since the export: Apply does.
          formNoValidate
          disabled={busy || sheetUploading || filesUploading || !sheetId}
        >
          {busy && navigation.formData?.get("intent") === "check" ? "Checking…" : "Check file"}
        </Button>
        {preview && checked ? (
          <section aria-labelledby="import-preview" className="space-y-4">
            <h2 id="import-preview" className="text-lg font-semibold text-slate-900">
              Preview
            </h2>
            {checked.message ? <Alert tone="error">{checked.message}</Alert> : null}
            <p role="status">{summary(preview.counts)}.</p>
            {preview.counts.error ? (
              <Alert tone="error">{IMPORT_MESSAGES.hasErrors}</Alert>
            ) : changes || conflicts ? (
              <div className="space-y-2">
                {conflicts ? <Alert tone="info">{IMPORT_MESSAGES.hasConflicts}</Alert> : null}
                <input type="hidden" name="fingerprint" value={preview.fingerprint} />
                <Button type="submit" name="intent" value="apply" disabled={busy || sheetUploading || filesUploading}>
                  {busy && navigation.formData?.get("intent") === "apply"
                    ? "Applying…"
                    : conflicts && !changes
                      ? "Apply the choices"
                      : conflicts
                        ? `Apply: ${countNoun(changes, "product")}, and the changed ones as chosen`
                        : `Apply: ${countNoun(changes, "product")}`}
                </Button>
              </div>
            ) : (
              <Alert tone="info">Nothing to import: every row matches the catalog.</Alert>
            )}
            {preview.rows.length ? (
              <div className="overflow-x-auto">
                <table className="min-w-full text-left text-sm">
                  <caption className="sr-only">Rows that change or have errors</caption>
                  <thead className="border-b border-slate-300 text-slate-700">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Row
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Model
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Outcome
                      </th>
                      <th scope="col" className="py-2">
                        Details
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {listed.map((row) => (
                      <tr key={row.line} data-outcome={row.outcome}>
                        <td className="py-2 pr-4 tabular-nums">{row.line}</td>
                        <td className="py-2 pr-4 break-all">{row.model}</td>
                        <td className={`py-2 pr-4 ${row.outcome === "error" ? "font-semibold text-red-700" : ""}`}>
                          {OUTCOME_NAMES[row.outcome]}
                        </td>
                        <td className="py-2">
                          {row.details.map((detail) => (
                            <p key={detail}>{detail}</p>
                          ))}
                          {row.outcome === "conflict" ? <ConflictChoice line={row.line} model={row.model} /> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {preview.rows.length > LISTED_ROWS ? (
                  <p className="mt-2 text-sm text-slate-600">
                    The first {formatCount(LISTED_ROWS)} of {formatCount(preview.rows.length)} rows that change or have
                    errors are listed.
                  </p>
                ) : null}
              </div>
            ) : null}
          </section>
        ) : null}
      </Form>
      {actionData?.status === "applied" && !busy ? (
        <div className="mt-6">
          <Alert tone="success">
            Imported: {formatCount(actionData.counts.create)} created, {formatCount(actionData.counts.update)} updated,{" "}
            {formatCount(actionData.counts.unchanged)} unchanged.{" "}
            <TextLink to="/dashboard/products/">Back to the products</TextLink>
          </Alert>
        </div>
      ) : null}
    </Card>
  );
}
