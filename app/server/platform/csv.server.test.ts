import { describe, expect, it } from "vitest";
import { csvLine, parseCsv, TooManyCsvRowsError, UnclosedCsvQuoteError, UTF8_BOM } from "./csv.server";

describe("parseCsv", () => {
  it("reads back what csvLine writes: quotes, commas, line breaks and formula-looking values", () => {
    const rows = [
      ["Model", "Description", "Specs"],
      ["D-1", 'A "dome", with commas', "Line one\nLine two"],
      ["=SUM(A1)", "-20 °C", "@home"],
      ["", "", "plain"],
    ];
    expect(parseCsv(UTF8_BOM + rows.map((row) => csvLine(row)).join(""), 10)).toEqual(rows);
  });

  it("takes LF line ends and a last line without one", () => {
    expect(parseCsv("a,b\nc,d", 10)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("keeps an apostrophe a person typed before ordinary text", () => {
    expect(parseCsv("'quoted,'=x\r\n", 10)).toEqual([["'quoted", "=x"]]);
  });

  it("refuses a quote that is never closed rather than reading the rest as one value", () => {
    expect(() => parseCsv('Model,Description\nX,"abc\nY,def\n', 10)).toThrow(UnclosedCsvQuoteError);
  });

  it("stops past the rows it may read", () => {
    expect(() => parseCsv("a\nb\nc\n", 2)).toThrow(TooManyCsvRowsError);
  });
});
