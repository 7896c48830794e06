import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useId, useRef, useState } from "react";
import { FieldErrors } from "#app/components/forms";
import { Button, TextLink } from "#app/components/ui";
import { DASHBOARD_NEW_ATTRIBUTE_PATH } from "#app/domain/dashboard-paths";
import { attributeKind, type SpecAttribute } from "#app/domain/spec-attributes";

// A type, not an interface: conform's form metadata wants a record of fields.
export type CategoryAttributeValues = { attributeId: string; required: boolean; filter: boolean };

/**
 * The category's specification attributes (decision 070), chosen from the library: in the order its
 * products' pages show them, each required or not and a filter or not; one taken off takes its
 * products' values of it along (their History keeps them).
 */
export function AttributesFieldset<Schema extends Record<string, unknown>>({
  form,
  meta,
  library,
}: {
  form: FormMetadata<Schema>;
  meta: FieldMetadata<CategoryAttributeValues[]>;
  library: SpecAttribute[];
}) {
  const rows = meta.getFieldList();
  const byId = new Map(library.map((attribute) => [attribute.id, attribute]));
  const chosenIds = new Set(rows.map((row) => row.getFieldset().attributeId.value));
  const offered = library.filter((attribute) => !chosenIds.has(attribute.id));
  const [picked, setPicked] = useState("");
  const pickId = useId();
  const hintId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const pick = picked && offered.some((attribute) => attribute.id === picked) ? picked : (offered[0]?.id ?? "");
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-700">Specification attributes</legend>
      <p id={hintId} className="text-sm text-slate-600">
        Typed values its products have, in the order their pages show them (their cards show the first three).
        &ldquo;Required&rdquo;: the product form asks for it. &ldquo;Filter&rdquo;: the category&rsquo;s page filters by
        it, and sorts by it when it is a number or a range. Taking one off removes its products&rsquo; values of it
        (their History keeps them).
      </p>
      {rows.length === 0 ? <p className="text-sm text-slate-600">No specification attributes yet.</p> : null}
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200 empty:hidden">
        {rows.map((row, index) => {
          const fields = row.getFieldset();
          const attribute = byId.get(fields.attributeId.value ?? "");
          const name = attribute?.name ?? "An attribute no longer in the library";
          const { key: idKey, ...idInput } = getInputProps(fields.attributeId, { type: "hidden" });
          const { key: requiredKey, ...requiredInput } = getInputProps(fields.required, { type: "checkbox" });
          const { key: filterKey, ...filterInput } = getInputProps(fields.filter, { type: "checkbox" });
          return (
            <li key={row.key} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
              <input key={idKey} {...idInput} />
              <span className="min-w-40 flex-1">
                <span className="block font-medium text-slate-900">{name}</span>
                {attribute ? <span className="block text-xs text-slate-600">{attributeKind(attribute)}</span> : null}
              </span>
              <label className="flex items-center gap-1 text-sm">
                <input key={requiredKey} {...requiredInput} className="h-4 w-4" />
                Required<span className="sr-only"> ({name})</span>
              </label>
              <label className="flex items-center gap-1 text-sm">
                <input key={filterKey} {...filterInput} className="h-4 w-4" />
                Filter<span className="sr-only"> ({name})</span>
              </label>
              <span className="flex gap-1">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={index === 0}
                  aria-label={`Move up ${name}`}
                  onClick={() => form.reorder({ name: meta.name, from: index, to: index - 1 })}
                >
                  Move up
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={index === rows.length - 1}
                  aria-label={`Move down ${name}`}
                  onClick={() => form.reorder({ name: meta.name, from: index, to: index + 1 })}
                >
                  Move down
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${name}`}
                  onClick={() => {
                    form.remove({ name: meta.name, index });
                    addButton.current?.focus();
                  }}
                >
                  Remove
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      {library.length === 0 ? (
        <p className="text-sm text-slate-600">
          The library has no attributes yet:{" "}
          <TextLink to={DASHBOARD_NEW_ATTRIBUTE_PATH} weight="medium">
            create one
          </TextLink>
          .
        </p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-slate-600">Every attribute of the library is chosen.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 max-w-full space-y-1">
            <label htmlFor={pickId} className="block text-sm text-slate-700">
              Attribute to add
            </label>
            <select
              id={pickId}
              value={pick}
              onChange={(event) => setPicked(event.target.value)}
              className="max-w-full rounded-md border border-slate-500 px-2 py-2 text-sm text-slate-900"
            >
              {offered.map((attribute) => (
                <option key={attribute.id} value={attribute.id}>
                  {attribute.group ? `${attribute.name} (${attribute.group})` : attribute.name}
                </option>
              ))}
            </select>
          </div>
          <Button
            ref={addButton}
            type="button"
            variant="secondary"
            onClick={() =>
              form.insert({ name: meta.name, defaultValue: { attributeId: pick, required: false, filter: false } })
            }
          >
            Add attribute
          </Button>
        </div>
      )}
    </fieldset>
  );
}
