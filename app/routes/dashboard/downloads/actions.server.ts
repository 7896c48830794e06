import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { data, redirect } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { editDownloadSchema, newDownloadSchema } from "#app/domain/forms/download";
import { DASHBOARD_NEW_DOWNLOAD_PATH, dashboardDownloadDeletedPath } from "#app/domain/dashboard-paths";
import type { AdminDownload } from "#app/domain/forms/download";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { MissingFileError } from "#app/server/files/files.server";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  NOTHING_TYPED,
  publicationAnswer,
  refusedAnswer,
  uncheckedAnswer,
} from "../answers.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";

// The general downloads' form handling: form → service → the answer the pages show.

export async function requireDownload(context: RouteContext, id: string): Promise<AdminDownload> {
  const { downloadAdmin } = context.get(servicesContext);
  const download = await downloadAdmin.getGeneralDownload(id);
  if (!download) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return download;
}

/** The new-download form's save: to the "created" screen, or the form again with what went wrong. */
export async function createFromForm(context: RouteContext, { form: formData, origin }: AdminForm) {
  const { downloadAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, newDownloadSchema);
  if (submission.status !== "success") {
    return uncheckedAnswer(submission);
  }
  const asked = publicationAnswer(formData, submission);
  if (asked.refusal) return asked.refusal;
  try {
    const id = await downloadAdmin.createGeneralDownload(
      { ...submission.value, publication: asked.publication },
      origin,
    );
    return createdAnswer(DASHBOARD_NEW_DOWNLOAD_PATH, id);
  } catch (error) {
    // requirements §8: any failure storing a general download reads 'Error uploading file' (a file that is
    // gone included); nothing was written, the transaction rolled back.
    logger.error({ err: error }, "creating a general download failed");
    return failedAnswer(submission, ADMIN_MESSAGES.downloadUploadFailed);
  }
}

/** The delete step: to the deleted screen, or the newer record after a conflict. */
export async function deleteFromForm(context: RouteContext, id: string, { form: formData, origin }: AdminForm) {
  const { downloadAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const deletedPath = dashboardDownloadDeletedPath(id);
  try {
    await downloadAdmin.deleteGeneralDownload(id, confirmedVersion(formData), origin);
    return redirect(deletedPath);
  } catch (error) {
    if (error instanceof NotFoundError) return redirect(`${deletedPath}?gone`);
    if (error instanceof ConflictError) return conflictAnswer(await requireDownload(context, id), NOTHING_TYPED);
    logger.error({ err: error, downloadId: id }, "deleting a general download failed");
    return refusedAnswer(ADMIN_MESSAGES.fileDeleteFailed, 500);
  }
}

/** The edit form's save: saved, the newer record after a conflict, or the form again. */
export async function saveFromForm(context: RouteContext, id: string, { form: formData, origin }: AdminForm) {
  const { downloadAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, editDownloadSchema);
  if (submission.status !== "success") {
    return uncheckedAnswer(submission);
  }
  const asked = publicationAnswer(formData, submission);
  if (asked.refusal) return asked.refusal;
  try {
    await downloadAdmin.editGeneralDownload(id, { ...submission.value, publication: asked.publication }, origin);
    return { status: "saved" as const };
  } catch (error) {
    if (error instanceof NotFoundError) return redirect(`${dashboardDownloadDeletedPath(id)}?gone`);
    if (error instanceof ConflictError) return conflictAnswer(await requireDownload(context, id), submission);
    const message = error instanceof MissingFileError ? ADMIN_MESSAGES.downloadUploadFailed : ADMIN_MESSAGES.editFailed;
    if (!(error instanceof MissingFileError)) {
      logger.error({ err: error, downloadId: id }, "editing a general download failed");
    }
    return failedAnswer(submission, message);
  }
}
