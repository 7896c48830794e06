import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { FileUpload } from "#app/components/file-upload";
import { FormErrors, TabIdInput, TextArea, TextInput, VersionInput } from "#app/components/forms";
import { Alert, Button } from "#app/components/ui";
import { useHydrated } from "#app/components/use-hydrated";
import {
  infoItemSchema,
  type InfoActionResult,
  type InfoItemInput,
  type InfoItemKind,
  type InfoItemRecord,
} from "#app/domain/forms/info-item";
import { ALT_TEXT_LABEL, MAX_ALT_TEXT_LENGTH } from "#app/domain/alt-text";
import { imageSlotGuidance, INFO_IMAGE_SLOTS } from "#app/domain/home-images";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";

/**
 * The admin tools of the home page's info items (requirements §2 '/', §4, §5), shared by `/` and the dashboard
 * summary. `/` loads this module lazily and only for admins, so visitors never download it.
 */

/** One dashboard route does every info-item write, wherever the tools are shown. */
const INFO_ACTION = "/dashboard/info-items";

const TYPE_NAMES: Record<InfoItemKind, string> = { banner: "Banner", card: "Card", image: "Image" };
const NEW_BUTTONS: { type: InfoItemKind; label: string }[] = [
  { type: "card", label: "+ NEW CARD" },
  { type: "image", label: "+ NEW IMAGE" },
  { type: "banner", label: "+ NEW BANNER" },
];

