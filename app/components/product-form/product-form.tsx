import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FileName } from "#app/components/file-name";
import { FileUpload, type UploadedFile } from "#app/components/file-upload";
import {
  CheckboxInput,
  FieldErrors,
  FormErrors,
  INPUT_CLASS,
  TabIdInput,
  SelectInput,
  TextArea,
  TextInput,
  VersionInput,
} from "#app/components/forms";
import { SpecsTable } from "#app/components/specs-table";
import { Alert, Button, TextLink } from "#app/components/ui";
import { ALT_TEXT_LABEL, MAX_ALT_TEXT_LENGTH } from "#app/domain/alt-text";
import { formatFileSize } from "#app/domain/format";
import { isSpreadsheetName, productSchema } from "#app/domain/forms/product";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import type { FileView, ImageView } from "#app/domain/catalog-views";
import type { ProductModelMatch } from "#app/domain/product-models";
import { AccessoryPicker } from "./accessory-picker";
import { dashboardProductPath } from "#app/domain/paths";

/** The product an edit form opens on (a subset of catalog.server's ProductDetail). */
export interface EditableProduct {
  id: string;
  model: string;
  description: string;
  specs: string | null;
  specsTable: string[][] | null;
  ndaa: boolean;
  version: number;
  category: { id: string };
  features: { id: string }[];
  image: Pick<ImageView, "id" | "fileId" | "url" | "alt">;
  additionalImages: Pick<ImageView, "id" | "fileId" | "url" | "alt">[];
  accessories: ProductModelMatch[];
  downloads: { id: string; description: string; file: FileView }[];
}

export interface ProductFormProps {
  mode: "new" | "edit";
  categories: { id: string; name: string; features: { id: string; label: string }[] }[];
  /** Whether the catalog holds a product (other than the one being edited) to choose as an accessory. */
  hasOtherProducts: boolean;
  product?: EditableProduct;
  lastResult?: SubmissionResult<string[]> | null;
  /** Beyond the original: someone saved this product since the form was opened. */
  conflict?: boolean;
}

const ALT_TEXT_HINT =
  "Say what the picture shows, for visitors who cannot see it. Left empty, the model name stands in.";

type ImageItem = { key: string; id?: string; image?: Pick<ImageView, "id" | "fileId" | "url" | "alt"> };
type DownloadItem = { key: string; id?: string; description: string; file?: FileView; replacing: boolean };

let itemCounter = 0;
const newKey = () => `item-${(itemCounter += 1)}`;

/** Holds submit while any upload runs: each control reports under its own key. */
function useUploadsBusy() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const callbacks = useRef(new Map<string, (value: boolean) => void>());
  const reporter = useCallback((key: string) => {
    let callback = callbacks.current.get(key);
    if (!callback) {
      callback = (value: boolean) =>
        setBusy((current) => {
          if (current.has(key) === value) return current;
          const next = new Set(current);
          if (value) next.add(key);
          else next.delete(key);
          return next;
        });
      callbacks.current.set(key, callback);
    }
    return callback;
  }, []);
  return { busy: busy.size > 0, reporter };
}

