import { ADMIN_MESSAGES } from "#app/domain/admin-messages";
import { MissingFileError } from "#app/server/files/files.server";
import { SpreadsheetError } from "#app/server/import-export/spreadsheet.server";
import { servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/spreadsheet-preview";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /dashboard/spreadsheet-preview?fileId=…`: the first sheet of an uploaded (staged) spreadsheet as
 * `{ rows }`, for the product form to show as a table before saving. A file that is not a readable
 * .xls/.xlsx answers 422 with requirements §5's message; an unknown id 404.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const fileId = url.searchParams.get("fileId") ?? "";
  try {
    const rows = await context.get(servicesContext).spreadsheets.parseStoredSpreadsheet(fileId);
    return Response.json({ rows }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof SpreadsheetError) {
      return Response.json({ error: ADMIN_MESSAGES.excelOnly }, { status: 422, headers: NO_STORE });
    }
    if (error instanceof MissingFileError) {
      return Response.json({ error: error.message }, { status: 404, headers: NO_STORE });
    }
    throw error;
  }
}
