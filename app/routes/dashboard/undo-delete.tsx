import { Form, useNavigation } from "react-router";
import { TabIdInput } from "#app/components/forms";
import { Button } from "#app/components/ui";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { DASHBOARD_RECENTLY_DELETED_PATH } from "#app/domain/dashboard-paths";
import type { RevisionedType } from "#app/domain/record-kinds";

/** A record's deletion that can still be undone: what Recently deleted's restore needs. */
export interface UndoableDeletion {
  type: RevisionedType;
  id: string;
  /** The revision that recorded the deletion. */
  revision: string;
}

/**
 * On the screen after a delete: where the record went, and an Undo that restores it whole (Recently
 * deleted's restore, which then opens the record again). Without a deletion to undo (restored or
 * purged meanwhile), it says so.
 */
export function UndoDelete({ deletion }: { deletion: UndoableDeletion | null }) {
  const busy = useNavigation().state !== "idle";
  if (!deletion) return <p className="text-slate-700">{ADMIN_MESSAGES.deletedGone}</p>;
  return (
    <Form method="post" action={DASHBOARD_RECENTLY_DELETED_PATH} className="flex flex-wrap items-center gap-3">
      <TabIdInput />
      <input type="hidden" name="type" value={deletion.type} />
      <input type="hidden" name="id" value={deletion.id} />
      <input type="hidden" name="revision" value={deletion.revision} />
      <p className="text-slate-700">{ADMIN_MESSAGES.deletedInto}</p>
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        Undo
      </Button>
    </Form>
  );
}
