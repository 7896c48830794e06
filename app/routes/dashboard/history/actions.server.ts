import { data, redirect } from "react-router";
import { dashboardHistoryPath } from "#app/domain/paths";
import { dashboardRecordPath, isRevisionedType, type RevisionedType } from "#app/domain/record-kinds";
import { ConflictError, NotFoundError, RestoreRefusedError } from "#app/server/admin/write.server";
import { servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";
import type { UndoableDeletion } from "../undo-delete";

/** Why a restore did not happen, in words the page shows as they are. */
export interface RestoreRefusal {
  refused: string;
}

const RESTORE_CONFLICT =
  "Someone saved a change to this since the page was opened. The history below is up to date: restore again if you still want that version.";

function refused(message: string, status: number) {
  return data<RestoreRefusal>({ refused: message }, { status });
}

/** History's "Restore this version": saved like an edit, over the version the page showed. */
export async function restoreRevisionFromForm(
  context: RouteContext,
  type: RevisionedType,
  id: string,
  { form, origin }: AdminForm,
) {
  const version = Number(form.get("version"));
  const revisionId = String(form.get("revision") ?? "");
  try {
    const revision = await context
      .get(servicesContext)
      .history.restoreRevision(type, id, revisionId, Number.isInteger(version) ? version : -1, origin);
    return redirect(`${dashboardHistoryPath(type, id)}?restored=${revision.number}`);
  } catch (error) {
    if (error instanceof ConflictError) return refused(RESTORE_CONFLICT, 409);
    if (error instanceof NotFoundError) return refused("This record or revision no longer exists.", 404);
    if (error instanceof RestoreRefusedError) return refused(error.message, 400);
    throw error;
  }
}

/** The deletion of a record that its deleted screen can still undo, or null (restored or purged since). */
export async function undoableDeletion(
  context: RouteContext,
  type: RevisionedType,
  id: string,
): Promise<UndoableDeletion | null> {
  const deleted = await context.get(servicesContext).revisions.recentlyDeleted();
  const entry = deleted.find((candidate) => candidate.recordType === type && candidate.recordId === id);
  return entry ? { type, id, revision: entry.id } : null;
}

/** Recently deleted's "Restore": the record back whole, then its own page. */
export async function restoreDeletedFromForm(context: RouteContext, { form, origin }: AdminForm) {
  const type = String(form.get("type") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (!isRevisionedType(type)) throw new NotFoundError();
    await context.get(servicesContext).history.restoreDeleted(type, id, String(form.get("revision") ?? ""), origin);
    return redirect(`${dashboardRecordPath(type, id)}?restored=1`);
  } catch (error) {
    if (error instanceof NotFoundError) return refused("This record was restored or purged meanwhile.", 404);
    if (error instanceof RestoreRefusedError) return refused(error.message, 400);
    throw error;
  }
}
