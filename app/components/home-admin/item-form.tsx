import { INFO_ITEM_PLACE_NAMES, INFO_ITEM_PLACES } from "#app/domain/info-item-places";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { useFetcher } from "react-router";
import { FileUpload } from "#app/components/file-upload";
import { FormErrors, SelectInput, TabIdInput, TextArea, TextInput, VersionInput } from "#app/components/forms";
import { Button } from "#app/components/ui";
import { PublishControls } from "#app/components/publish-controls";
import { PUBLISH_AT_FIELD } from "#app/domain/publication";
import { isoToday } from "#app/domain/format";
import {
  INFO_LINK_MAX,
  infoItemSchema,
  type InfoActionResult,
  type InfoItemInput,
  type InfoItemKind,
  type InfoItemRecord,
} from "#app/domain/forms/info-item";
import { ALT_TEXT_LABEL, MAX_ALT_TEXT_LENGTH } from "#app/domain/alt-text";
import { imageSlotGuidance, INFO_IMAGE_SLOTS } from "#app/domain/home-images";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";

/** One dashboard route does every info-item write, wherever the tools are shown. */
export const INFO_ACTION = "/dashboard/info-items";

export type InfoFetcher = ReturnType<typeof useFetcher<InfoActionResult>>;

/** The fields of a banner, card or image with requirements §5's rules, for a new item or an edit. */
export function ItemForm({
  fetcher,
  type,
  mode,
  title,
  submitLabel,
  onCancel,
  item,
}: {
  fetcher: InfoFetcher;
  type: InfoItemKind;
  mode: "create" | "edit";
  title: string;
  submitLabel: string;
  onCancel: () => void;
  item?: InfoItemRecord;
}) {
  const schema = infoItemSchema(type, mode);
  const reply = fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined;
  const [form, fields] = useForm<InfoItemInput>({
    lastResult: fetcher.state === "idle" ? reply : null,
    defaultValue: {
      heading: item?.heading ?? "",
      content: item?.content ?? "",
      imageAlt: item?.image?.alt ?? "",
      link: item?.link ?? "",
      linkLabel: item?.linkLabel ?? "",
      eyebrow: item?.eyebrow ?? "",
      datedOn: item?.datedOn ?? isoToday(),
      shownOn: item && !item.onHomePage ? "news" : "home",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [uploading, setUploading] = useState(false);
  const [removeImage, setRemoveImage] = useState(false);
  const busy = uploading || fetcher.state !== "idle";
  const imageMessages =
    type === "card"
      ? { tooLarge: ADMIN_MESSAGES.cardImage, notAnImage: ADMIN_MESSAGES.cardImage }
      : { tooLarge: ADMIN_MESSAGES.imageRequiredInfo, notAnImage: ADMIN_MESSAGES.imageRequiredInfo };
  return (
    <fetcher.Form method="post" action={INFO_ACTION} {...getFormProps(form)} aria-label={title} className="space-y-4">
      <TabIdInput />
      <input type="hidden" name="intent" value={mode} />
      {mode === "create" ? <input type="hidden" name="type" value={type} /> : null}
      {item ? (
        <>
          <input type="hidden" name="id" value={item.id} />
          <VersionInput version={item.version} />
        </>
      ) : null}
      <FormErrors
        form={form}
        labels={{
          heading: "Heading",
          content: "Content",
          imageFileId: "Image",
          imageAlt: ALT_TEXT_LABEL,
          link: type === "slide" ? "Button link" : "Read more link",
          linkLabel: "Button label",
          eyebrow: "Eyebrow",
          datedOn: "Date",
        }}
      />
      {type === "slide" ? (
        <TextInput
          meta={fields.eyebrow}
          label="Eyebrow (optional)"
          hint="A few words above the heading, such as AI detection."
          maxLength={60}
        />
      ) : null}
      {type === "card" || type === "slide" ? <TextInput meta={fields.heading} label="Heading" /> : null}
      {type !== "image" ? (
        <TextArea meta={fields.content} label="Content" rows={type === "banner" ? 2 : type === "slide" ? 3 : 4} />
      ) : null}
      {type !== "banner" ? (
        <>
          {item?.image ? (
            <div className="flex items-center gap-3 text-sm text-slate-700">
              <img src={item.image.url} alt="" className="h-12 w-16 rounded object-cover" />
              <span>{type === "card" ? "Current image (a new one replaces it)" : "Current image"}</span>
            </div>
          ) : null}
          <FileUpload
            name={fields.imageFileId.name}
            label={
              mode === "edit" && item?.image
                ? "Replace image"
                : type === "card"
                  ? "Image (optional, 20MB maximum)"
                  : "Image (20MB maximum)"
            }
            hint={imageSlotGuidance(INFO_IMAGE_SLOTS[type])}
            kind="image"
            accept="image/*"
            errors={fields.imageFileId.errors}
            errorId={fields.imageFileId.errorId}
            messages={imageMessages}
            onBusyChange={setUploading}
          />
          <TextInput
            meta={fields.imageAlt}
            label={ALT_TEXT_LABEL}
            hint="Say what the picture shows, and any words in it, for visitors who cannot see it. Left empty, the picture counts as decoration."
            maxLength={MAX_ALT_TEXT_LENGTH}
            autoComplete="off"
          />
          {type === "card" && mode === "edit" && item?.image ? (
            <div className="flex items-center gap-2">
              <input
                id={`${form.id}-remove-image`}
                type="checkbox"
                name="removeImage"
                checked={removeImage}
                onChange={(event) => setRemoveImage(event.target.checked)}
                className="h-4 w-4 rounded border-slate-300"
              />
              <label htmlFor={`${form.id}-remove-image`} className="text-sm text-slate-800">
                Remove the image
              </label>
            </div>
          ) : null}
        </>
      ) : null}
      {type === "slide" ? <TextInput meta={fields.linkLabel} label="Button label" maxLength={40} /> : null}
      <TextInput
        meta={fields.link}
        label={type === "slide" ? "Button link" : "Read more link (optional)"}
        hint="A page of this site, such as /catalog/products/vnt-d4m, or a web address starting with https://."
        inputMode="url"
        maxLength={INFO_LINK_MAX}
        autoComplete="off"
      />
      {type === "slide" ? (
        <p className="text-sm text-slate-600">
          Slides are shown in the carousel at the top of the home page, the newest first. Once there is one, the
          site&apos;s three built-in slides make way for yours.
        </p>
      ) : (
        <>
          <TextInput
            meta={fields.datedOn}
            type="date"
            label="Date"
            hint="Shown with the item, which News lists by it. Left empty, a new item is dated today and an edited one keeps its date."
          />
          <SelectInput meta={fields.shownOn} label="Shown on">
            {INFO_ITEM_PLACES.map((place) => (
              <option key={place} value={place}>
                {INFO_ITEM_PLACE_NAMES[place]}
              </option>
            ))}
          </SelectInput>
        </>
      )}
      <PublishControls
        publication={item?.publication}
        saveLabel={fetcher.state === "submitting" ? "Saving…" : submitLabel}
        disabled={busy}
        errors={form.allErrors[PUBLISH_AT_FIELD]}
      >
        <Button type="button" onClick={onCancel} variant="secondary" size="sm">
          Cancel
        </Button>
      </PublishControls>
    </fetcher.Form>
  );
}
