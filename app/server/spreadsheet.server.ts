// Stand-in until the spreadsheet helper's version (a worker thread with time and memory limits) lands;
// the lead takes that one on merge. Same API.
import * as XLSX from "xlsx";
import { runtime } from "./runtime.server";

export class SpreadsheetError extends Error {}

/** The first sheet of a staged spreadsheet as rows of cell texts. */
export async function parseStoredSpreadsheet(fileId: string): Promise<string[][]> {
  const { files } = runtime();
  const file = await files.get(fileId);
  if (!file || !/\.xlsx?$/i.test(file.originalName)) throw new SpreadsheetError("Not a spreadsheet");
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(file.storageKey)) chunks.push(chunk as Buffer);
  try {
    const book = XLSX.read(Buffer.concat(chunks), { type: "buffer" });
    const name = book.SheetNames[0];
    const sheet = name ? book.Sheets[name] : undefined;
    if (!sheet) throw new SpreadsheetError("No sheet");
    const rows: unknown[][] = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: "" });
    return rows.map((row) => row.map((cell) => (cell == null ? "" : String(cell))));
  } catch (error) {
    throw error instanceof SpreadsheetError ? error : new SpreadsheetError("Unreadable spreadsheet");
  }
}
