import { describe, expect, it } from "vitest";
import { oneByteJson } from "./one-byte-json.server";

describe("oneByteJson", () => {
  const table = [
    ["Lens", "2.8–12 mm motorized"],
    ["Operating temperature", "−40 °C to 60 °C"],
    ["Sensor", "1/1.8″ CMOS, 4 × 3840 × 2160"],
    ["Emoji", "📷 camera"],
    ["Quotes", 'say "hi"\\ \n'],
  ];

  it("writes every character past Latin-1 as an escape, and nothing else", () => {
    const json = oneByteJson(JSON.stringify(table));
    expect([...json].every((character) => character.charCodeAt(0) <= 0xff)).toBe(true);
    expect(json).toContain("2.8\\u201312 mm");
    // Latin-1 characters (the degree and multiplication signs) stay as they are.
    expect(json).toContain("°C");
    expect(json).toContain("4 × 3840");
  });

  it("reads back as the same values, characters outside the basic plane too", () => {
    expect(JSON.parse(oneByteJson(JSON.stringify(table)))).toEqual(table);
  });

  it("leaves a Latin-1 text as it is", () => {
    const json = JSON.stringify([["IP rating", "IP67"]]);
    expect(oneByteJson(json)).toBe(json);
  });
});
