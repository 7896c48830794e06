import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  CheckboxInput,
  FormErrors,
  TabIdInput,
  SelectInput,
  TextArea,
  TextInput,
  VersionInput,
} from "#app/components/forms";
import { Alert, TextLink } from "#app/components/ui";
import { PublishControls } from "#app/components/publish-controls";
import { PUBLISH_AT_FIELD } from "#app/domain/publication";
import { productSchema } from "#app/domain/forms/product";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { CatalogProduct } from "#app/domain/catalog-views";
import type { ProductModelMatch } from "#app/domain/product-models";
import { dashboardProductPath } from "#app/domain/paths";
import { ProductPicker } from "#app/components/product-picker";
import { AdditionalImagesFieldset, useImageRows } from "./additional-images-fieldset";
import { DownloadsFieldset } from "./downloads-fieldset";
import { FeaturesFieldset, type FeaturesCategory } from "./features-fieldset";
import { MainImageFieldset } from "./main-image-fieldset";
import { useUploadsBusy, type StoredImage } from "./shared";
import { SpecsFieldset } from "./specs-fieldset";
import { SpecValuesFieldset } from "./spec-values-fieldset";
import { LifecycleFieldset } from "./lifecycle-fieldset";
import type { CategoryAttribute } from "#app/domain/spec-attributes";

/** The product an edit form opens on (a subset of what the catalog's getProduct reads). */
export type EditableProduct = Pick<
  CatalogProduct,
  | "id"
  | "slug"
  | "model"
  | "name"
  | "description"
  | "specs"
  | "specsTable"
  | "ndaa"
  | "version"
  | "downloads"
  | "publication"
  | "specValues"
  | "lifecycle"
> & {
  category: { id: string };
  features: { id: string }[];
  image: StoredImage;
  additionalImages: StoredImage[];
  accessories: ProductModelMatch[];
};

export interface ProductFormProps {
  mode: "new" | "edit";
  categories: (FeaturesCategory & { name: string; attributes: CategoryAttribute[] })[];
  /** Whether the catalog holds a product (other than the one being edited) to choose as an accessory. */
  hasOtherProducts: boolean;
  product?: EditableProduct;
  lastResult?: SubmissionResult<string[]> | null;
  /** Beyond the original: someone saved this product since the form was opened. */
  conflict?: boolean;
}

