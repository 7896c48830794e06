import { describe, expect, it } from "vitest";
import { BETWEEN_TURNS } from "../platform/slices.server";
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

/**
 * Random texts of `alphabet`, and pieces (the given ones, then random ones of `pieceLengths`): the
 * index built over the texts must find each piece exactly where `String.includes` does.
 */
async function expectSameAsIncludes(options: {
  seed: number;
  alphabet: string[];
  texts: number;
  longestText: number;
  pieces: string[];
  pieceLengths: { shortest: number; longest: number };
}): Promise<SubstringIndex> {
  const next = random(options.seed);
  const pick = () => options.alphabet[Math.floor(next() * options.alphabet.length)] ?? "a";
  const textOf = (length: number) => Array.from({ length }, pick).join("");
  const texts = Array.from({ length: options.texts }, () => textOf(Math.floor(next() * options.longestText)));
  const index = await SubstringIndex.build(texts, BETWEEN_TURNS);
  const { shortest, longest } = options.pieceLengths;
  const pieces = [...options.pieces];
  for (let made = 0; made < 400; made += 1) {
    pieces.push(textOf(shortest + Math.floor(next() * (longest - shortest + 1))));
  }
  for (const piece of pieces) {
    const expected = texts.flatMap((text, position) => (text.includes(piece) ? [position] : []));
    expect(holding(index, piece), JSON.stringify(piece)).toEqual(expected);
  }
  return index;
}

describe("SubstringIndex", () => {
  it("finds what String.includes finds, in order, for pieces of any length, text and alphabet", async () => {
    const index = await expectSameAsIncludes({
      seed: 7,
      // Few letters, so pieces repeat and pairs of a piece often sit apart in a text ("abab" vs "ab ba").
      alphabet: ["a", "b", "c", " ", "-", "é", "ü", "\u0000", "漢"],
      texts: 300,
      longestText: 40,
      pieces: ["", "a", "é", "漢", "zz", "ab", "ba", "abab", "a b", "üé", "a\u0000b"],
      pieceLengths: { shortest: 1, longest: 6 },
    });
    expect(index.size).toBe(300);
  });

  it("answers runs of letters, digits and spaces by their own sets, next to other characters", async () => {
    await expectSameAsIncludes({
      seed: 11,
      alphabet: ["a", "b", "1", "0", " ", "-", "é"],
      texts: 200,
      longestText: 60,
      pieces: ["ab1", "b 0", "1-a", "ab1b", "a b ", "-ab1", "é1a", "zzz", "ab10ab"],
      pieceLengths: { shortest: 3, longest: 6 },
    });
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

  it("finds what String.includes finds after texts are added and removed, slots reused and sets grown", async () => {
    const next = random(23);
    const alphabet = ["a", "b", "1", " ", "é", "-"];
    const textOf = () =>
      Array.from({ length: Math.floor(next() * 30) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
    const index = await SubstringIndex.build(Array.from({ length: 40 }, textOf), BETWEEN_TURNS);
    const held = new Map<number, string>();
    for (let slot = 0; slot < 40; slot += 1) held.set(slot, index.textAt(slot) ?? "");
    // Past the room it was built with (40 and an eighth): its sets grow, and freed slots come back.
    for (let step = 0; step < 600; step += 1) {
      const slots = [...held.keys()];
      if (slots.length > 0 && next() < 0.4) {
        const slot = slots[Math.floor(next() * slots.length)] ?? 0;
        index.remove(slot);
        held.delete(slot);
      } else {
        const text = textOf();
        const slot = index.add(text);
        expect(held.has(slot)).toBe(false);
        held.set(slot, text);
      }
    }
    expect(index.size).toBe(held.size);
    expect(Math.max(...held.keys())).toBeGreaterThan(45);
    for (const piece of ["a", "é", "ab", "b1", "a b", "1-a", "ab1b", "zz", "-é"]) {
      const expected = [...held].flatMap(([slot, text]) => (text.includes(piece) ? [slot] : [])).sort((a, b) => a - b);
      expect(holding(index, piece), piece).toEqual(expected);
    }
    expect(holding(index, "")).toEqual([...held.keys()].sort((a, b) => a - b));
  });
});
