import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import {
  FieldErrors,
  FormErrors,
  INPUT_CLASS,
  SelectInput,
  TabIdInput,
  TextArea,
  TextInput,
  VersionInput,
} from "#app/components/forms";
import { ProductPicker } from "#app/components/product-picker";
import { PublishControls } from "#app/components/publish-controls";
import { Alert } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { ADVISORY_FIRST_NOTE } from "#app/domain/advisory";
import { advisorySchema } from "#app/domain/forms/advisory";
import type { ProductModelMatch } from "#app/domain/product-models";
import { PUBLISH_AT_FIELD, type PublicationState } from "#app/domain/publication";

/** What the form opens on: an advisory's fields as saved (none for a new one). */
export interface OpenedAdvisory {
  id: string;
  version: number;
  trackingId: string;
  title: string;
  summary: string;
  details: string;
  cveIds: string[];
  cvssV31: string;
  cvssV40: string;
  workaround: string;
  acknowledgments: string;
  advisoryStatus: "interim" | "final";
  pendingNote: string;
  publication: PublicationState;
  /** Its products' ranges and fixes, by product id. */
  products: { productId: string; affectedVersions: string; fixedReleaseId: string | null }[];
  revisions: { number: number }[];
}

/** A firmware release a fix can be: its version and the products it is for. */
export interface ReleaseChoice {
  id: string;
  releaseVersion: string;
  productIds: string[];
}

/** The new-advisory and edit-advisory form. */
export function AdvisoryForm({
  advisory,
  products,
  releases,
  result,
  conflict,
}: {
  advisory?: OpenedAdvisory;
  /** The advisory's products with their thumbnails, for the picker. */
  products: ProductModelMatch[];
  releases: ReleaseChoice[];
  result?: SubmissionResult<string[]> | null;
  conflict?: boolean;
}) {
  const navigation = useNavigation();
  const schema = advisorySchema(advisory ? "edit" : "new");
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: advisory
      ? {
          trackingId: advisory.trackingId,
          title: advisory.title,
          summary: advisory.summary,
          details: advisory.details,
          cveIds: advisory.cveIds.join("\n"),
          cvssV31: advisory.cvssV31,
          cvssV40: advisory.cvssV40,
          workaround: advisory.workaround,
          acknowledgments: advisory.acknowledgments,
          advisoryStatus: advisory.advisoryStatus,
          revisionNote: advisory.pendingNote,
        }
      : { advisoryStatus: "final" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const saved = new Map(advisory?.products.map((product) => [product.productId, product]));
  const published = (advisory?.revisions.length ?? 0) > 0;
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <TabIdInput />
      {advisory ? <VersionInput version={advisory.version} /> : null}
      {conflict ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
      <FormErrors
        form={form}
        labels={{
          trackingId: "Id",
          title: "Title",
          summary: "Summary",
          details: "Details",
          cveIds: "CVE ids",
          cvssV31: "CVSS 3.1 vector",
          cvssV40: "CVSS 4.0 vector",
          workaround: "Workaround",
          acknowledgments: "Acknowledgments",
          advisoryStatus: "Advisory status",
          products: "Affected products",
          revisionNote: "What changed",
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput meta={fields.trackingId} label="Id" autoComplete="off" maxLength={40} placeholder="VSA-2026-004" />
        <div className="sm:col-span-2">
          <TextInput meta={fields.title} label="Title" autoComplete="off" maxLength={200} />
        </div>
      </div>
      <TextArea meta={fields.summary} label="Summary" rows={3} />
      <TextArea
        meta={fields.details}
        label="Details (Markdown: # headings, - lists, **bold**, *italic*, `code`, [links](https://…))"
        rows={8}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          meta={fields.cvssV31}
          label="CVSS 3.1 vector"
          autoComplete="off"
          placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"
        />
        <TextInput
          meta={fields.cvssV40}
          label="CVSS 4.0 vector"
          autoComplete="off"
          placeholder="CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextArea meta={fields.cveIds} label="CVE ids (one a line)" rows={2} />
        <SelectInput meta={fields.advisoryStatus} label="Advisory status">
          <option value="final">Final</option>
          <option value="interim">Interim (the investigation goes on)</option>
        </SelectInput>
      </div>
      <ProductPicker
        picks="affected"
        initial={products}
        hasOtherProducts
        errors={fields.products.errors}
        errorId={fields.products.errorId}
        details={(product, name) => {
          const own = saved.get(product.id);
          const rangeErrors = form.allErrors[`${name}.affectedVersions`];
          const rangeId = `${name}-range`;
          const ofProduct = releases.filter((release) => release.productIds.includes(product.id));
          return (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <label htmlFor={rangeId} className="block text-sm font-medium text-slate-700">
                  Affected versions of {product.model}
                </label>
                <input
                  id={rangeId}
                  name={`${name}.affectedVersions`}
                  defaultValue={own?.affectedVersions ?? ""}
                  placeholder="<2.4.3"
                  autoComplete="off"
                  aria-invalid={rangeErrors?.length ? true : undefined}
                  aria-describedby={rangeErrors?.length ? `${rangeId}-error` : undefined}
                  className={INPUT_CLASS}
                />
                <FieldErrors id={`${rangeId}-error`} errors={rangeErrors} />
              </div>
              <div className="space-y-1">
                <label htmlFor={`${name}-fix`} className="block text-sm font-medium text-slate-700">
                  Fixed in ({product.model})
                </label>
                <select
                  id={`${name}-fix`}
                  name={`${name}.fixedReleaseId`}
                  defaultValue={own?.fixedReleaseId ?? ""}
                  className={INPUT_CLASS}
                >
                  <option value="">No fix yet</option>
                  {ofProduct.map((release) => (
                    <option key={release.id} value={release.id}>
                      Firmware {release.releaseVersion}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          );
        }}
      />
      <TextArea meta={fields.workaround} label="Workaround (when there is no fix, or until it is installed)" rows={3} />
      <TextArea meta={fields.acknowledgments} label="Acknowledgments (one name a line, as each asked)" rows={2} />
      <TextInput
        meta={fields.revisionNote}
        label="What changed (this revision's note)"
        hint={
          published
            ? "Saved while published, the advisory gets a new revision: say what changed."
            : `Its first publication's note; left empty: “${ADVISORY_FIRST_NOTE}”`
        }
        autoComplete="off"
        maxLength={500}
      />
      <PublishControls
        publication={advisory?.publication}
        saveLabel={advisory ? "Save changes" : "Submit"}
        disabled={submitting}
        errors={form.allErrors[PUBLISH_AT_FIELD]}
      />
    </Form>
  );
}
