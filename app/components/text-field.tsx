import type { ComponentProps } from "react";

/**
 * A labelled one-line field with its message beside it. A module of its own: ui.tsx is in every
 * page's scripts (the root's error page uses it), and pages without a form need not carry this.
 */
export function TextField({
  label,
  error,
  id,
  ...input
}: { label: string; error?: string; id: string } & ComponentProps<"input">) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={FIELD_CLASS}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The look of a visitor form's field, one line or several. */
export const FIELD_CLASS =
  "block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600";

/** The server's message beside a field, which the field names as its description. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}
