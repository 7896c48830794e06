import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "../../../demo/demo-catalog";
import { specsTable, specsText } from "../../../demo/specs";
import { oneByteJson } from "./one-byte-json.server";
import { SharedPieces } from "./shared-pieces.server";

/** A table as the database writes a JSON value out (`jsonb::text`): a space after each comma. */
function jsonbText(table: string[][]): string {
  return `[${table.map((cells) => `[${cells.map((cell) => JSON.stringify(cell)).join(", ")}]`).join(", ")}]`;
}

/** The demo catalog's specifications as the catalog holds them: JSON text a byte a character. */
const DEMO_SPECIFICATIONS = DEMO_PRODUCTS.flatMap((product) => {
  if (product.specsFormat === "text") return [oneByteJson(JSON.stringify(specsText(product.specs)))];
  if (product.specsFormat === "table") return [oneByteJson(jsonbText(specsTable(product.specs)))];
  return [];
});

describe("SharedPieces", () => {
  it("reads back every text as it was written, escapes, quotes and Latin-1 signs included", () => {
    const texts = [
      oneByteJson(JSON.stringify('Lens: 2.8–12 mm\nSensor: 1/1.8″ "starlight"\nTemperature: −40 °C, 4 × 4K\\')),
      oneByteJson(
        JSON.stringify([
          ["Emoji", "📷"],
          ["Empty", ""],
        ]),
      ),
      "",
      ...DEMO_SPECIFICATIONS,
    ];
    const pieces = SharedPieces.of(texts);
    for (const text of texts) expect(pieces.text(pieces.hold(text))).toBe(text);
    // A text as read, before it is held in pieces, reads as it is.
    for (const text of texts) expect(pieces.text(text)).toBe(text);
  });

  it("refuses what is not JSON text a byte a character rather than misread it", () => {
    const pieces = SharedPieces.of(DEMO_SPECIFICATIONS);
    expect(() => pieces.hold('"2.8–12 mm"')).toThrow(/a byte a character/);
    expect(() => pieces.hold('"a\u0001b"')).toThrow(/a byte a character/);
  });

  it("holds a product's specifications in under half their size by the lines its family shares", () => {
    let read = 0;
    let held = 0;
    // Each product held by the pieces every other one shares: a product the catalog did not hold when
    // its pieces were chosen, as after an edit.
    for (const [index, text] of DEMO_SPECIFICATIONS.entries()) {
      const pieces = SharedPieces.of(DEMO_SPECIFICATIONS.filter((_, other) => other !== index));
      const kept = pieces.hold(text);
      expect(pieces.text(kept)).toBe(text);
      read += text.length;
      held += kept.length;
    }
    expect(DEMO_SPECIFICATIONS.length).toBeGreaterThan(40);
    expect(held).toBeLessThan(read / 2);
  });

  it("keeps a text whose pieces it never saw as written, and holds nothing of it apart", () => {
    const text = oneByteJson(JSON.stringify("Thermal: 640 × 512, 12 µm\nRange: 1,200 m"));
    expect(SharedPieces.of([]).hold(text)).toBe(text);
    expect(SharedPieces.of(DEMO_SPECIFICATIONS).hold(text)).toBe(text);
  });

  it("addresses tens of thousands of shared pieces, each by its own mark", () => {
    const lines = Array.from({ length: 40_000 }, (_, at) => `Line ${at}: value ${at * 7}\\n`);
    const texts = [lines.join(""), lines.join("")];
    const pieces = SharedPieces.of(texts);
    const held = pieces.hold(lines.join(""));
    expect(held.length).toBe(lines.length * 3);
    expect(pieces.text(held)).toBe(lines.join(""));
  });
});
