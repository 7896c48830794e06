/** A CSV field as spreadsheets read it, and never as a formula (a value may start with "="). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of `fields`, as RFC 4180 ends it. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/** Put first in a CSV file, it tells spreadsheet programs the file is UTF-8. */
export const UTF8_BOM = "\uFEFF";

/** Parsing stopped: the text has more rows than the caller takes. */
export class TooManyCsvRowsError extends Error {
  constructor(public readonly limit: number) {
    super(`more than ${limit} CSV rows`);
  }
}

/** The text ends inside a quoted value: whatever followed the opening quote would be one cell. */
export class UnclosedCsvQuoteError extends Error {
  constructor() {
    super("a quoted CSV value is never closed");
  }
}

/**
 * The rows of a CSV text as RFC 4180 writes them (quoted fields may hold commas, quotes and line
 * breaks; lines end in CRLF or LF), read as csvField wrote them: a leading byte order mark is
 * dropped, and so is the apostrophe that kept a value from being read as a formula. Throws
 * TooManyCsvRowsError past `maxRows` rows, before reading the rest, and UnclosedCsvQuoteError for a
 * quote never closed.
 */
export function parseCsv(text: string, maxRows: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let position = text.startsWith(UTF8_BOM) ? 1 : 0;
  const endField = () => {
    row.push(/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = "";
  };
  const endRow = () => {
    endField();
    if (rows.length >= maxRows) throw new TooManyCsvRowsError(maxRows);
    rows.push(row);
    row = [];
  };
  while (position < text.length) {
    const char = text[position];
    if (quoted) {
      if (char === '"') {
        if (text[position + 1] === '"') {
          field += '"';
          position += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") endField();
    else if (char === "\n") endRow();
    else if (char === "\r" && text[position + 1] === "\n") {
      endRow();
      position += 1;
    } else field += char;
    position += 1;
  }
  if (quoted) throw new UnclosedCsvQuoteError();
  if (field !== "" || row.length) endRow();
  return rows;
}
