import { redirect } from "react-router";
import { refusedAnswer } from "../answers.server";
import { z } from "zod";
import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { dashboardHistoryPath } from "#app/domain/dashboard-paths";
import { dashboardRecordPath, REVISIONED_TYPES, type RevisionedType } from "#app/domain/record-kinds";
import { ConflictError, NotFoundError, RestoreRefusedError } from "#app/server/admin/write.server";
import { servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";
import type { UndoableDeletion } from "../undo-delete";

const restoreRevisionSchema = z.object({ revision: z.string(), version: z.coerce.number().int() });
const restoreDeletedSchema = z.object({ type: z.enum(REVISIONED_TYPES), id: z.string(), revision: z.string() });

const RESTORED_OR_PURGED = "This record was restored or purged meanwhile.";

const RESTORE_CONFLICT =
  "Someone saved a change to this since the page was opened. The history below is up to date: restore again if you still want that version.";

/** History's "Restore this version": saved like an edit, over the version the page showed. */
export async function restoreRevisionFromForm(
  context: RouteContext,
  type: RevisionedType,
  id: string,
  { form, origin }: AdminForm,
) {
  const submission = parseFormSubmission(form, restoreRevisionSchema);
  // A restore without the version the page showed is taken for one over a newer version.
  const { revision: revisionId, version } =
    submission.status === "success" ? submission.value : { revision: "", version: -1 };
  try {
    const revision = await context.get(servicesContext).history.restoreRevision(type, id, revisionId, version, origin);
    return redirect(`${dashboardHistoryPath(type, id)}?restored=${revision.number}`);
  } catch (error) {
    if (error instanceof ConflictError) return refusedAnswer(RESTORE_CONFLICT, 409);
    if (error instanceof NotFoundError) return refusedAnswer("This record or revision no longer exists.", 404);
    if (error instanceof RestoreRefusedError) return refusedAnswer(error.message, 400);
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
  const submission = parseFormSubmission(form, restoreDeletedSchema);
  // No kind of record with revisions by that word: nothing was deleted there to restore.
  if (submission.status !== "success") return refusedAnswer(RESTORED_OR_PURGED, 404);
  const { type, id, revision } = submission.value;
  try {
    await context.get(servicesContext).history.restoreDeleted(type, id, revision, origin);
    return redirect(`${dashboardRecordPath(type, id)}?restored=1`);
  } catch (error) {
    if (error instanceof NotFoundError) return refusedAnswer(RESTORED_OR_PURGED, 404);
    if (error instanceof RestoreRefusedError) return refusedAnswer(error.message, 400);
    throw error;
  }
}
