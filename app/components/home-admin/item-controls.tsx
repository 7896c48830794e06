import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ConfirmDelete } from "#app/components/confirm-delete";
import { TypedBeforeConflict } from "#app/components/forms";
import { useOpenedRecord } from "#app/components/use-opened-record";
import { TabIdInput } from "#app/components/forms";
import { Alert, Button, TextLink } from "#app/components/ui";
import { dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { useHydrated } from "#app/components/use-hydrated";
import { INFO_ITEM_TYPE_NAMES, type InfoActionResult, type InfoItemRecord } from "#app/domain/forms/info-item";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { INFO_ACTION, ItemForm } from "./item-form";

/** A short name of an item, for labels (a card's heading, a banner's text, an image's description). */
export function infoItemLabel(item: InfoItemRecord): string {
  const text = item.heading ?? item.content ?? item.image?.alt ?? "";
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return short ? `${INFO_ITEM_TYPE_NAMES[item.type]}: ${short}` : INFO_ITEM_TYPE_NAMES[item.type];
}

/** Edit, Delete (with its confirmation) and Move to top for one item. */
export function InfoItemControls({ item }: { item: InfoItemRecord }) {
  const [editing, setEditing] = useState(false);
  const deleter = useFetcher<InfoActionResult>();
  const mover = useFetcher<InfoActionResult>();
  const editButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const deleting = deleter.state !== "idle";

  // A refused delete (changed or gone meanwhile): the prompt closes and the message says why.
  const deleteOutcome = deleter.state === "idle" ? deleter.data : undefined;
  const refusal = deleteOutcome && deleteOutcome.status !== "done" ? deleteOutcome : undefined;
  const label = infoItemLabel(item);
  const moveRefusal = mover.state === "idle" && mover.data?.status === "refused" ? mover.data : undefined;
  const outcomeMessage =
    refusal?.status === "conflict"
      ? ADMIN_MESSAGES.conflict
      : refusal?.status === "refused"
        ? refusal.message
        : (moveRefusal?.message ?? null);

  return (
    <div role="group" aria-label={`Admin controls: ${label}`} className="space-y-3" data-testid="info-item-controls">
      {outcomeMessage ? <Alert tone="error">{outcomeMessage}</Alert> : null}
      <div className="flex flex-wrap items-start gap-2">
        <Button
          ref={editButton}
          type="button"
          variant="secondary"
          size="sm"
          disabled={!hydrated || deleting}
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          Edit<span className="sr-only"> {label}</span>
        </Button>
        <ConfirmDelete
          label="Delete"
          target={label}
          prompt={ADMIN_MESSAGES.confirmInfoDelete}
          version={item.version}
          refusal={refusal}
          fetcher={deleter}
          action={INFO_ACTION}
          fields={{ id: item.id }}
          confirmLabel="CONFIRM DELETE"
          cancelLabel="CANCEL"
          size="sm"
        />
        <mover.Form method="post" action={INFO_ACTION}>
          <TabIdInput />
          <input type="hidden" name="intent" value="move-to-top" />
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" disabled={mover.state !== "idle" || deleting} variant="secondary" size="sm">
            Move to top<span className="sr-only"> {label}</span>
          </Button>
        </mover.Form>
        <TextLink to={dashboardHistoryPath("home-item", item.id)} className="self-center text-sm">
          History<span className="sr-only"> of {label}</span>
        </TextLink>
      </div>
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
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const { record: opened, conflict, typed } = useOpenedRecord(item, outcome);
  const saved = outcome?.status === "saved";
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  const title = `Edit ${INFO_ITEM_TYPE_NAMES[opened.type].toLowerCase()}`;
  let message: ReactNode = null;
  if (conflict) message = <Alert tone="error">{ADMIN_MESSAGES.conflict}</Alert>;
  if (outcome?.status === "refused") message = <Alert tone="error">{outcome.message}</Alert>;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      {message}
      <TypedBeforeConflict value={typed}>
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
      </TypedBeforeConflict>
    </div>
  );
}
