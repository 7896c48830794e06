import { FilterBox, useStateFollowing } from "./filter-controls";
import type { SpecFilterField } from "#app/domain/spec-filters";
import { withValue, type LanguageAttributes } from "#app/domain/languages";
import type { PartMessages } from "#app/messages/en";

const NUMBER_INPUT =
  "w-full min-w-0 rounded-md border border-slate-500 px-2 py-1 text-sm text-slate-900 focus:border-brand-600 focus:ring-1 focus:ring-brand-600";

/**
 * A category page's filters by specification values (decision 070), inside its filter form: "From"
 * and "To" for a number or range (in the attribute's unit), a box with its count for each value of a
 * choice or yes/no, one that would leave nothing shown but not offered.
 */
export function SpecFilterFields({
  fields,
  text,
  content,
}: {
  fields: readonly SpecFilterField[];
  /** The listing's words, in the page's language. */
  text: PartMessages<"listing">;
  /** The attributes of what the catalog's records say (the specifications' names and values). */
  content: LanguageAttributes | undefined;
}) {
  return fields.map((field) =>
    field.kind === "between" ? (
      <fieldset key={field.id} className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          <span {...content}>{field.name}</span>
          {field.unit ? ` (${field.unit})` : ""}
        </legend>
        <div className="flex items-end gap-2">
          <Bound label={text.from} of={field.name} name={field.minName} value={field.min} content={content} />
          <Bound label={text.to} of={field.name} name={field.maxName} value={field.max} content={content} />
        </div>
        {field.span ? (
          <p className="mt-1 text-xs text-slate-600">
            {withValue(field.range ? text.rangesWithin : text.valuesWithin, field.span)}
          </p>
        ) : null}
      </fieldset>
    ) : (
      <fieldset key={field.id} className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-slate-900" {...content}>
          {field.name}
        </legend>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 lg:flex-col">
          {field.options.map((option) => {
            const id = `spec-${field.id}-${option.key}`;
            const unavailable = !option.checked && option.count === 0;
            return (
              <li key={option.key} className="flex items-center gap-2">
                <FilterBox
                  id={id}
                  name={field.param}
                  value={option.key}
                  checked={option.checked}
                  disabled={unavailable}
                  className="h-4 w-4 rounded border-slate-400 text-brand-700 disabled:opacity-40"
                />
                <label htmlFor={id} className={`text-sm ${unavailable ? "text-slate-400" : "text-slate-800"}`}>
                  {/* Yes and No are the page's words; a choice's values are what the records say. */}
                  <span {...(field.yesOrNo ? undefined : content)}>{option.label}</span>{" "}
                  <span className={unavailable ? "" : "text-slate-500"}>({option.count})</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    ),
  );
}

/** One bound of a number's filter: "From" or "To", named for its attribute. */
function Bound({
  label,
  of,
  name,
  value,
  content,
}: {
  label: string;
  of: string;
  name: string;
  value: string;
  content: LanguageAttributes | undefined;
}) {
  const [typed, setTyped] = useStateFollowing(value);
  return (
    <label className="min-w-0 flex-1 text-xs text-slate-700">
      {label}
      <span className="sr-only" {...content}>
        {` (${of})`}
      </span>
      <input
        type="number"
        step="any"
        name={name}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        // What the page's address holds: the filter form applies the field when it differs.
        data-applied={value}
        className={NUMBER_INPUT}
      />
    </label>
  );
}
