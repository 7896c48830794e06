import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useId, useSyncExternalStore, type ComponentProps, type ReactNode } from "react";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { liveTabId } from "./live-updates";
import { Alert } from "./ui";

export const INPUT_CLASS =
  "block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-600";

/** A field's messages, under it; conform points the field's aria-describedby here. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="text-sm text-red-700">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

/** A line of help under a field's label, read out with the field (its aria-describedby). */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-slate-600">
      {children}
    </p>
  );
}

export function TextInput({
  meta,
  label,
  hint,
  ...props
}: { meta: FieldMetadata<string>; label: ReactNode; hint?: ReactNode } & Omit<ComponentProps<"input">, "name" | "id">) {
  const hintId = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <input
        className={INPUT_CLASS}
        {...getInputProps(meta, { type: "text", ariaDescribedBy: hint ? hintId : undefined })}
        {...props}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextArea({
  meta,
  label,
  ...props
}: { meta: FieldMetadata<string>; label: ReactNode } & Omit<ComponentProps<"textarea">, "name" | "id">) {
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      <textarea className={INPUT_CLASS} rows={4} {...getTextareaProps(meta)} {...props} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectInput({
  meta,
  label,
  children,
  ...props
}: { meta: FieldMetadata<string>; label: ReactNode; children: ReactNode } & Omit<
  ComponentProps<"select">,
  "name" | "id"
>) {
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      <select className={INPUT_CLASS} {...getSelectProps(meta)} {...props}>
        {children}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxInput({
  meta,
  label,
  ...props
}: { meta: FieldMetadata<boolean | string>; label: ReactNode } & Omit<ComponentProps<"input">, "name" | "id">) {
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          className="h-4 w-4 rounded border-slate-300 text-brand-700"
          {...getInputProps(meta as FieldMetadata<string>, { type: "checkbox" })}
          {...props}
        />
        <label htmlFor={meta.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * The form-level message: the server's (e.g. 'Error submitting to database'), or requirements §8's 'Something
 * went wrong - check each input' whenever a field has an error, whether the browser or the server found it,
 * followed by the names of those fields as their labels say them (`labels`, by the field's name; an item
 * of a list counts as the list), so the admin knows where to look in a long form.
 */
export function FormErrors<Schema extends Record<string, unknown>>({
  form,
  labels,
}: {
  form: FormMetadata<Schema>;
  labels: Partial<Record<keyof Schema & string, string>>;
}) {
  const invalid = new Set(
    Object.entries(form.allErrors)
      .filter(([name, errors]) => name !== "" && errors.length > 0)
      .map(([name]) => name.split(/[.[]/)[0] ?? name),
  );
  const named = Object.entries(labels)
    .filter(([name]) => invalid.has(name))
    .map(([, label]) => label);
  const checkEachInput = invalid.size
    ? named.length
      ? `${ADMIN_MESSAGES.checkEachInput}: ${named.join(", ")}.`
      : ADMIN_MESSAGES.checkEachInput
    : null;
  // The server says "check each input" too (answers.server.ts): shown once, with the fields named.
  const serverSaid = (form.errors ?? []).filter((error) => !checkEachInput || error !== ADMIN_MESSAGES.checkEachInput);
  const messages = [...new Set([...serverSaid, ...(checkEachInput ? [checkEachInput] : [])])];
  if (!messages.length) return null;
  return (
    <div id={form.errorId}>
      <Alert tone="error">
        {messages.map((error) => (
          <span key={error} className="block">
            {error}
          </span>
        ))}
      </Alert>
    </div>
  );
}

const neverChanges = () => () => {};

/**
 * Names this tab in the write it submits, so the change feed does not tell it about its own change
 * (the form's own revalidation already shows it). Filled in after hydration: the server cannot know it.
 * A rendered value, not one set on the DOM: React puts an uncontrolled hidden input back to its
 * default value whenever the form re-renders, which would send an empty tab id.
 */
export function TabIdInput() {
  const tabId = useSyncExternalStore(neverChanges, liveTabId, () => "");
  return <input type="hidden" name="tab" value={tabId} />;
}

/** The version of the record the form was opened on: saving over a newer one is a conflict. */
export function VersionInput({ version }: { version: number }) {
  return <input type="hidden" name="version" value={version} />;
}
