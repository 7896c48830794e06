import { FieldErrors, INPUT_CLASS } from "#app/components/forms";
import { specGroups, typedSpecOf, type CategoryAttribute, type SpecValue } from "#app/domain/spec-attributes";
import { unitInfo, UNITS } from "#app/domain/units";

/** The form's name of an attribute's field (the server reads `specTexts` by attribute id). */
function fieldName(attribute: CategoryAttribute): string {
  return `specTexts.${attribute.id}`;
}

/** What a number's or a range's field takes, under its label. */
function hintOf(attribute: CategoryAttribute): string {
  const unit = attribute.unit ? unitInfo(attribute.unit) : undefined;
  const others = unit
    ? Object.values(UNITS)
        .filter((other) => other.quantity === unit.quantity && other.symbol !== unit.symbol)
        .map((other) => other.symbol)
    : [];
  const inUnit = unit ? ` in ${unit.symbol}${others.length ? ` (or write ${others.join(", ")})` : ""}` : "";
  return attribute.type === "range"
    ? `From\u2013to${inUnit}, e.g. 2.8\u201312; one value when it is fixed.`
    : `A number${inUnit}.`;
}

/**
 * The chosen category's specification attributes (decision 070), in their groups and order, each with
 * the control its type takes: a text field for numbers and ranges (a unit may be written: "98 ft"), a
 * list for one of a choice, boxes for several, Yes/No, a text. The server reads and checks them,
 * saying what is wrong beside each.
 */
export function SpecValuesFieldset({
  attributes,
  values,
  errors,
}: {
  attributes: CategoryAttribute[];
  /** The product's values (an edit of a product still in that category), by attribute id. */
  values: ReadonlyMap<string, SpecValue>;
  /** The form's messages by field name. */
  errors: Record<string, string[] | undefined>;
}) {
  if (attributes.length === 0) return null;
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Specification values</legend>
      {specGroups(attributes.map((attribute) => ({ attribute }))).map(({ group, specs: members }) => {
        const fields = (
          <div className="grid gap-3 sm:grid-cols-2">
            {members.map(({ attribute }) => (
              <SpecField
                key={attribute.id}
                attribute={attribute}
                value={values.get(attribute.id)}
                errors={errors[fieldName(attribute)]}
              />
            ))}
          </div>
        );
        // A group's fields are a group of the form's, named by it (read out with each field's name).
        return group ? (
          <fieldset key={group} className="min-w-0 space-y-3">
            <legend className="text-sm font-semibold text-slate-700">{group}</legend>
            {fields}
          </fieldset>
        ) : (
          <div key="none">{fields}</div>
        );
      })}
    </fieldset>
  );
}

function SpecField({
  attribute,
  value,
  errors,
}: {
  attribute: CategoryAttribute;
  value: SpecValue | undefined;
  errors: string[] | undefined;
}) {
  const id = `spec-${attribute.id}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const name = fieldName(attribute);
  const typed = typedSpecOf(attribute, value);
  const label = `${attribute.name}${attribute.unit ? ` (${unitInfo(attribute.unit).symbol})` : ""}${attribute.required ? " (required)" : ""}`;
  const invalid = errors?.length ? true : undefined;
  const describedBy = (hint: boolean) =>
    [hint ? hintId : "", invalid ? errorId : ""].filter(Boolean).join(" ") || undefined;

  if (attribute.type === "choice" && attribute.multiple) {
    const chosen = new Set(Array.isArray(typed) ? typed : []);
    return (
      <fieldset className="space-y-1" aria-describedby={describedBy(false)} aria-invalid={invalid}>
        <legend className="text-sm font-medium text-slate-700">{label}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {attribute.choices.map((choice) => (
            <label key={choice.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={choice.id}
                defaultChecked={chosen.has(choice.id)}
                className="h-4 w-4"
              />
              {choice.label}
            </label>
          ))}
        </div>
        <FieldErrors id={errorId} errors={errors} />
      </fieldset>
    );
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {attribute.type === "number" || attribute.type === "range" ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hintOf(attribute)}
        </p>
      ) : null}
      {attribute.type === "choice" || attribute.type === "boolean" ? (
        <select
          id={id}
          name={name}
          defaultValue={typeof typed === "string" ? typed : (typed[0] ?? "")}
          aria-invalid={invalid}
          aria-describedby={describedBy(false)}
          className={INPUT_CLASS}
        >
          <option value="">Not given</option>
          {attribute.type === "boolean" ? (
            <>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </>
          ) : (
            attribute.choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))
          )}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type="text"
          defaultValue={typeof typed === "string" ? typed : ""}
          aria-invalid={invalid}
          aria-describedby={describedBy(attribute.type !== "text")}
          autoComplete="off"
          className={INPUT_CLASS}
        />
      )}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
