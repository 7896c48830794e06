// Stand-in for the spreadsheet helper's preview endpoint (the lead takes theirs on merge).
import { data } from "react-router";
import { ADMIN_MESSAGES } from "#app/domain/messages";
import { requireAdmin } from "#app/server/session.server";
import { parseStoredSpreadsheet, SpreadsheetError } from "#app/server/spreadsheet.server";
import type { Route } from "./+types/spreadsheet-preview";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const fileId = new URL(request.url).searchParams.get("fileId") ?? "";
  try {
    return { rows: await parseStoredSpreadsheet(fileId) };
  } catch (error) {
    if (error instanceof SpreadsheetError) return data({ error: ADMIN_MESSAGES.excelOnly }, 422);
    throw error;
  }
}
