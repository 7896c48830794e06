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