export function ProductForm({ mode, categories, hasOtherProducts, product, lastResult, conflict }: ProductFormProps) {
  const navigation = useNavigation();
  const schema = productSchema(mode);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: product
      ? {
          categoryId: product.category.id,
          model: product.model,
          description: product.description,
          specs: product.specs ?? "",
          ndaa: product.ndaa,
          imageAlt: product.image.alt,
        }
      : { ndaa: true },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const allErrors = form.allErrors;
  const { busy, reporter } = useUploadsBusy();

  const [categoryId, setCategoryId] = useState(product?.category.id ?? "");
  const [categoryChanged, setCategoryChanged] = useState(false);
  const category = categories.find((item) => item.id === categoryId);

  // Specifications: text, or the first sheet of a spreadsheet (the product's own, or a new upload).
  const [table, setTable] = useState<{ rows: string[][]; source: "existing" | "new" } | null>(
    product?.specsTable?.length ? { rows: product.specsTable, source: "existing" } : null,
  );
  const [spreadsheetReset, setSpreadsheetReset] = useState(0);
  const [spreadsheetError, setSpreadsheetError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  async function onSpreadsheet(file: UploadedFile | null) {
    setSpreadsheetError(null);
    if (!file) {
      setTable((current) => (current?.source === "new" ? null : current));
      return;
    }
    const refuse = () => {
      setSpreadsheetError(ADMIN_MESSAGES.excelOnly);
      setSpreadsheetReset((value) => value + 1);
    };
    if (!isSpreadsheetName(file.name)) return refuse();
    setPreviewing(true);
    try {
      const response = await fetch(`/dashboard/spreadsheet-preview?fileId=${encodeURIComponent(file.id)}`);
      const body = (await response.json()) as { rows?: string[][]; error?: string };
      if (!response.ok || !body.rows) return refuse();
      setTable({ rows: body.rows, source: "new" });
      // requirements §4: choosing a spreadsheet clears the plain-text specs.
      form.update({ name: fields.specs.name, value: "" });
    } catch {
      refuse();
    } finally {
      setPreviewing(false);
    }
  }

  function removeSpreadsheet() {
    setTable(null);
    setSpreadsheetError(null);
    setSpreadsheetReset((value) => value + 1);
  }

  // Main image: required when new; in an edit, kept unless changed.
  const [hasNewImage, setHasNewImage] = useState(false);
  const [changingImage, setChangingImage] = useState(false);
  const hasMainImage = mode === "edit" || hasNewImage;

  const [images, setImages] = useState<ImageItem[]>(
    () => product?.additionalImages.map((image) => ({ key: newKey(), id: image.id, image })) ?? [],
  );
  const moveImage = (index: number, by: number) =>
    setImages((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  const [downloads, setDownloads] = useState<DownloadItem[]>(
    () =>
      product?.downloads.map((download) => ({
        key: newKey(),
        id: download.id,
        description: download.description,
        file: download.file,
        replacing: false,
      })) ?? [],
  );
  const updateDownload = (key: string, change: Partial<DownloadItem>) =>
    setDownloads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const additionalHintId = useId();
  const chosenFeatures = new Set(product && !categoryChanged ? product.features.map((feature) => feature.id) : []);

  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <TabIdInput />
      {product ? <VersionInput version={product.version} /> : null}
      {conflict ? <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert> : null}
      <FormErrors form={form} />

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
      <TextArea meta={fields.description} label="Description" />

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Specifications</legend>
        <TextArea meta={fields.specs} label="Specifications (plain text)" rows={6} />
        {table?.source === "existing" ? <input type="hidden" name="keepSpecsTable" value="on" /> : null}
        <FileUpload
          name="specsFileId"
          label="Or a spreadsheet (.xls or .xlsx, first sheet)"
          kind="file"
          accept=".xls,.xlsx"
          resetKey={spreadsheetReset}
          errors={[...(spreadsheetError ? [spreadsheetError] : []), ...(fields.specsFileId.errors ?? [])]}
          onChange={(file) => void onSpreadsheet(file)}
          onBusyChange={reporter("spreadsheet")}
        />
        {previewing ? <p className="text-sm text-slate-600">Reading the spreadsheet…</p> : null}
        {table ? (
          <div className="space-y-2">
            <SpecsTable rows={table.rows} caption="Specifications from the spreadsheet" />
            <Button type="button" onClick={removeSpreadsheet} variant="link">
              Remove spreadsheet
            </Button>
          </div>
        ) : null}
      </fieldset>

      <CheckboxInput meta={fields.ndaa} label="NDAA compliant" />

      <fieldset className="space-y-2 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Features / filters</legend>
        {!category ? (
          <p className="text-sm text-slate-600">Choose a category to see its features.</p>
        ) : category.features.length === 0 ? (
          <p className="text-sm text-slate-600">This category has no features.</p>
        ) : (
          <div key={category.id} className="grid gap-2 sm:grid-cols-2">
            {category.features.map((feature) => (
              <label key={feature.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="featureIds"
                  value={feature.id}
                  defaultChecked={chosenFeatures.has(feature.id)}
                  className="h-4 w-4"
                />
                {feature.label}
              </label>
            ))}
          </div>
        )}
        <FieldErrors id={fields.featureIds.errorId} errors={fields.featureIds.errors} />
      </fieldset>

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Main image</legend>
        {mode === "new" ? (
          <FileUpload
            name="imageFileId"
            label="Image"
            kind="image"
            accept="image/*"
            errors={fields.imageFileId.errors}
            errorId={fields.imageFileId.errorId}
            messages={{
              tooLarge: ADMIN_MESSAGES.productImageRequired,
              notAnImage: ADMIN_MESSAGES.productImageRequired,
            }}
            onChange={(file) => setHasNewImage(Boolean(file))}
            onBusyChange={reporter("image")}
          />
        ) : product ? (
          <div className="space-y-3">
            {changingImage ? (
              <>
                <FileUpload
                  name="imageFileId"
                  label="New image"
                  kind="image"
                  accept="image/*"
                  errors={fields.imageFileId.errors}
                  errorId={fields.imageFileId.errorId}
                  messages={{ tooLarge: ADMIN_MESSAGES.imageTooLarge, notAnImage: ADMIN_MESSAGES.imagesOnly }}
                  onBusyChange={reporter("image")}
                />
                <Button variant="link" type="button" onClick={() => setChangingImage(false)}>
                  Use Original Image
                </Button>
              </>
            ) : (
              <>
                <img
                  src={product.image.url}
                  alt={`${product.model} (current)`}
                  className="h-32 w-auto rounded border border-slate-200"
                />
                <Button variant="link" type="button" onClick={() => setChangingImage(true)}>
                  Change image
                </Button>
                <FieldErrors id={fields.imageFileId.errorId} errors={fields.imageFileId.errors} />
              </>
            )}
          </div>
        ) : null}
        <TextInput
          meta={fields.imageAlt}
          label={ALT_TEXT_LABEL}
          hint={ALT_TEXT_HINT}
          maxLength={MAX_ALT_TEXT_LENGTH}
          autoComplete="off"
        />
      </fieldset>

      {hasMainImage ? (
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">Additional images</legend>
          {images.length === 0 ? (
            <p className="text-sm text-slate-600">No additional images.</p>
          ) : (
            <p id={additionalHintId} className="text-sm text-slate-600">
              {ALT_TEXT_HINT}
            </p>
          )}
          <ol className="space-y-3">
            {images.map((item, index) => {
              const name = `additionalImages[${index}]`;
              return (
                <li key={item.key} className="space-y-2 rounded border border-slate-200 p-3">
                  {item.image ? (
                    <div className="flex items-center gap-3">
                      <input type="hidden" name={`${name}.id`} value={item.id} />
                      <img
                        src={item.image.url}
                        alt={`Additional ${index + 1}`}
                        className="h-16 w-24 rounded object-cover"
                      />
                    </div>
                  ) : (
                    <FileUpload
                      name={`${name}.fileId`}
                      label={`Additional image ${index + 1}`}
                      kind="image"
                      accept="image/*"
                      errors={allErrors[`${name}.fileId`]}
                      messages={{
                        tooLarge: ADMIN_MESSAGES.additionalImages,
                        notAnImage: ADMIN_MESSAGES.additionalImages,
                      }}
                      onBusyChange={reporter(item.key)}
                    />
                  )}
                  <AltTextInput
                    name={`${name}.alt`}
                    imageName={`additional image ${index + 1}`}
                    defaultValue={item.image?.alt ?? ""}
                    describedBy={additionalHintId}
                    errors={allErrors[`${name}.alt`]}
                  />
                  <div className="flex flex-wrap gap-4">
                    <Button
                      type="button"
                      variant="link"
                      disabled={index === 0}
                      aria-label={`Move additional image ${index + 1} up`}
                      onClick={() => moveImage(index, -1)}
                    >
                      Move up
                    </Button>
                    <Button
                      type="button"
                      variant="link"
                      disabled={index === images.length - 1}
                      aria-label={`Move additional image ${index + 1} down`}
                      onClick={() => moveImage(index, 1)}
                    >
                      Move down
                    </Button>
                    <Button
                      type="button"
                      variant="link"
                      aria-label={`Remove additional image ${index + 1}`}
                      onClick={() => setImages((current) => current.filter((other) => other.key !== item.key))}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          <FieldErrors id={fields.additionalImages.errorId} errors={fields.additionalImages.errors} />
          <Button type="button" variant="link" onClick={() => setImages((current) => [...current, { key: newKey() }])}>
            Add image
          </Button>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">Additional images can be added once a main image is chosen.</p>
      )}

      <AccessoryPicker
        productId={product?.id}
        initial={product?.accessories ?? []}
        hasOtherProducts={hasOtherProducts}
      />

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Downloads</legend>
        {downloads.length === 0 ? <p className="text-sm text-slate-600">No downloads.</p> : null}
        {downloads.map((item, index) => (
          <DownloadRow
            key={item.key}
            item={item}
            index={index}
            errors={allErrors[`downloads[${index}].fileId`]}
            onBusyChange={reporter(item.key)}
            onReplace={(replacing) => updateDownload(item.key, { replacing })}
            onRemove={() => setDownloads((current) => current.filter((other) => other.key !== item.key))}
          />
        ))}
        <FieldErrors id={fields.downloads.errorId} errors={fields.downloads.errors} />
        <Button
          type="button"
          variant="link"
          onClick={() => setDownloads((current) => [...current, { key: newKey(), description: "", replacing: false }])}
        >
          Add download
        </Button>
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={submitting || busy || previewing}>
          {mode === "new" ? "Submit" : "Save changes"}
        </Button>
        {busy ? <span className="text-sm text-slate-600">Waiting for uploads to finish…</span> : null}
        {product ? (
          <TextLink to={dashboardProductPath(product.id)} weight="semibold">
            Cancel edit
          </TextLink>
        ) : null}
      </div>
    </Form>
  );
}

/** An additional image's description: a plain field, as the rows are not conform's own fields. */
function AltTextInput({
  name,
  imageName,
  defaultValue,
  describedBy,
  errors,
}: {
  name: string;
  /** Heard after the label, so each row's field has a name of its own. */
  imageName: string;
  defaultValue: string;
  describedBy: string;
  errors: string[] | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {ALT_TEXT_LABEL}
        <span className="sr-only">, {imageName}</span>
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={MAX_ALT_TEXT_LENGTH}
        autoComplete="off"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${describedBy} ${errorId}` : describedBy}
        className={INPUT_CLASS}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

function DownloadRow({
  item,
  index,
  errors,
  onBusyChange,
  onReplace,
  onRemove,
}: {
  item: DownloadItem;
  index: number;
  errors: string[] | undefined;
  onBusyChange: (busy: boolean) => void;
  onReplace: (replacing: boolean) => void;
  onRemove: () => void;
}) {
  const name = `downloads[${index}]`;
  const descriptionId = useId();
  const upload = (label: string): ReactNode => (
    <FileUpload
      name={`${name}.fileId`}
      label={label}
      kind="file"
      errors={errors}
      messages={{ tooLarge: ADMIN_MESSAGES.productDownloads }}
      onBusyChange={onBusyChange}
    />
  );
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Download {index + 1}</legend>
      {item.id ? <input type="hidden" name={`${name}.id`} value={item.id} /> : null}
      <div className="space-y-1">
        <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700">
          Description
        </label>
        <input
          id={descriptionId}
          name={`${name}.description`}
          defaultValue={item.description}
          placeholder="Manual, software, etc."
          maxLength={200}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm"
        />
      </div>
      {item.file ? (
        <div className="space-y-2">
          <p className="text-sm">
            Current file:{" "}
            <TextLink href={item.file.url} target="_blank" rel="noreferrer">
              <FileName name={item.file.name} />
            </TextLink>{" "}
            ({formatFileSize(item.file.size)})
          </p>
          {item.replacing ? (
            <>
              {upload("Replacement file")}
              <Button variant="link" type="button" onClick={() => onReplace(false)}>
                Keep current file
              </Button>
            </>
          ) : (
            <Button variant="link" type="button" onClick={() => onReplace(true)}>
              Replace file
            </Button>
          )}
        </div>
      ) : (
        upload("File")
      )}
      <div>
        <Button type="button" onClick={onRemove} aria-label={`Remove download ${index + 1}`} variant="link">
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
