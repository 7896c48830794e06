import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "./ui";

/**
 * A public list's filters (and order): a GET form, its address the list's, that submits as a choice
 * changes, with an Apply button (`apply`, its words) for visitors without scripts.
 */
export function ListFilters({ label, apply, children }: { label: string; apply: string; children: ReactNode }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      aria-label={label}
      className="mt-8 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {children}
      <noscript>
        <Button type="submit" size="sm">
          {apply}
        </Button>
      </noscript>
    </Form>
  );
}

/** One of a public list's filters or its order: a labelled choice in its `ListFilters`. */
export function ListChoice({
  list,
  name,
  label,
  value,
  options,
}: {
  /** The list's name: the choice's id is made from it, unique on the page. */
  list: string;
  name: string;
  label: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  const id = `${list}-${name}`;
  return (
    <div className="min-w-0 max-w-full space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        className="max-w-full rounded-md border border-slate-500 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
