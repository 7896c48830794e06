import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import {
  FieldErrors,
  FormErrors,
  TabIdInput,
  TextArea,
  TextInput,
  useListFocus,
  VersionInput,
} from "#app/components/forms";
import { Button } from "#app/components/ui";
import { categorySchema, groupsOfLines } from "#app/domain/forms/category";
import type { SpecAttribute } from "#app/domain/spec-attributes";
import { AttributesFieldset, type CategoryAttributeValues } from "./attributes-fieldset";

// A type, not an interface: conform's form metadata wants a record of fields.
export type CategoryFormValues = {
  name: string;
  description: string;
  /** One group a line. */
  featureGroups: string;
  features: { id?: string; label: string; group: string }[];
  attributes: CategoryAttributeValues[];
};

/**
 * The new and edit category form (requirements §2, §5): name, description, the filter's groups and a
 * list of feature inputs, each with the group it is shown in.
 */
export function CategoryForm({
  id,
  defaultValue,
  lastResult,
  version,
  submitLabel,
  library,
  children,
}: {
  id: string;
  defaultValue: CategoryFormValues;
  /** The specification attributes it can choose from. */
  library: SpecAttribute[];
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const features = fields.features.getFieldList();
  const featureErrors = fields.features.errors;
  // The groups as typed so far: each feature's choice follows the list as it is edited.
  const groups = groupsOfLines(fields.featureGroups.value ?? "");

  // Plain buttons, not conform's intent (submit) buttons: Enter in a text input must submit the form,
  // and the first submit button in the form, which the browser presses then, would otherwise be one of these.
  const { list, addButton } = useListFocus(features.length);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <TabIdInput />
      {version === undefined ? null : <VersionInput version={version} />}
      <FormErrors
        form={form}
        labels={{
          name: "Name",
          description: "Description",
          featureGroups: "Filter groups",
          features: "Features / filters",
          attributes: "Specification attributes",
        }}
      />
      <TextInput meta={fields.name} label="Name" />
      <TextArea meta={fields.description} label="Description" />
      <TextArea
        meta={fields.featureGroups}
        label="Filter groups"
        rows={3}
        aria-describedby={`${fields.featureGroups.id}-hint`}
      />
      <p id={`${fields.featureGroups.id}-hint`} className="-mt-3 text-sm text-slate-600">
        One group a line, in the order the category page shows them (for example Resolution, Lens). A visitor&rsquo;s
        choices within a group mean &ldquo;any of&rdquo;; across groups, &ldquo;all of&rdquo;. Features without a group
        are shown last, each on its own.
      </p>
      <fieldset className="space-y-3" aria-describedby={featureErrors?.length ? fields.features.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-700">Features / filters</legend>
        {features.length === 0 ? <p className="text-sm text-slate-600">No features yet.</p> : null}
        <ol ref={list} className="space-y-2">
          {features.map((feature, index) => {
            const featureFields = feature.getFieldset();
            const label = `Feature ${index + 1}`;
            const { key: inputKey, ...input } = getInputProps(featureFields.label, { type: "text" });
            const { key: idKey, ...idInput } = getInputProps(featureFields.id, { type: "hidden" });
            const { key: groupKey, ...groupSelect } = getSelectProps(featureFields.group);
            const chosenGroup = featureFields.group.value ?? "";
            const chosenGroupListed =
              chosenGroup === "" || groups.some((group) => group.toLowerCase() === chosenGroup.toLowerCase());
            // The empty-feature rule is the list's: mark each empty input so it is easy to find.
            const empty = Boolean(featureErrors?.length) && !featureFields.label.value;
            return (
              <li key={feature.key} className="space-y-1">
                <label htmlFor={featureFields.label.id} className="block text-sm font-medium text-slate-700">
                  {label}
                </label>
                <div className="flex gap-2">
                  <input key={idKey} {...idInput} />
                  <input
                    key={inputKey}
                    {...input}
                    aria-invalid={input["aria-invalid"] || empty || undefined}
                    aria-describedby={empty ? fields.features.errorId : input["aria-describedby"]}
                    className="block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600 aria-[invalid=true]:border-red-600"
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => form.remove({ name: fields.features.name, index })}
                    aria-label={`Remove feature ${index + 1}`}
                  >
                    Remove
                  </Button>
                </div>
                <FieldErrors id={featureFields.label.errorId} errors={featureFields.label.errors} />
                <div className="flex items-center gap-2">
                  <label htmlFor={featureFields.group.id} className="text-sm text-slate-700">
                    {`Group of feature ${index + 1}`}
                  </label>
                  <select
                    key={groupKey}
                    {...groupSelect}
                    className="rounded-md border border-slate-500 px-2 py-1 text-sm text-slate-900 aria-[invalid=true]:border-red-600"
                  >
                    <option value="">No group</option>
                    {/* A group taken off the list stays chosen (the same option, by its key) until changed, and the save says so. */}
                    {[...groups, ...(chosenGroupListed ? [] : [chosenGroup])].map((group) => (
                      <option key={group} value={group}>
                        {chosenGroupListed || group !== chosenGroup ? group : `${group} (not listed)`}
                      </option>
                    ))}
                  </select>
                </div>
                <FieldErrors id={featureFields.group.errorId} errors={featureFields.group.errors} />
              </li>
            );
          })}
        </ol>
        <FieldErrors id={fields.features.errorId} errors={featureErrors} />
        <Button
          ref={addButton}
          type="button"
          variant="secondary"
          onClick={() => form.insert({ name: fields.features.name })}
        >
          Add feature
        </Button>
      </fieldset>
      <AttributesFieldset form={form} meta={fields.attributes} library={library} />
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
