import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { FileUpload, type UploadedFile } from "#app/components/file-upload";
import { TextArea } from "#app/components/forms";
import { SpecsTable } from "#app/components/specs-table";
import { Button } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { isSpreadsheetName } from "#app/domain/forms/product";

/**
 * Specifications: text, or the first sheet of a spreadsheet (the product's own, or a new upload read
 * on the server for a preview). Choosing a spreadsheet clears the text (requirements §4).
 */
export function SpecsFieldset({
  specs,
  specsFileId,
  storedTable,
  clearSpecsText,
  onBusyChange,
  onReadingChange,
}: {
  specs: FieldMetadata<string>;
  specsFileId: FieldMetadata<string>;
  /** The product's own table, in an edit form. */
  storedTable: string[][] | null | undefined;
  clearSpecsText: () => void;
  onBusyChange: (busy: boolean) => void;
  /** While a new spreadsheet is read for its preview, the form waits. */
  onReadingChange: (reading: boolean) => void;
}) {
  const [table, setTable] = useState<{ rows: string[][]; source: "existing" | "new" } | null>(
    storedTable?.length ? { rows: storedTable, source: "existing" } : null,
  );
  const [resetKey, setResetKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const read = (value: boolean) => {
    setReading(value);
    onReadingChange(value);
  };

  async function onSpreadsheet(file: UploadedFile | null) {
    setError(null);
    if (!file) {
      setTable((current) => (current?.source === "new" ? null : current));
      return;
    }
    const refuse = () => {
      setError(ADMIN_MESSAGES.excelOnly);
      setResetKey((value) => value + 1);
    };
    if (!isSpreadsheetName(file.name)) return refuse();
    read(true);
    try {
      const response = await fetch(`/dashboard/spreadsheet-preview?fileId=${encodeURIComponent(file.id)}`);
      const body = (await response.json()) as { rows?: string[][]; error?: string };
      if (!response.ok || !body.rows) return refuse();
      setTable({ rows: body.rows, source: "new" });
      clearSpecsText();
    } catch {
      refuse();
    } finally {
      read(false);
    }
  }

  function removeSpreadsheet() {
    setTable(null);
    setError(null);
    setResetKey((value) => value + 1);
  }

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Specifications</legend>
      <TextArea meta={specs} label="Specifications (plain text)" rows={6} />
      {table?.source === "existing" ? <input type="hidden" name="keepSpecsTable" value="on" /> : null}
      <FileUpload
        name="specsFileId"
        label="Or a spreadsheet (.xls or .xlsx, first sheet)"
        kind="file"
        accept=".xls,.xlsx"
        resetKey={resetKey}
        errors={[...(error ? [error] : []), ...(specsFileId.errors ?? [])]}
        onChange={(file) => void onSpreadsheet(file)}
        onBusyChange={onBusyChange}
      />
      {reading ? <p className="text-sm text-slate-600">Reading the spreadsheet…</p> : null}
      {table ? (
        <div className="space-y-2">
          <SpecsTable rows={table.rows} caption="Specifications from the spreadsheet" />
          <Button type="button" onClick={removeSpreadsheet} variant="link">
            Remove spreadsheet
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
