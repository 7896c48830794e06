import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import {
  infoItemSchema,
  isInfoItemType,
  type InfoActionResult,
  type InfoIntent,
  type InfoItemKind,
} from "#app/domain/forms/info-item";
import { ConflictError, FieldRuleError, formTabId, formVersion, NotFoundError } from "#app/server/admin/write.server";
import { MissingFileError, NotAnImageError } from "#app/server/files.server";
import { servicesContext, type RouteContext } from "#app/server/context.server";
import { conflictAnswer } from "../answers.server";

const imageMessage = (type: InfoItemKind) =>
  type === "image" ? ADMIN_MESSAGES.imageRequiredInfo : ADMIN_MESSAGES.cardImage;

/** A save the services refused for one field: the message to show beside that field. */
function refusedField(type: InfoItemKind, error: unknown): Record<string, string[]> | null {
  if (error instanceof MissingFileError || error instanceof NotAnImageError)
    return { imageFileId: [imageMessage(type)] };
  if (error instanceof FieldRuleError) return { [error.field]: [error.message] };
  return null;
}

function invalid(intent: "create" | "edit", result: SubmissionResult<string[]>) {
  return data({ intent, status: "invalid", result } satisfies InfoActionResult, 400);
}

/** Someone else saved or deleted the item first: the answer carries what is there now. */
async function concurrencyRefusal(context: RouteContext, intent: InfoIntent, id: string, error: unknown) {
  const { infoItems } = context.get(servicesContext);
  const gone = { intent, status: "gone" } satisfies InfoActionResult;
  if (error instanceof NotFoundError) return gone;
  if (!(error instanceof ConflictError)) return null;
  const current = await infoItems.getInfoItem(id);
  return current ? conflictAnswer(current) : gone;
}

/**
 * Every write of the home page's admin tools (create, edit, delete, move to top), after requireAdmin:
 * the form is checked again with the browser's rules, and each refusal becomes the answer the tools show.
 */
export async function infoItemFromForm(
  context: RouteContext,
  formData: FormData,
): Promise<InfoActionResult | ReturnType<typeof data>> {
  const { infoItemAdmin, infoItems } = context.get(servicesContext);
  const intent = formData.get("intent");
  const tabId = formTabId(formData);
  const id = String(formData.get("id") ?? "");

  if (intent === "create") {
    const type = formData.get("type");
    if (!isInfoItemType(type)) throw data("Unknown info item type", 400);
    const submission = parseWithZod(formData, { schema: infoItemSchema(type, "create") });
    if (submission.status !== "success") {
      return invalid(intent, submission.reply());
    }
    try {
      await infoItemAdmin.createInfoItem(type, submission.value, tabId);
    } catch (error) {
      const fieldErrors = refusedField(type, error);
      if (fieldErrors) return invalid(intent, submission.reply({ fieldErrors }));
      throw error;
    }
    return { intent, status: "saved", result: submission.reply({ resetForm: true }) };
  }

  if (intent === "edit") {
    const existing = await infoItems.getInfoItem(id);
    if (!existing) return { intent, status: "gone" };
    const submission = parseWithZod(formData, { schema: infoItemSchema(existing.type, "edit") });
    if (submission.status !== "success") {
      return invalid(intent, submission.reply());
    }
    try {
      await infoItemAdmin.updateInfoItem(id, formVersion(formData) ?? 0, submission.value, tabId);
    } catch (error) {
      const fieldErrors = refusedField(existing.type, error);
      if (fieldErrors) return invalid(intent, submission.reply({ fieldErrors }));
      const refusal = await concurrencyRefusal(context, intent, id, error);
      if (refusal) return refusal;
      throw error;
    }
    return { intent, status: "saved", result: submission.reply({ resetForm: true }) };
  }

  if (intent === "delete") {
    try {
      await infoItemAdmin.deleteInfoItem(id, formVersion(formData) ?? 0, tabId);
    } catch (error) {
      const refusal = await concurrencyRefusal(context, intent, id, error);
      if (refusal) return refusal;
      throw error;
    }
    return { intent, status: "done" };
  }

  if (intent === "move-to-top") {
    try {
      await infoItemAdmin.moveInfoItemToTop(id, tabId);
    } catch (error) {
      if (error instanceof NotFoundError) return { intent, status: "gone" };
      throw error;
    }
    return { intent, status: "done" };
  }

  throw data("Unknown intent", 400);
}
