import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { FileUpload } from "#app/components/file-upload";
import { FieldErrors, TextInput } from "#app/components/forms";
import { Button } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { ALT_TEXT_LABEL, MAX_ALT_TEXT_LENGTH } from "#app/domain/alt-text";
import { ALT_TEXT_HINT, type StoredImage } from "./shared";

/** The main image: required in a new product; in an edit, kept unless the admin changes it. */
export function MainImageFieldset({
  stored,
  model,
  imageFileId,
  imageAlt,
  onChosen,
  onBusyChange,
}: {
  /** The product's current image, in an edit form. */
  stored: StoredImage | undefined;
  model: string | undefined;
  imageFileId: FieldMetadata<string>;
  imageAlt: FieldMetadata<string>;
  /** A new product's image was chosen (or taken away). */
  onChosen: (chosen: boolean) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [changing, setChanging] = useState(false);
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Main image</legend>
      {stored && !changing ? (
        <div className="space-y-3">
          <img
            src={stored.url}
            alt={`${model ?? ""} (current)`}
            className="h-32 w-auto rounded border border-slate-200"
          />
          <Button variant="link" type="button" onClick={() => setChanging(true)}>
            Change image
          </Button>
          <FieldErrors id={imageFileId.errorId} errors={imageFileId.errors} />
        </div>
      ) : (
        <div className="space-y-3">
          <FileUpload
            name="imageFileId"
            label={stored ? "New image" : "Image"}
            kind="image"
            accept="image/*"
            errors={imageFileId.errors}
            errorId={imageFileId.errorId}
            // A new product cannot be saved without its image, so whatever went wrong says that.
            messages={
              stored
                ? { tooLarge: ADMIN_MESSAGES.imageTooLarge, notAnImage: ADMIN_MESSAGES.imagesOnly }
                : { tooLarge: ADMIN_MESSAGES.productImageRequired, notAnImage: ADMIN_MESSAGES.productImageRequired }
            }
            onChange={stored ? undefined : (file) => onChosen(Boolean(file))}
            onBusyChange={onBusyChange}
          />
          {stored ? (
            <Button variant="link" type="button" onClick={() => setChanging(false)}>
              Use Original Image
            </Button>
          ) : null}
        </div>
      )}
      <TextInput
        meta={imageAlt}
        label={ALT_TEXT_LABEL}
        hint={ALT_TEXT_HINT}
        maxLength={MAX_ALT_TEXT_LENGTH}
        autoComplete="off"
      />
    </fieldset>
  );
}