/** '+ NEW CARD', '+ NEW IMAGE', '+ NEW BANNER' and the new-item panel they open. */
export function HomeAdminToolbar() {
  const [open, setOpen] = useState<InfoItemKind | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // `/` loads these tools lazily: until they hydrate, a click on the server's buttons would be lost.
  const hydrated = useHydrated();
  const close = () => {
    setOpen(null);
    // The panel is gone: give focus back to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <section aria-label="Home page admin tools" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div role="toolbar" aria-label="Add an info item" className="flex flex-wrap gap-2">
        {NEW_BUTTONS.map(({ type, label }) => (
          <Button
            key={type}
            type="button"
            variant="secondary"
            size="sm"
            disabled={!hydrated}
            aria-expanded={open === type}
            aria-controls={open === type ? "new-info-item" : undefined}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setOpen(open === type ? null : type);
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      {open ? (
        <div id="new-info-item">
          <NewItemPanel key={open} type={open} onClose={close} />
        </div>
      ) : null}
    </section>
  );
}

function NewItemPanel({ type, onClose }: { type: InfoItemKind; onClose: () => void }) {
  const fetcher = useFetcher<InfoActionResult>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const saved = fetcher.state === "idle" && fetcher.data?.intent === "create" && fetcher.data.status === "saved";
  // After a successful submit the panel closes; opening it again starts from an empty form.
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  const title = `New ${TYPE_NAMES[type].toLowerCase()}`;
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 ref={heading} tabIndex={-1} className="mb-3 text-lg font-semibold text-slate-900 outline-none">
        {title}
      </h2>
      <ItemForm fetcher={fetcher} type={type} mode="create" title={title} submitLabel="Submit" onCancel={onClose} />
    </div>
  );
}

type InfoFetcher = ReturnType<typeof useFetcher<InfoActionResult>>;

/** The fields of a banner, card or image with requirements §5's rules, for a new item or an edit. */
function ItemForm({
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
    defaultValue: { heading: item?.heading ?? "", content: item?.content ?? "", imageAlt: item?.image?.alt ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [uploading, setUploading] = useState(false);
  const [removeImage, setRemoveImage] = useState(false);
  const busy = uploading || fetcher.state !== "idle";
  const imageMessages =
    type === "image"
      ? { tooLarge: ADMIN_MESSAGES.imageRequiredInfo, notAnImage: ADMIN_MESSAGES.imageRequiredInfo }
      : { tooLarge: ADMIN_MESSAGES.cardImage, notAnImage: ADMIN_MESSAGES.cardImage };
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
      <FormErrors form={form} />
      {type === "card" ? <TextInput meta={fields.heading} label="Heading" /> : null}
      {type !== "image" ? <TextArea meta={fields.content} label="Content" rows={type === "banner" ? 2 : 4} /> : null}
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {fetcher.state === "submitting" ? "Saving…" : submitLabel}
        </Button>
        <Button type="button" onClick={onCancel} variant="secondary" size="sm">
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A short name of an item, for labels (a card's heading, a banner's text, an image's description). */
export function infoItemLabel(item: InfoItemRecord): string {
  const text = item.heading ?? item.content ?? item.image?.alt ?? "";
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return short ? `${TYPE_NAMES[item.type]}: ${short}` : TYPE_NAMES[item.type];
}

type DeleteState = "normal" | "confirming";

/** Edit, Delete (with its confirmation) and Move to top for one item. */
export function InfoItemControls({ item }: { item: InfoItemRecord }) {
  const [editing, setEditing] = useState(false);
  const [deleteState, setDeleteState] = useState<DeleteState>("normal");
  const deleter = useFetcher<InfoActionResult>();
  const mover = useFetcher<InfoActionResult>();
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelDelete = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const deleting = deleter.state !== "idle";

  useEffect(() => {
    if (deleteState === "confirming") cancelDelete.current?.focus();
  }, [deleteState]);

  const deleteOutcome = deleter.state === "idle" ? deleter.data : undefined;
  const [shownOutcome, setShownOutcome] = useState(deleteOutcome);
  if (deleteOutcome !== shownOutcome) {
    setShownOutcome(deleteOutcome);
    // A refused delete (changed or gone meanwhile) goes back to the normal state with its message.
    if (deleteOutcome && deleteOutcome.status !== "done") setDeleteState("normal");
  }
  const label = infoItemLabel(item);
  const outcomeMessage =
    shownOutcome?.status === "conflict"
      ? ADMIN_MESSAGES.conflict
      : shownOutcome?.status === "gone" || (mover.state === "idle" && mover.data?.status === "gone")
        ? ADMIN_MESSAGES.gone
        : null;

  return (
    <div role="group" aria-label={`Admin controls: ${label}`} className="space-y-3" data-testid="info-item-controls">
      {outcomeMessage ? <Alert tone="error">{outcomeMessage}</Alert> : null}
      {deleting ? (
        <p role="status" className="text-sm text-slate-700">
          Deleting…
        </p>
      ) : deleteState === "confirming" ? (
        <deleter.Form
          method="post"
          action={INFO_ACTION}
          className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 p-3"
        >
          <TabIdInput />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={item.id} />
          <VersionInput version={item.version} />
          <p className="mr-2 text-sm font-medium text-red-800">{ADMIN_MESSAGES.confirmInfoDelete}</p>
          <Button type="submit" variant="danger" size="sm">
            CONFIRM DELETE
          </Button>
          <Button
            ref={cancelDelete}
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => {
              setDeleteState("normal");
              requestAnimationFrame(() => deleteButton.current?.focus());
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") event.currentTarget.click();
            }}
          >
            CANCEL
          </Button>
        </deleter.Form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            ref={editButton}
            type="button"
            variant="secondary"
            size="sm"
            disabled={!hydrated}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit
          </Button>
          <Button
            ref={deleteButton}
            type="button"
            variant="secondary"
            size="sm"
            disabled={!hydrated}
            onClick={() => setDeleteState("confirming")}
          >
            Delete
          </Button>
          <mover.Form method="post" action={INFO_ACTION}>
            <TabIdInput />
            <input type="hidden" name="intent" value="move-to-top" />
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" disabled={mover.state !== "idle"} variant="secondary" size="sm">
              Move to top
            </Button>
          </mover.Form>
        </div>
      )}
      {editing && !deleting ? (
        <EditItem
          item={item}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The inline edit form. It keeps the item as it was when opened (live updates do not overwrite what
 * the admin is typing); saving over a newer version shows the conflict message and the newer data.
 */
function EditItem({ item, onDone }: { item: InfoItemRecord; onDone: () => void }) {
  const fetcher = useFetcher<InfoActionResult>();
  const [opened, setOpened] = useState(item);
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const [handled, setHandled] = useState(outcome);
  if (outcome !== handled) {
    setHandled(outcome);
    if (outcome?.status === "conflict") setOpened(outcome.current);
  }
  const saved = outcome?.intent === "edit" && outcome.status === "saved";
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  const title = `Edit ${TYPE_NAMES[opened.type].toLowerCase()}`;
  let message: ReactNode = null;
  if (outcome?.status === "conflict") message = <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert>;
  if (outcome?.status === "gone") message = <Alert tone="error">{ADMIN_MESSAGES.gone}</Alert>;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      {message}
      <ItemForm
        key={opened.version}
        fetcher={fetcher}
        type={opened.type}
        mode="edit"
        title={title}
        submitLabel="Save changes"
        onCancel={onDone}
        item={opened}
      />
    </div>
  );
}