/** The new-product and edit-product form: each part of it is a fieldset of its own file. */
export function ProductForm({ mode, categories, hasOtherProducts, product, lastResult, conflict }: ProductFormProps) {
  const navigation = useNavigation();
  const schema = productSchema(mode);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: product
      ? {
          categoryId: product.category.id,
          model: product.model,
          name: product.name,
          description: product.description,
          specs: product.specs ?? "",
          ndaa: product.ndaa,
          imageAlt: product.image.alt,
          lifecycle: product.lifecycle.stage,
          endOfSaleOn: product.lifecycle.endOfSaleOn ?? "",
          discontinuedOn: product.lifecycle.discontinuedOn ?? "",
          firmwareUntil: product.lifecycle.firmwareUntil ?? "",
          repairsUntil: product.lifecycle.repairsUntil ?? "",
        }
      : { ndaa: true, lifecycle: "active" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { busy, reporter } = useUploadsBusy();
  const [readingSpreadsheet, setReadingSpreadsheet] = useState(false);

  const [categoryId, setCategoryId] = useState(product?.category.id ?? "");
  const [categoryChanged, setCategoryChanged] = useState(false);
  const category = categories.find((item) => item.id === categoryId);
  const chosenFeatures = new Set(product && !categoryChanged ? product.features.map((feature) => feature.id) : []);
  // Another category's values keep those of attributes it has too (the server keeps only those).
  const specValues = new Map((product?.specValues ?? []).map(({ attribute, value }) => [attribute.id, value]));

  const [hasNewImage, setHasNewImage] = useState(false);
  const imageRows = useImageRows(product?.additionalImages ?? []);
  const hasMainImage = mode === "edit" || hasNewImage;

  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <TabIdInput />
      {product ? <VersionInput version={product.version} /> : null}
      {conflict ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
      <FormErrors
        form={form}
        labels={{
          categoryId: "Category",
          model: "Model",
          name: "Name",
          description: "Description",
          imageFileId: "Main image",
          imageAlt: "Main image's description (alt text)",
          specs: "Specifications",
          specsFileId: "Specifications spreadsheet",
          featureIds: "Features / filters",
          specTexts: "Specification values",
          additionalImages: "Additional images",
          downloads: "Downloads",
          accessoryIds: "Accessories",
          lifecycle: "Lifecycle stage",
          endOfSaleOn: "End of sale",
          discontinuedOn: "Discontinued on",
          firmwareUntil: "Firmware updates until",
          repairsUntil: "Repairs until",
          replacementIds: "Recommended replacements",
        }}
      />

      <SelectInput
        meta={fields.categoryId}
        label="Category"
        onChange={(event) => {
          // requirements §4: another category's features do not apply: the selection starts empty.
          setCategoryId(event.target.value);
          setCategoryChanged(true);
        }}
      >
        <option value="">Choose a category</option>
        {categories.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </SelectInput>
      <TextInput meta={fields.model} label="Model" autoComplete="off" />
      <TextInput
        meta={fields.name}
        label="Name"
        autoComplete="off"
        hint={
          product
            ? `What it is, shown beside the model (e.g. 4MP Starlight AI Dome Camera). Its page stays at /catalog/products/${product.slug}.`
            : "What it is, shown beside the model (e.g. 4MP Starlight AI Dome Camera). Optional. Its page's address is made from the model."
        }
      />
      <TextArea meta={fields.description} label="Description" />

      <SpecsFieldset
        specs={fields.specs}
        specsFileId={fields.specsFileId}
        storedTable={product?.specsTable}
        clearSpecsText={() => form.update({ name: fields.specs.name, value: "" })}
        onBusyChange={reporter("spreadsheet")}
        onReadingChange={setReadingSpreadsheet}
      />

      <CheckboxInput meta={fields.ndaa} label="NDAA compliant" />

      <FeaturesFieldset
        category={category}
        chosen={chosenFeatures}
        errorId={fields.featureIds.errorId}
        errors={fields.featureIds.errors}
      />

      <SpecValuesFieldset
        key={category?.id ?? "none"}
        attributes={category?.attributes ?? []}
        values={specValues}
        errors={form.allErrors}
      />

      <MainImageFieldset
        stored={product?.image}
        model={product?.model}
        imageFileId={fields.imageFileId}
        imageAlt={fields.imageAlt}
        onChosen={setHasNewImage}
        onBusyChange={reporter("image")}
      />

      {hasMainImage ? (
        <AdditionalImagesFieldset
          rows={imageRows}
          allErrors={form.allErrors}
          errorId={fields.additionalImages.errorId}
          errors={fields.additionalImages.errors}
          reporter={reporter}
        />
      ) : (
        <p className="text-sm text-slate-600">Additional images can be added once a main image is chosen.</p>
      )}

      <ProductPicker productId={product?.id} initial={product?.accessories ?? []} hasOtherProducts={hasOtherProducts} />

      <LifecycleFieldset
        fields={fields}
        productId={product?.id}
        replacements={product?.lifecycle.replacements ?? []}
        hasOtherProducts={hasOtherProducts}
      />

      <DownloadsFieldset
        stored={product?.downloads ?? []}
        allErrors={form.allErrors}
        errorId={fields.downloads.errorId}
        errors={fields.downloads.errors}
        reporter={reporter}
      />

      <PublishControls
        publication={product?.publication}
        saveLabel={mode === "new" ? "Submit" : "Save changes"}
        disabled={submitting || busy || readingSpreadsheet}
        errors={form.allErrors[PUBLISH_AT_FIELD]}
      >
        {busy ? <span className="text-sm text-slate-600">Waiting for uploads to finish…</span> : null}
        {product ? (
          <TextLink to={dashboardProductPath(product.id)} weight="semibold">
            Cancel edit
          </TextLink>
        ) : null}
      </PublishControls>
    </Form>
  );
}
