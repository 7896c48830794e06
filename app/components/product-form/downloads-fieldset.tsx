import { useId, useState, type ReactNode } from "react";
import { FileName } from "#app/components/file-name";
import { FileUpload } from "#app/components/file-upload";
import { FieldErrors, useListFocus } from "#app/components/forms";
import { Button, TextLink } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { FileView } from "#app/domain/catalog-views";
import { formatFileSize } from "#app/domain/format";
import { DOWNLOAD_KINDS, type DownloadKind } from "#app/domain/download-kinds";
import { newKey, type BusyReporter } from "./shared";

type DownloadItem = {
  key: string;
  id?: string;
  description: string;
  kind?: DownloadKind;
  file?: FileView;
  replacing: boolean;
};

/** The product's downloads: each a description, a type and a file, stored ones replaceable, all removable. */
export function DownloadsFieldset({
  stored,
  allErrors,
  errorId,
  errors,
  reporter,
}: {
  stored: { id: string; description: string; kind: DownloadKind; file: FileView }[];
  /** The form's errors by field name: the rows are not conform's own fields. */
  allErrors: Record<string, string[]>;
  errorId: string;
  errors: string[] | undefined;
  reporter: BusyReporter;
}) {
  const [downloads, setDownloads] = useState<DownloadItem[]>(() =>
    stored.map((download) => ({
      key: newKey(),
      id: download.id,
      description: download.description,
      kind: download.kind,
      file: download.file,
      replacing: false,
    })),
  );
  const { list, addButton } = useListFocus(downloads.length);
  const updateDownload = (key: string, change: Partial<DownloadItem>) =>
    setDownloads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Downloads</legend>
      {downloads.length === 0 ? <p className="text-sm text-slate-600">No downloads.</p> : null}
      <ol ref={list} className="space-y-3">
        {downloads.map((item, index) => (
          <li key={item.key}>
            <DownloadRow
              item={item}
              index={index}
              errors={allErrors[`downloads[${index}].fileId`]}
              kindErrors={allErrors[`downloads[${index}].kind`]}
              onBusyChange={reporter(item.key)}
              onReplace={(replacing) => updateDownload(item.key, { replacing })}
              onRemove={() => setDownloads((current) => current.filter((other) => other.key !== item.key))}
            />
          </li>
        ))}
      </ol>
      <FieldErrors id={errorId} errors={errors} />
      <Button
        ref={addButton}
        type="button"
        variant="link"
        onClick={() => setDownloads((current) => [...current, { key: newKey(), description: "", replacing: false }])}
      >
        Add download
      </Button>
    </fieldset>
  );
}

function DownloadRow({
  item,
  index,
  errors,
  kindErrors,
  onBusyChange,
  onReplace,
  onRemove,
}: {
  item: DownloadItem;
  index: number;
  errors: string[] | undefined;
  kindErrors: string[] | undefined;
  onBusyChange: (busy: boolean) => void;
  onReplace: (replacing: boolean) => void;
  onRemove: () => void;
}) {
  const name = `downloads[${index}]`;
  const descriptionId = useId();
  const kindId = useId();
  const kindErrorId = `${kindId}-error`;
  const upload = (label: string): ReactNode => (
    <FileUpload
      name={`${name}.fileId`}
      label={label}
      of={`download ${index + 1}`}
      kind="file"
      errors={errors}
      messages={{ tooLarge: ADMIN_MESSAGES.productDownloads }}
      onBusyChange={onBusyChange}
    />
  );
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Download {index + 1}</legend>
      {item.id ? <input type="hidden" name={`${name}.id`} value={item.id} /> : null}
      <div className="space-y-1">
        <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700">
          Description
        </label>
        <input
          id={descriptionId}
          name={`${name}.description`}
          defaultValue={item.description}
          placeholder="Manual, software, etc."
          maxLength={200}
          className="block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900 shadow-sm"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={kindId} className="block text-sm font-medium text-slate-700">
          Type
        </label>
        <select
          id={kindId}
          name={`${name}.kind`}
          defaultValue={item.kind ?? "other"}
          aria-invalid={kindErrors?.length ? true : undefined}
          aria-describedby={kindErrors?.length ? kindErrorId : undefined}
          className="block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900 shadow-sm sm:w-auto"
        >
          {DOWNLOAD_KINDS.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
        <FieldErrors id={kindErrorId} errors={kindErrors} />
      </div>
      {item.file ? (
        <div className="space-y-2">
          <p className="text-sm">
            Current file:{" "}
            <TextLink href={item.file.url} target="_blank" rel="noreferrer">
              <FileName name={item.file.name} />
            </TextLink>{" "}
            ({formatFileSize(item.file.size)})
          </p>
          {item.replacing ? (
            <>
              {upload("Replacement file")}
              <Button variant="link" type="button" onClick={() => onReplace(false)}>
                Keep current file
              </Button>
            </>
          ) : (
            <Button variant="link" type="button" onClick={() => onReplace(true)}>
              Replace file
            </Button>
          )}
        </div>
      ) : (
        upload("File")
      )}
      <div>
        <Button type="button" onClick={onRemove} aria-label={`Remove download ${index + 1}`} variant="link">
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
