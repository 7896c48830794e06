import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useSyncExternalStore,
  type ComponentProps,
  type ReactNode,
} from "react";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { CHANGED_FIELDS, valueAtName } from "#app/domain/conflict";
import { liveTabId } from "./live-updates";
import { Alert, Button } from "./ui";

export const INPUT_CLASS =
  "block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-600";

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

/**
 * What the admin sent when their save met someone else's newer one (ConflictAnswer.yours): the form
 * opens again on the newer record, and each text field shows beside it what they had typed there.
 */
export const TypedBeforeConflict = createContext<Record<string, unknown> | null>(null);

const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

/**
 * Beside a text field after a conflict, when what the admin typed differs from the newer record the
 * field now holds: their text, and a button that puts it back in the field (and focuses it there).
 */
function TypedBeside({ meta, multiline = false }: { meta: FieldMetadata<string>; multiline?: boolean }) {
  const typed = valueAtName(useContext(TypedBeforeConflict), meta.name);
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const id = useId();
  if (typeof typed !== "string" || sameText(typed, current)) return null;
  const putBack = () => {
    const field = document.getElementById(meta.id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    // As typing would: the form library and React hear an input event on the field.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    setter?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.focus();
  };
  return (
    <div role="group" aria-labelledby={id} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p id={id} className="font-semibold text-slate-900">
        What you typed here
      </p>
      <p className={`mt-1 text-slate-800 wrap-anywhere ${multiline ? "whitespace-pre-wrap" : ""}`}>
        {typed || <i>(nothing)</i>}
      </p>
      <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={putBack}>
        Use what you typed
      </Button>
    </div>
  );
}

/**
 * Focus for a list of rows that grows and shrinks by buttons (a category's features, a choice's
 * values, a product's images and downloads): adding one moves focus to the new row's first field,
 * where the keyboard goes on to fill it in; removing one to the add button, so that focus never falls
 * to the page's start with the Remove button that had it.
 */
export function useListFocus(length: number) {
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const count = useRef(length);
  useEffect(() => {
    if (length > count.current) {
      const fields = list.current?.querySelectorAll<HTMLElement>(
        ":scope > li:last-child :is(input:not([type=hidden]), select, textarea, button):not(:disabled)",
      );
      // The first one shown: a control can be in the row and hidden (a file field's own).
      [...(fields ?? [])].find((field) => field.getClientRects().length > 0)?.focus();
    } else if (length < count.current) {
      addButton.current?.focus();
    }
    count.current = length;
  }, [length]);
  return { list, addButton };
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
      <TypedBeside meta={meta} />
    </div>
  );
}

export function TextArea({
  meta,
  label,
  hint,
  ...props
}: { meta: FieldMetadata<string>; label: ReactNode; hint?: ReactNode } & Omit<
  ComponentProps<"textarea">,
  "name" | "id"
>) {
  const hintId = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <textarea
        className={INPUT_CLASS}
        rows={4}
        {...getTextareaProps(meta, { ariaDescribedBy: hint ? hintId : undefined })}
        {...props}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      <TypedBeside meta={meta} multiline />
    </div>
  );
}

export function SelectInput({
  meta,
  label,
  hint,
  children,
  ...props
}: { meta: FieldMetadata<string>; label: ReactNode; hint?: ReactNode; children: ReactNode } & Omit<
  ComponentProps<"select">,
  "name" | "id"
>) {
  const hintId = useId();
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <select
        className={INPUT_CLASS}
        {...getSelectProps(meta, { ariaDescribedBy: hint ? hintId : undefined })}
        {...props}
      >
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

/**
 * The version of the record the form was opened on: saving over a newer one is a conflict. With it
 * goes the names of the fields the admin changed since the form opened (CHANGED_FIELDS), so that after
 * a conflict only what they changed is kept beside the fields, not what they never touched.
 */
export function VersionInput({ version }: { version: number }) {
  const marker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = marker.current?.form;
    if (!form) return;
    const report = (event: FormDataEvent) => event.formData.set(CHANGED_FIELDS, changedFieldNames(form).join("\n"));
    form.addEventListener("formdata", report);
    return () => form.removeEventListener("formdata", report);
  }, []);
  return <input ref={marker} type="hidden" name="version" value={version} />;
}

/** The named fields of `form` whose value is not the one it was opened with. */
function changedFieldNames(form: HTMLFormElement): string[] {
  const names = new Set<string>();
  for (const element of Array.from(form.elements)) {
    const changed =
      element instanceof HTMLTextAreaElement ||
      (element instanceof HTMLInputElement && element.type !== "checkbox" && element.type !== "radio")
        ? element.value !== element.defaultValue
        : element instanceof HTMLInputElement
          ? element.checked !== element.defaultChecked
          : element instanceof HTMLSelectElement
            ? Array.from(element.options).some((option) => option.selected !== option.defaultSelected)
            : false;
    if (changed && "name" in element && typeof element.name === "string" && element.name) names.add(element.name);
  }
  return [...names];
}
