import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import {
  CheckboxInput,
  FieldErrors,
  FormErrors,
  INPUT_CLASS,
  SelectInput,
  TabIdInput,
  TextInput,
  useListFocus,
  VersionInput,
} from "#app/components/forms";
import { Button, TextLink } from "#app/components/ui";
import { attributeSchema } from "#app/domain/forms/attribute";
import { DASHBOARD_ATTRIBUTES_PATH } from "#app/domain/dashboard-paths";
import {
  ATTRIBUTE_TYPE_NAMES,
  ATTRIBUTE_TYPES,
  COVERAGE_ROLE_NAMES,
  COVERAGE_ROLES,
  MOST_DECIMALS,
  SUGGESTED_ATTRIBUTE_GROUPS,
  type SpecAttribute,
} from "#app/domain/spec-attributes";
import { KEPT_UNITS, unitInfo } from "#app/domain/units";

// A type, not an interface: conform's form metadata wants a record of fields.
export type AttributeFormValues = {
  name: string;
  group: string;
  type: string;
  unit: string;
  precision: string;
  choices: { id?: string; label: string }[];
  multiple: boolean;
  coverageRole: string;
};

export const NEW_ATTRIBUTE: AttributeFormValues = {
  name: "",
  group: "",
  type: "number",
  unit: "",
  precision: "0",
  choices: [],
  multiple: false,
  coverageRole: "",
};

export function attributeFormValues(attribute: SpecAttribute): AttributeFormValues {
  return {
    name: attribute.name,
    group: attribute.group,
    type: attribute.type,
    unit: attribute.unit ?? "",
    precision: String(attribute.precision),
    choices: attribute.choices.map((choice) => ({ id: choice.id, label: choice.label })),
    multiple: attribute.multiple,
    coverageRole: attribute.coverageRole ?? "",
  };
}

export function BackToAttributes() {
  return (
    <TextLink to={DASHBOARD_ATTRIBUTES_PATH} weight="medium">
      Back to specification attributes
    </TextLink>
  );
}

/**
 * The new and edit attribute form: a name, a group, a type and what the type needs (a number's or
 * range's unit and decimals, a choice's values and whether several may be chosen).
 */
export function AttributeForm({
  id,
  defaultValue,
  lastResult,
  version,
  submitLabel,
  children,
}: {
  id: string;
  defaultValue: AttributeFormValues;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The record's version, for an edit form. */
  version?: number;
  submitLabel: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: attributeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const type = fields.type.value ?? defaultValue.type;
  const numeric = type === "number" || type === "range";
  const choices = fields.choices.getFieldList();
  const groupsId = useId();
  const precisionHintId = useId();

  const { list, addButton } = useListFocus(choices.length);

  const { key: precisionKey, ...precisionInput } = getInputProps(fields.precision, {
    type: "number",
    ariaDescribedBy: precisionHintId,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <TabIdInput />
      {version === undefined ? null : <VersionInput version={version} />}
      <FormErrors
        form={form}
        labels={{
          name: "Name",
          group: "Group",
          type: "Type",
          unit: "Unit",
          precision: "Decimals",
          choices: "Values",
          coverageRole: "Coverage calculator",
        }}
      />
      <TextInput meta={fields.name} label="Name" hint="As the product page shows it, e.g. IR range or Focal length." />
      <TextInput meta={fields.group} label="Group" list={groupsId} hint="Where its row is shown: Image, Lens, Power…" />
      <datalist id={groupsId}>
        {SUGGESTED_ATTRIBUTE_GROUPS.map((group) => (
          <option key={group} value={group} />
        ))}
      </datalist>
      <SelectInput meta={fields.type} label="Type">
        {ATTRIBUTE_TYPES.map((option) => (
          <option key={option} value={option}>
            {ATTRIBUTE_TYPE_NAMES[option]}
          </option>
        ))}
      </SelectInput>
      {numeric ? (
        <>
          <SelectInput meta={fields.unit} label="Unit">
            <option value="">No unit (a count)</option>
            {KEPT_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {`${unitInfo(unit).symbol} (${unitInfo(unit).name})`}
              </option>
            ))}
          </SelectInput>
          <div className="space-y-1">
            <label htmlFor={fields.precision.id} className="block text-sm font-medium text-slate-700">
              Decimals
            </label>
            <p id={precisionHintId} className="text-sm text-slate-600">
              How many digits after the point values keep and show (0 to {MOST_DECIMALS}).
            </p>
            <input
              key={precisionKey}
              {...precisionInput}
              min={0}
              max={MOST_DECIMALS}
              step={1}
              className={`${INPUT_CLASS} max-w-32`}
            />
            <FieldErrors id={fields.precision.errorId} errors={fields.precision.errors} />
          </div>
          <SelectInput
            meta={fields.coverageRole}
            label="Coverage calculator"
            hint="What the calculator on camera pages reads from it: a resolution in px and a field of view in °, or a sensor width and a focal length in mm."
          >
            <option value="">Not used</option>
            {COVERAGE_ROLES.map((role) => (
              <option key={role} value={role}>
                {COVERAGE_ROLE_NAMES[role]}
              </option>
            ))}
          </SelectInput>
        </>
      ) : null}
      {type === "choice" ? (
        <fieldset
          className="space-y-3"
          aria-describedby={fields.choices.errors?.length ? fields.choices.errorId : undefined}
        >
          <legend className="text-sm font-medium text-slate-700">Values</legend>
          {choices.length === 0 ? <p className="text-sm text-slate-600">No values yet.</p> : null}
          <ol ref={list} className="space-y-2">
            {choices.map((choice, index) => {
              const choiceFields = choice.getFieldset();
              const { key: labelKey, ...labelInput } = getInputProps(choiceFields.label, { type: "text" });
              const { key: idKey, ...idInput } = getInputProps(choiceFields.id, { type: "hidden" });
              return (
                <li key={choice.key} className="space-y-1">
                  <label htmlFor={choiceFields.label.id} className="block text-sm font-medium text-slate-700">
                    {`Value ${index + 1}`}
                  </label>
                  <div className="flex gap-2">
                    <input key={idKey} {...idInput} />
                    <input key={labelKey} {...labelInput} className={INPUT_CLASS} />
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => form.remove({ name: fields.choices.name, index })}
                      aria-label={`Remove value ${index + 1}`}
                    >
                      Remove
                    </Button>
                  </div>
                  <FieldErrors id={choiceFields.label.errorId} errors={choiceFields.label.errors} />
                </li>
              );
            })}
          </ol>
          <FieldErrors id={fields.choices.errorId} errors={fields.choices.errors} />
          <Button
            ref={addButton}
            type="button"
            variant="secondary"
            onClick={() => form.insert({ name: fields.choices.name })}
          >
            Add value
          </Button>
          <CheckboxInput meta={fields.multiple} label="A product can have several of these values" />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        {submitting ? (
          <p role="status" className="text-sm text-slate-600">
            Saving…
          </p>
        ) : null}
        {children}
      </div>
    </Form>
  );
}
