import { useEffect, useId, useRef, useState } from "react";
import { countNoun, formatFileSize } from "#app/domain/format";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { UPLOAD_ERRORS } from "#app/domain/admin-messages";
import { FileName } from "./file-name";
import { Button } from "./ui";
import { sendUpload, type UploadedFile } from "./upload-request";

interface Entry {
  key: number;
  name: string;
  size: number;
  loaded: number;
  state:
    { phase: "waiting" | "uploading" } | { phase: "done"; file: UploadedFile } | { phase: "failed"; message: string };
}

/**
 * Chooses any number of files and stages them one after another through the same endpoint and limits
 * as FileUpload, listing each with its progress; the form submits the staged ids under `name`, in one
 * field separated by spaces (thousands of files would pass any limit on a form's number of fields).
 */
export function FilesUpload({
  name,
  label,
  hint,
  onBusyChange,
}: {
  name: string;
  label: string;
  hint: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const inputId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const queue = useRef<{ entry: Entry; file: File }[]>([]);
  const current = useRef<{ key: number; abort: () => void } | null>(null);
  const nextKey = useRef(0);
  const busy = entries.some((entry) => entry.state.phase === "waiting" || entry.state.phase === "uploading");
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => current.current?.abort(), []);

  const update = (key: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  function sendNext() {
    if (current.current) return;
    const next = queue.current.shift();
    if (!next) return;
    const { entry, file } = next;
    update(entry.key, { state: { phase: "uploading" } });
    const sending = sendUpload(file, "file", (loaded) => update(entry.key, { loaded }));
    current.current = { key: entry.key, abort: sending.abort };
    void sending.done.then((outcome) => {
      current.current = null;
      update(
        entry.key,
        "file" in outcome
          ? { loaded: entry.size, state: { phase: "done", file: outcome.file } }
          : {
              state: {
                phase: "failed",
                message: outcome.status === 413 ? UPLOAD_ERRORS.tooLarge : outcome.message,
              },
            },
      );
      sendNext();
    });
  }

  function add(files: FileList) {
    const added = [...files].map((file) => {
      const entry: Entry = {
        key: nextKey.current++,
        name: file.name,
        size: file.size,
        loaded: 0,
        state:
          file.size > MAX_UPLOAD_BYTES ? { phase: "failed", message: UPLOAD_ERRORS.tooLarge } : { phase: "waiting" },
      };
      if (entry.state.phase === "waiting") queue.current.push({ entry, file });
      return entry;
    });
    setEntries((list) => [...list, ...added]);
    sendNext();
  }

  function remove(key: number) {
    queue.current = queue.current.filter((waiting) => waiting.entry.key !== key);
    if (current.current?.key === key) {
      current.current.abort();
      current.current = null;
      sendNext();
    }
    setEntries((list) => list.filter((entry) => entry.key !== key));
  }

  const hintId = `${inputId}-hint`;
  const uploaded = entries.flatMap((entry) => (entry.state.phase === "done" ? [entry.state.file] : []));
  const failed = entries.filter((entry) => entry.state.phase === "failed").length;
  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      <input
        id={inputId}
        type="file"
        multiple
        aria-describedby={hintId}
        onChange={(event) => {
          if (event.target.files?.length) add(event.target.files);
          event.target.value = "";
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-1.5 file:font-semibold file:text-white"
      />
      {entries.length ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm" aria-label={label}>
          {entries.map((entry) => (
            <li key={entry.key} className="flex items-center gap-3 px-3 py-2" data-upload-state={entry.state.phase}>
              <span className="min-w-0 flex-1">
                <FileName name={entry.name} /> ({formatFileSize(entry.size)})
                {entry.state.phase === "failed" ? (
                  <span className="block text-red-700">{entry.state.message}</span>
                ) : null}
              </span>
              {entry.state.phase === "uploading" ? (
                <progress
                  className="h-2 w-24"
                  max={entry.size || 1}
                  value={entry.loaded}
                  aria-label={`Uploading ${entry.name}`}
                />
              ) : null}
              {entry.state.phase === "waiting" ? <span className="text-slate-600">Waiting</span> : null}
              {entry.state.phase === "done" ? <input type="hidden" name={name} value={entry.state.file.id} /> : null}
              <Button
                type="button"
                variant="link"
                onClick={() => remove(entry.key)}
                aria-label={`Remove ${entry.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <input type="hidden" name={name} value={uploaded.map((file) => file.id).join(" ")} />
      <p className="sr-only" aria-live="polite">
        {busy || !entries.length
          ? ""
          : `${countNoun(uploaded.length, "file")} uploaded${failed ? `, ${countNoun(failed, "file")} failed` : ""}`}
      </p>
    </div>
  );
}
