import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { TabIdInput, VersionInput } from "#app/components/forms";
import { Alert, Button } from "#app/components/ui";
import { useHydrated } from "#app/components/use-hydrated";
import type { InfoActionResult, InfoItemRecord } from "#app/domain/forms/info-item";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { INFO_ACTION, ItemForm, TYPE_NAMES } from "./item-form";

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
