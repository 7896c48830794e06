import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { formatFileSize } from "#app/domain/format";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { UPLOAD_ERRORS } from "#app/domain/admin-messages";
import { FileName } from "./file-name";
import { Button } from "./ui";
import { sendUpload, type UploadedFile } from "./upload-request";

export type { UploadedFile };

type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; name: string; loaded: number; total: number }
  | { phase: "done"; file: UploadedFile; preview?: string }
  | { phase: "failed"; message: string };

export interface FileUploadProps {
  /** The hidden field that carries the staged file's id to the form's action. */
  name: string;
  label: string;
  /** What the control's file is for where a form has several alike ("download 2"): its buttons say it. */
  of?: string;
  /** A line of help under the label (e.g. the shape a picture is shown in), read out with the control. */
  hint?: string;
  kind: "image" | "file";
  accept?: string;
  /** Server-side errors for this field (conform's), shown with the control's own. */
  errors?: string[];
  errorId?: string;
  /** The messages for a file over 20 MB and for a file that is not an image. */
  messages?: { tooLarge?: string; notAnImage?: string };
  /** Told when a file is staged (or removed: null), e.g. to reveal further fields. */
  onChange?: (file: UploadedFile | null) => void;
  /** Told while an upload runs, so a form can hold its submit until it ends. */
  onBusyChange?: (busy: boolean) => void;
  /** Lets a form clear the control after a successful submit. */
  resetKey?: string | number;
}

/**
 * Chooses or takes a dropped file and uploads it at once to the staging endpoint with a progress bar
 * and a Cancel button; the form then submits only the staged file's id. The size limit is checked
 * here for comfort and again by the server while the bytes stream in.
 */
export function FileUpload({
  name,
  label,
  of,
  hint,
  kind,
  accept,
  errors,
  errorId,
  messages,
  onChange,
  onBusyChange,
  resetKey,
}: FileUploadProps) {
  const inputId = useId();
  // Said after a button's words, so that the page's several Remove buttons say which file each removes.
  const what = of ?? label;
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const [dragging, setDragging] = useState(false);
  const request = useRef<{ abort: () => void } | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const tooLarge = messages?.tooLarge ?? UPLOAD_ERRORS.tooLarge;
  const notAnImage = messages?.notAnImage ?? UPLOAD_ERRORS.notAnImage;

  const [lastResetKey, setLastResetKey] = useState(resetKey);
  if (resetKey !== lastResetKey) {
    setLastResetKey(resetKey);
    setState({ phase: "idle" });
  }

  useEffect(() => () => request.current?.abort(), []);
  const busy = state.phase === "uploading";
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => {
    const preview = state.phase === "done" ? state.preview : undefined;
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [state]);

  function fail(message: string) {
    setState({ phase: "failed", message });
    onChange?.(null);
  }

  function upload(file: File) {
    request.current?.abort();
    if (file.size > MAX_UPLOAD_BYTES) return fail(tooLarge);
    if (kind === "image" && file.type && !file.type.startsWith("image/")) return fail(notAnImage);
    setState({ phase: "uploading", name: file.name, loaded: 0, total: file.size });
    const sending = sendUpload(file, kind, (loaded, total) =>
      setState({ phase: "uploading", name: file.name, loaded, total }),
    );
    request.current = sending;
    void sending.done.then((outcome) => {
      request.current = null;
      if ("file" in outcome) {
        setState({
          phase: "done",
          file: outcome.file,
          preview: kind === "image" ? URL.createObjectURL(file) : undefined,
        });
        onChange?.(outcome.file);
        return;
      }
      if (outcome.status === 413) return fail(tooLarge);
      if (outcome.status === 415) return fail(notAnImage);
      fail(outcome.message);
    });
  }

  function cancel() {
    request.current?.abort();
    request.current = null;
    setState({ phase: "idle" });
    onChange?.(null);
    if (picker.current) picker.current.value = "";
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) upload(file);
  }

  const ownError = state.phase === "failed" ? state.message : undefined;
  // A set: the control's own message and the form's may be the same words (e.g. 'File required (20MB limit)').
  const shownErrors = [
    ...new Set([...(ownError ? [ownError] : []), ...(state.phase === "done" ? [] : (errors ?? []))]),
  ];
  const errorsId = shownErrors.length ? (errorId ?? `${inputId}-error`) : undefined;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : undefined, errorsId].filter(Boolean).join(" ") || undefined;

  return (
    <div className="space-y-2" data-upload-state={state.phase}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-4 text-sm ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
      >
        <p className="mb-2 text-slate-600">Drop a file here, or choose one:</p>
        <input
          ref={picker}
          id={inputId}
          type="file"
          accept={accept}
          aria-invalid={shownErrors.length ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload(file);
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-1.5 file:font-semibold file:text-white"
        />
        {state.phase === "uploading" ? (
          <div className="mt-3 flex items-center gap-3">
            <progress
              className="h-2 flex-1"
              max={state.total}
              value={state.loaded}
              aria-label={`Uploading ${state.name}`}
            />
            <span className="tabular-nums text-slate-600">
              {Math.floor((state.loaded / (state.total || 1)) * 100)}%
            </span>
            <Button type="button" onClick={cancel} variant="link">
              Cancel upload<span className="sr-only"> of {what}</span>
            </Button>
          </div>
        ) : null}
        {state.phase === "done" ? (
          <div className="mt-3 flex items-center gap-3">
            {state.preview ? <img src={state.preview} alt="" className="h-12 w-16 rounded object-cover" /> : null}
            <span className="min-w-0 flex-1">
              <FileName name={state.file.name} /> ({formatFileSize(state.file.size)})
            </span>
            <Button type="button" onClick={cancel} variant="link">
              Remove<span className="sr-only"> the file chosen for {what}</span>
            </Button>
          </div>
        ) : null}
      </div>
      <input type="hidden" name={name} value={state.phase === "done" ? state.file.id : ""} />
      <p className="sr-only" aria-live="polite">
        {state.phase === "done" ? `${state.file.name} uploaded` : ""}
      </p>
      {shownErrors.length ? (
        <div id={errorsId} className="text-sm text-red-700">
          {shownErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
