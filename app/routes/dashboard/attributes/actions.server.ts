import { data, redirect } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { attributeSchema } from "#app/domain/forms/attribute";
import { DASHBOARD_NEW_ATTRIBUTE_PATH, dashboardAttributeDeletedPath } from "#app/domain/dashboard-paths";
import type { SpecAttribute } from "#app/domain/spec-attributes";
import { AttributeInUseError } from "#app/server/admin/attributes.server";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { parseFormSubmission } from "#app/server/platform/form-data.server";
import { requestContext, servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import type { AdminForm } from "#app/server/runtime/session.server";
import {
  conflictAnswer,
  createdAnswer,
  failedAnswer,
  fieldRuleAnswer,
  NOTHING_TYPED,
  refusedAnswer,
  uncheckedAnswer,
} from "../answers.server";

// The specification attributes' form handling: form → service → the answer the pages show.

export async function requireAttribute(context: RouteContext, id: string): Promise<SpecAttribute> {
  const attribute = await context.get(servicesContext).attributeAdmin.getAttribute(id);
  if (!attribute) throw data("Not Found", { status: 404, statusText: "Not Found" });
  return attribute;
}

/** The new-attribute form's save: to the "created" screen, or the form again with what went wrong. */
export async function createFromForm(context: RouteContext, { form: formData, origin }: AdminForm) {
  const { attributeAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, attributeSchema);
  if (submission.status !== "success") return uncheckedAnswer(submission);
  try {
    const id = await attributeAdmin.createAttribute(submission.value, origin);
    return createdAnswer(DASHBOARD_NEW_ATTRIBUTE_PATH, id);
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    logger.error({ err: error }, "could not create the attribute");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
}

/** The edit form's save: saved, the newer record after a conflict, or the form again. */
export async function saveFromForm(context: RouteContext, id: string, { form: formData, origin }: AdminForm) {
  const { attributeAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const submission = parseFormSubmission(formData, attributeSchema);
  if (submission.status !== "success") return uncheckedAnswer(submission);
  try {
    const { version } = submission.value;
    if (version === undefined) throw new ConflictError();
    await attributeAdmin.updateAttribute(id, version, submission.value, origin);
    return { status: "saved" as const };
  } catch (error) {
    const refusal = fieldRuleAnswer(error, submission);
    if (refusal) return refusal;
    if (error instanceof NotFoundError) return redirect(`${dashboardAttributeDeletedPath(id)}?gone`);
    if (error instanceof ConflictError) return conflictAnswer(await requireAttribute(context, id), submission);
    logger.error({ err: error, attributeId: id }, "could not save the attribute");
    return failedAnswer(submission, ADMIN_MESSAGES.editFailed);
  }
}

/** The delete step: to the deleted screen, or the newer record after a conflict. */
export async function deleteFromForm(context: RouteContext, id: string, { form: formData, origin }: AdminForm) {
  const { attributeAdmin } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const deletedPath = dashboardAttributeDeletedPath(id);
  try {
    await attributeAdmin.deleteAttribute(id, confirmedVersion(formData), origin);
    return redirect(deletedPath);
  } catch (error) {
    if (error instanceof NotFoundError) return redirect(`${deletedPath}?gone`);
    if (error instanceof ConflictError) return conflictAnswer(await requireAttribute(context, id), NOTHING_TYPED);
    if (error instanceof AttributeInUseError) return refusedAnswer(error.message, 409);
    logger.error({ err: error, attributeId: id }, "could not delete the attribute");
    return refusedAnswer(ADMIN_MESSAGES.editFailed, 500);
  }
}
