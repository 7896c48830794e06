import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { redirect } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { advisorySchema } from "#app/domain/forms/advisory";
import { DASHBOARD_ADVISORIES_PATH, DASHBOARD_NEW_ADVISORY_PATH } from "#app/domain/dashboard-paths";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  fieldRuleAnswer,
  goneAnswer,
  publicationAnswer,
  refusedAnswer,
  uncheckedAnswer,
} from "../answers.server";

/** The firmware releases a fix can be chosen from, newest first. */
export async function releaseChoices(context: RouteContext) {
  const { items } = await context.get(servicesContext).firmware.list({ drafts: true, pageSize: 1000 });
  return items.map((release) => ({
    id: release.id,
    releaseVersion: release.releaseVersion,
    productIds: release.products.map((product) => product.id),
  }));
}

/** An advisory as its edit form opens on it: with its products' thumbnails and the releases to choose from. */
export async function editedAdvisory(context: RouteContext, id: string) {
  const { advisoryAdmin, catalog } = context.get(servicesContext);
  const advisory = await advisoryAdmin.get(id);
  if (!advisory) return null;
  const products = (
    await Promise.all(advisory.products.map(async (product) => catalog.getAnyProduct(product.productId)))
  ).flatMap((product) => (product ? [{ id: product.id, model: product.model, image: product.image }] : []));
  return { advisory, products, releases: await releaseChoices(context) };
}

/** The new-advisory and edit-advisory saves: the schema again, then the service. */
export async function saveFromForm(context: RouteContext, { form, origin }: AdminForm, id?: string) {
  const { advisoryAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(form, advisorySchema(id ? "edit" : "new"));
  if (submission.status !== "success") return uncheckedAnswer(submission);
  const asked = publicationAnswer(form, submission);
  if (asked.refusal) return asked.refusal;
  const { version, ...value } = submission.value;
  const input = { ...value, publication: asked.publication };
  try {
    if (!id) return createdAnswer(DASHBOARD_NEW_ADVISORY_PATH, await advisoryAdmin.create(input, origin));
    if (version === undefined) throw new ConflictError();
    await advisoryAdmin.update(id, version, input, origin);
    // The page opens its form again on the saved advisory (useOpenedRecord).
    return { status: "saved" as const };
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    if (error instanceof ConflictError && id) {
      const current = await editedAdvisory(context, id);
      if (current) return conflictAnswer(current, submission);
    }
    if (error instanceof NotFoundError || error instanceof ConflictError) return goneAnswer(submission);
    logger.error({ err: error }, "saving a security advisory failed");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
}

/** The delete step of an advisory's page. */
export async function deleteFromForm(context: RouteContext, id: string, { form, origin }: AdminForm) {
  const { advisoryAdmin } = context.get(servicesContext);
  try {
    await advisoryAdmin.remove(id, confirmedVersion(form), origin);
  } catch (error) {
    if (error instanceof ConflictError) return refusedAnswer(ADMIN_MESSAGES.conflict, 409);
    if (error instanceof NotFoundError) return refusedAnswer(ADMIN_MESSAGES.gone, 404);
    throw error;
  }
  return redirect(`${DASHBOARD_ADVISORIES_PATH}?deleted=1`);
}
