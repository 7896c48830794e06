/**
 * One of a public list's filters or its order: a labelled choice in a GET form that submits as it
 * changes (the form's own handler), with a button for visitors without scripts.
 */
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
        className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
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
