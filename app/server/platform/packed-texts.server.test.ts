import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "../../../demo/demo-catalog";
import { specsTable, specsText } from "../../../demo/specs";
import { oneByteJson } from "./one-byte-json.server";
import { TextPacker } from "./packed-texts.server";

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

describe("TextPacker", () => {
  it("reads back every text as it was, escapes, quotes and Latin-1 signs included", () => {
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
    const packer = TextPacker.of(texts);
    for (const text of texts) expect(packer.pack(text).text()).toBe(text);
  });

  it("refuses a text that is not a byte a character rather than lose its characters", () => {
    const packer = TextPacker.of(DEMO_SPECIFICATIONS);
    expect(() => packer.pack('"2.8–12 mm"')).toThrow(/a byte a character/);
  });

  it("packs a product's specifications under a quarter of their size by what its family shares with the rest", () => {
    let read = 0;
    let held = 0;
    // Each product packed by a dictionary chosen from every other one's: a product the catalog did
    // not hold when its dictionary was chosen, as after an edit.
    for (const [index, text] of DEMO_SPECIFICATIONS.entries()) {
      const packer = TextPacker.of(DEMO_SPECIFICATIONS.filter((_, other) => other !== index));
      const packed = packer.pack(text);
      expect(packed.text()).toBe(text);
      read += text.length;
      held += packed.packedLength;
    }
    expect(DEMO_SPECIFICATIONS.length).toBeGreaterThan(40);
    expect(held).toBeLessThan(read / 4);
  });

  it("still reads back texts whose pieces its dictionary never saw, and a packer made of nothing", () => {
    const packer = TextPacker.of([]);
    const text = oneByteJson(JSON.stringify("Thermal: 640 × 512, 12 µm\nRange: 1,200 m"));
    expect(packer.pack(text).text()).toBe(text);
    expect(TextPacker.of(DEMO_SPECIFICATIONS).pack(text).text()).toBe(text);
  });
});
