import { describe, expect, it } from "vitest";
import { lowerCasedTextPattern } from "./text-pattern.server";

/** What PostgreSQL's lower() leaves of `text` on a server whose LC_CTYPE is C: only ASCII folded. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** PostgreSQL's AREs and JavaScript's regular expressions without the u flag read these patterns alike. */
function finds(pattern: string, text: string): boolean {
  return new RegExp(pattern).test(text);
}

describe("lowerCasedTextPattern", () => {
  it("lower-cases ASCII letters and escapes every other ASCII character", () => {
    expect(lowerCasedTextPattern("VNT-D4M_2.8")).toBe("vnt\\-d4m\\_2\\.8");
    expect(lowerCasedTextPattern("50% (x)*")).toBe("50\\%\\ \\(x\\)\\*");
  });

  it("matches letters beyond ASCII in each of their case forms, whatever lower() did to them", () => {
    const pattern = lowerCasedTextPattern("Über");
    for (const text of ["über", "Über", asciiLower("ÜBER")]) expect(finds(pattern, text), text).toBe(true);
    expect(finds(lowerCasedTextPattern("straße"), "straße")).toBe(true);
  });

  it("finds regular-expression and LIKE characters only as themselves", () => {
    expect(finds(lowerCasedTextPattern("a.b"), "axb")).toBe(false);
    expect(finds(lowerCasedTextPattern("a_b"), "axb")).toBe(false);
    expect(finds(lowerCasedTextPattern("100%"), "100 units")).toBe(false);
    expect(finds(lowerCasedTextPattern("[x]"), "x")).toBe(false);
    expect(finds(lowerCasedTextPattern("c:\\fw"), "c:\\fw\\x1.bin")).toBe(true);
  });
});
