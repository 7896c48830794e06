import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { redirect } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { firmwareSchema, FIRMWARE_MESSAGES } from "#app/domain/forms/firmware";
import {
  DASHBOARD_NEW_FIRMWARE_PATH,
  DASHBOARD_FIRMWARE_PATH,
  dashboardFirmwarePath,
} from "#app/domain/dashboard-paths";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import { MissingFileError } from "#app/server/files/files.server";
import type { AdminForm } from "#app/server/runtime/session.server";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  fieldRuleAnswer,
  goneAnswer,
  invalidAnswer,
  publicationAnswer,
  refusedAnswer,
  uncheckedAnswer,
} from "../answers.server";

/** A release as its edit form opens on it: with its products' thumbnails for the picker. */
export async function editedRelease(context: RouteContext, id: string) {
  const { firmware, catalog } = context.get(servicesContext);
  const release = await firmware.get(id);
  if (!release) return null;
  const products = (
    await Promise.all(release.products.map(async (product) => catalog.getAnyProduct(product.id)))
  ).flatMap((product) => (product ? [{ id: product.id, model: product.model, image: product.image }] : []));
  return { release, products };
}

/** The new-release and edit-release saves: the schema again, then the service. */
export async function saveFromForm(context: RouteContext, { form, origin }: AdminForm, id?: string) {
  const { firmware } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(form, firmwareSchema(id ? "edit" : "new"));
  if (submission.status !== "success") return uncheckedAnswer(submission);
  const asked = publicationAnswer(form, submission);
  if (asked.refusal) return asked.refusal;
  const value = submission.value;
  const input = {
    releaseVersion: value.releaseVersion,
    releasedOn: value.releasedOn,
    channel: value.channel,
    notes: value.notes,
    fileId: value.fileId || undefined,
    // Absent, an edit keeps the SBOM it has.
    sbom: value.removeSbom ? null : value.sbomFileId ? { fileId: value.sbomFileId } : undefined,
    productIds: value.productIds,
    publication: asked.publication,
  };
  try {
    if (!id) return createdAnswer(DASHBOARD_NEW_FIRMWARE_PATH, await firmware.create(input, origin));
    if (value.version === undefined) throw new ConflictError();
    await firmware.update(id, value.version, input, origin);
    return redirect(`${dashboardFirmwarePath(id)}?saved=1`);
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    if (error instanceof MissingFileError) {
      const field = value.sbomFileId && error.fileIds.includes(value.sbomFileId) ? "sbomFileId" : "fileId";
      const message = field === "sbomFileId" ? FIRMWARE_MESSAGES.notAnSbom : FIRMWARE_MESSAGES.fileRequired;
      return invalidAnswer(submission.reply({ fieldErrors: { [field]: [message] } }));
    }
    if (error instanceof ConflictError && id) {
      const current = await editedRelease(context, id);
      if (current) return conflictAnswer(current, submission);
    }
    if (error instanceof NotFoundError || error instanceof ConflictError) return goneAnswer(submission);
    logger.error({ err: error }, "saving a firmware release failed");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
}

/** The delete step of a release's page. */
export async function deleteFromForm(context: RouteContext, id: string, { form, origin }: AdminForm) {
  const { firmware } = context.get(servicesContext);
  try {
    await firmware.remove(id, confirmedVersion(form), origin);
  } catch (error) {
    if (error instanceof ConflictError) return refusedAnswer(ADMIN_MESSAGES.conflict, 409);
    if (error instanceof NotFoundError) return refusedAnswer(ADMIN_MESSAGES.gone, 404);
    throw error;
  }
  return redirect(`${DASHBOARD_FIRMWARE_PATH}?deleted=1`);
}
