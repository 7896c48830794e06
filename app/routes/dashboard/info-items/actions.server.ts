import { parseFormSubmission } from "#app/server/platform/form-data.server";
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { infoItemSchema, isInfoItemType, type InfoActionResult, type InfoItemKind } from "#app/domain/forms/info-item";
import { confirmedVersion, ConflictError, NotFoundError } from "#app/server/admin/write.server";
import { MissingFileError, NotAnImageError } from "#app/server/files/files.server";
import { servicesContext, type RouteContext } from "#app/server/runtime/context.server";
import { conflictAnswer, fieldRuleAnswer, invalidAnswer, NOTHING_TYPED, publicationAnswer } from "../answers.server";
import type { AdminForm } from "#app/server/runtime/session.server";

const imageMessage = (type: InfoItemKind) =>
  type === "card" ? ADMIN_MESSAGES.cardImage : ADMIN_MESSAGES.imageRequiredInfo;

/** A save the services refused for one field: the form again, that field's message beside it. */
function refusedField(type: InfoItemKind, error: unknown, submission: Pick<Submission<unknown>, "reply">) {
  if (error instanceof MissingFileError || error instanceof NotAnImageError) {
    return invalidAnswer(submission.reply({ fieldErrors: { imageFileId: [imageMessage(type)] } }));
  }
  return fieldRuleAnswer(error, submission);
}

/** Someone else saved or deleted the item first: the answer carries what is there now. */
async function concurrencyRefusal(
  context: RouteContext,
  id: string,
  error: unknown,
  typed: Pick<Submission<unknown>, "payload"> = NOTHING_TYPED,
) {
  const { infoItems } = context.get(servicesContext);
  const gone = { status: "refused", message: ADMIN_MESSAGES.gone } satisfies InfoActionResult;
  if (error instanceof NotFoundError) return gone;
  if (!(error instanceof ConflictError)) return null;
  const current = await infoItems.getInfoItem(id);
  return current ? conflictAnswer(current, typed) : gone;
}

/**
 * Every write of the home page's admin tools (create, edit, delete, move to top), behind the dashboard's guard:
 * the form is checked again with the browser's rules, and each refusal becomes the answer the tools show.
 */
export async function infoItemFromForm(
  context: RouteContext,
  { form: formData, origin }: AdminForm,
): Promise<InfoActionResult | ReturnType<typeof data>> {
  const { infoItemAdmin, infoItems } = context.get(servicesContext);
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  if (intent === "create") {
    const type = formData.get("type");
    if (!isInfoItemType(type)) throw data("Unknown info item type", 400);
    const submission = parseFormSubmission(formData, infoItemSchema(type, "create"));
    if (submission.status !== "success") {
      return invalidAnswer(submission.reply());
    }
    const asked = publicationAnswer(formData, submission);
    if (asked.refusal) return asked.refusal;
    try {
      await infoItemAdmin.createInfoItem(type, { ...submission.value, publication: asked.publication }, origin);
    } catch (error) {
      const refusal = refusedField(type, error, submission);
      if (refusal) return refusal;
      throw error;
    }
    return { status: "saved", result: submission.reply({ resetForm: true }) };
  }

  if (intent === "edit") {
    const existing = await infoItems.getInfoItem(id);
    if (!existing) return { status: "refused", message: ADMIN_MESSAGES.gone };
    const submission = parseFormSubmission(formData, infoItemSchema(existing.type, "edit"));
    if (submission.status !== "success") {
      return invalidAnswer(submission.reply());
    }
    const asked = publicationAnswer(formData, submission);
    if (asked.refusal) return asked.refusal;
    try {
      const { version } = submission.value;
      if (version === undefined) throw new ConflictError();
      await infoItemAdmin.updateInfoItem(id, version, { ...submission.value, publication: asked.publication }, origin);
    } catch (error) {
      const fieldRefusal = refusedField(existing.type, error, submission);
      if (fieldRefusal) return fieldRefusal;
      const refusal = await concurrencyRefusal(context, id, error, submission);
      if (refusal) return refusal;
      throw error;
    }
    return { status: "saved", result: submission.reply({ resetForm: true }) };
  }

  if (intent === "delete") {
    try {
      await infoItemAdmin.deleteInfoItem(id, confirmedVersion(formData), origin);
    } catch (error) {
      const refusal = await concurrencyRefusal(context, id, error);
      if (refusal) return refusal;
      throw error;
    }
    return { status: "done" };
  }

  if (intent === "move-to-top") {
    try {
      await infoItemAdmin.moveInfoItemToTop(id, origin);
    } catch (error) {
      if (error instanceof NotFoundError) return { status: "refused", message: ADMIN_MESSAGES.gone };
      throw error;
    }
    return { status: "done" };
  }

  throw data("Unknown intent", 400);
}
