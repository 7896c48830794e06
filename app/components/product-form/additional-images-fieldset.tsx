import { useId, useState } from "react";
import { FileUpload } from "#app/components/file-upload";
import { FieldErrors, FieldLabel, INPUT_CLASS, useListFocus } from "#app/components/forms";
import { Button } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { ALT_TEXT_LABEL, MAX_ALT_TEXT_LENGTH } from "#app/domain/alt-text";
import { ALT_TEXT_HINT, newKey, type BusyReporter, type StoredImage } from "./shared";

type ImageItem = { key: string; id?: string; image?: StoredImage };

/**
 * The additional images' rows. Held by the form, not the fieldset: a new product's fieldset hides
 * while it has no main image, and rows added before must come back with it.
 */
export function useImageRows(stored: StoredImage[]) {
  return useState<ImageItem[]>(() => stored.map((image) => ({ key: newKey(), id: image.id, image })));
}

/** The additional images: the stored ones and new uploads, each with its description, in order. */
export function AdditionalImagesFieldset({
  rows: [images, setImages],
  allErrors,
  errorId,
  errors,
  reporter,
}: {
  rows: ReturnType<typeof useImageRows>;
  /** The form's errors by field name: the rows are not conform's own fields. */
  allErrors: Record<string, string[]>;
  errorId: string;
  errors: string[] | undefined;
  reporter: BusyReporter;
}) {
  const moveImage = (index: number, by: number) =>
    setImages((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const additionalHintId = useId();
  const { list, addButton } = useListFocus(images.length);
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Additional images</legend>
      {images.length === 0 ? (
        <p className="text-sm text-slate-600">No additional images.</p>
      ) : (
        <p id={additionalHintId} className="text-sm text-slate-600">
          {ALT_TEXT_HINT}
        </p>
      )}
      <ol ref={list} className="space-y-3">
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
                <Button type="button" variant="link" disabled={index === 0} onClick={() => moveImage(index, -1)}>
                  Move up<span className="sr-only"> additional image {index + 1}</span>
                </Button>
                <Button
                  type="button"
                  variant="link"
                  disabled={index === images.length - 1}
                  onClick={() => moveImage(index, 1)}
                >
                  Move down<span className="sr-only"> additional image {index + 1}</span>
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
      <FieldErrors id={errorId} errors={errors} />
      <Button
        ref={addButton}
        type="button"
        variant="link"
        onClick={() => setImages((current) => [...current, { key: newKey() }])}
      >
        Add image
      </Button>
    </fieldset>
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
      <FieldLabel htmlFor={id}>
        {ALT_TEXT_LABEL}
        <span className="sr-only">, {imageName}</span>
      </FieldLabel>
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
