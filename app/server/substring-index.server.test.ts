import { describe, expect, it } from "vitest";
import { BETWEEN_TURNS } from "./slices.server";
import { SubstringIndex } from "./substring-index.server";

function holding(index: SubstringIndex, piece: string): number[] {
  const found: number[] = [];
  index.forEachHolding(piece, (position) => found.push(position));
  return found;
}

/** Small pseudo-random generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("SubstringIndex", () => {
  it("finds what String.includes finds, in order, for pieces of any length, text and alphabet", async () => {
    const next = random(7);
    // Few letters, so pieces repeat and pairs of a piece often sit apart in a text ("abab" vs "ab ba").
    const alphabet = ["a", "b", "c", " ", "-", "é", "ü", "\u0000", "漢"];
    const pick = () => alphabet[Math.floor(next() * alphabet.length)] ?? "a";
    const texts = Array.from({ length: 300 }, () => Array.from({ length: Math.floor(next() * 40) }, pick).join(""));
    const index = await SubstringIndex.build(texts, BETWEEN_TURNS);
    expect(index.size).toBe(300);
    const pieces = ["", "a", "é", "漢", "zz", "ab", "ba", "abab", "a b", "üé", "a\u0000b"];
    for (let made = 0; made < 400; made += 1) {
      pieces.push(Array.from({ length: 1 + Math.floor(next() * 6) }, pick).join(""));
    }
    for (const piece of pieces) {
      const expected = texts.flatMap((text, position) => (text.includes(piece) ? [position] : []));
      expect(holding(index, piece), JSON.stringify(piece)).toEqual(expected);
    }
  });

  it("answers runs of letters, digits and spaces by their own sets, next to other characters", async () => {
    const next = random(11);
    const alphabet = ["a", "b", "1", "0", " ", "-", "é"];
    const pick = () => alphabet[Math.floor(next() * alphabet.length)] ?? "a";
    const texts = Array.from({ length: 200 }, () => Array.from({ length: Math.floor(next() * 60) }, pick).join(""));
    const index = await SubstringIndex.build(texts, BETWEEN_TURNS);
    const pieces = ["ab1", "b 0", "1-a", "ab1b", "a b ", "-ab1", "é1a", "zzz", "ab10ab"];
    for (let made = 0; made < 400; made += 1) {
      pieces.push(Array.from({ length: 3 + Math.floor(next() * 4) }, pick).join(""));
    }
    for (const piece of pieces) {
      const expected = texts.flatMap((text, position) => (text.includes(piece) ? [position] : []));
      expect(holding(index, piece), JSON.stringify(piece)).toEqual(expected);
    }
  });

  it("answers for the 32nd, 33rd and last of many texts alike, and nothing for an empty list", async () => {
    const texts: string[] = Array.from({ length: 70 }, (_, position) =>
      position % 32 === 31 ? "dome camera" : "bullet",
    );
    texts[69] = "a dome";
    expect(holding(await SubstringIndex.build(texts, BETWEEN_TURNS), "dome")).toEqual([31, 63, 69]);
    expect(holding(await SubstringIndex.build([], BETWEEN_TURNS), "dome")).toEqual([]);
  });

  it("built in slices, gives the turns between them and answers as one built at once", async () => {
    const texts = Array.from({ length: 70 }, (_, position) => `camera ${position}`);
    let turns = 0;
    const sliced = await SubstringIndex.build(texts, {
      size: 20,
      pause: async () => {
        turns += 1;
      },
    });
    expect(turns).toBe(3);
    const whole = await SubstringIndex.build(texts, BETWEEN_TURNS);
    for (const piece of ["camera", "1", "6", "69", "a 3"])
      expect(holding(sliced, piece)).toEqual(holding(whole, piece));
  });
});
