import { describe, expect, it } from "vitest";
import { typoDistances } from "./search-index.server";
import { WordDictionary } from "./word-dictionary.server";

function holding(dictionary: WordDictionary, piece: string): string[] {
  const found: string[] = [];
  dictionary.forEachHolding(piece, (id) => found.push(dictionary.wordAt(id) ?? "?"));
  return found.sort();
}

/** Small pseudo-random generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("WordDictionary", () => {
  it("finds a word by its characters inside a longer text, and says when it has not got it", () => {
    const dictionary = new WordDictionary();
    const dome = dictionary.add("dome");
    const camera = dictionary.add("camera");
    const text = "a dome camera, domes";
    expect(dictionary.idOf(text, 2, 6)).toBe(dome);
    expect(dictionary.idOf(text, 7, 13)).toBe(camera);
    expect(dictionary.idOf(text, 15, 20)).toBe(-1);
    expect(dictionary.idOf("dom")).toBe(-1);
    expect(dictionary.idOf("camera")).toBe(camera);
    expect(dictionary.size).toBe(2);
  });

  it("finds every word holding a piece, as String.includes does, for pieces of one, two and more characters", () => {
    const next = random(7);
    const alphabet = ["a", "b", "c", "1", "é", "漢"];
    const words = new Set<string>();
    while (words.size < 300) {
      words.add(Array.from({ length: 1 + Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * 6)]).join(""));
    }
    const dictionary = new WordDictionary();
    for (const word of words) dictionary.add(word);
    for (const piece of ["a", "é", "漢", "ab", "ba", "abab", "a1é", "cc1", "zz", "1漢a"]) {
      expect(holding(dictionary, piece), piece).toEqual([...words].filter((word) => word.includes(piece)).sort());
    }
    expect(holding(dictionary, "")).toEqual([]);
  });

  it("counts the words holding a piece and sums their weights, as listing them would up to two characters", () => {
    const next = random(11);
    const alphabet = ["a", "b", "c", "1", "é"];
    const words = new Set<string>();
    while (words.size < 400) {
      words.add(Array.from({ length: 1 + Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * 5)]).join(""));
    }
    const dictionary = new WordDictionary();
    const weights = new Int32Array(500);
    for (const word of words) weights[dictionary.add(word)] = word.length * 3 + 1;
    for (const piece of ["a", "é", "ab", "1é", "zz", "q"]) {
      const listed: number[] = [];
      dictionary.forEachHolding(piece, (id) => listed.push(id));
      expect(dictionary.countHolding(piece, weights), piece).toEqual({
        words: listed.length,
        weight: listed.reduce((sum, id) => sum + (weights[id] ?? 0), 0),
      });
    }
    // Longer, the count may take in a word with every pair but not the piece ("abxbc" for "abc"): never fewer.
    for (const piece of ["abc", "c1a", "abab"]) {
      const counted = dictionary.countHolding(piece, weights).words;
      expect(counted, piece).toBeGreaterThanOrEqual(holding(dictionary, piece).length);
      expect(counted, piece).toBeGreaterThan(0);
    }
  });

  it("keeps finding every word by characters and by piece while words come and go, ids reused, its table grown", () => {
    const next = random(23);
    const dictionary = new WordDictionary();
    const held = new Map<number, string>();
    let made = 0;
    // Past the table's first size (512 words) several times, with removals that move words back in it.
    for (let step = 0; step < 6_000; step += 1) {
      const ids = [...held.keys()];
      if (ids.length > 0 && next() < 0.35) {
        const id = ids[Math.floor(next() * ids.length)] ?? 0;
        dictionary.remove(id);
        held.delete(id);
      } else {
        const word = `w${(made += 1).toString(36)}`;
        const id = dictionary.add(word);
        expect(held.has(id)).toBe(false);
        held.set(id, word);
      }
    }
    expect(dictionary.size).toBe(held.size);
    expect(held.size).toBeGreaterThan(1_000);
    for (const [id, word] of held) expect(dictionary.idOf(`(${word})`, 1, word.length + 1)).toBe(id);
    for (let gone = 1; gone <= made; gone += 1) {
      const word = `w${gone.toString(36)}`;
      if (![...held.values()].includes(word)) expect(dictionary.idOf(word)).toBe(-1);
    }
    const listed: string[] = [];
    dictionary.forEachWord((word, id) => {
      expect(held.get(id)).toBe(word);
      listed.push(word);
    });
    expect(listed.length).toBe(held.size);
    expect(holding(dictionary, "w1")).toEqual([...held.values()].filter((word) => word.includes("w1")).sort());
  });
  it("visits every word a few edits from a word or from its start, and few others", () => {
    const next = random(11);
    const letters = "abcdeimnorstuvx0123456789-é";
    const pick = (text: string) => text[Math.floor(next() * text.length)] ?? "a";
    const wordOf = (length: number) => Array.from({ length }, () => pick(letters)).join("");
    // A word changed by `edits` random edits of every kind: added, dropped, changed, neighbours swapped.
    const edited = (word: string, edits: number) => {
      let text = word;
      for (let edit = 0; edit < edits; edit += 1) {
        const at = Math.floor(next() * text.length);
        const kind = Math.floor(next() * 4);
        if (kind === 0) text = text.slice(0, at) + pick(letters) + text.slice(at);
        else if (kind === 1 && text.length > 2) text = text.slice(0, at) + text.slice(at + 1);
        else if (kind === 2) text = text.slice(0, at) + pick(letters) + text.slice(at + 1);
        else if (at + 1 < text.length)
          text = text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
      }
      return text;
    };
    const queries = Array.from({ length: 60 }, () => wordOf(5 + Math.floor(next() * 8)));
    const dictionary = new WordDictionary();
    const words = new Set<string>();
    for (let count = 0; count < 3_000; count += 1) words.add(wordOf(3 + Math.floor(next() * 12)));
    // Words near the queries: the query edited, with more after it (its start), and a few removed again.
    for (const query of queries) {
      for (let count = 0; count < 12; count += 1) {
        words.add(edited(query, Math.floor(next() * 3)) + (next() < 0.5 ? wordOf(Math.floor(next() * 4)) : ""));
      }
    }
    const ids = [...words].map((word) => dictionary.add(word));
    ids.filter((_, at) => at % 7 === 0).forEach((id) => dictionary.remove(id));

    let visits = 0;
    let near = 0;
    for (const query of queries) {
      for (const edits of [1, 2]) {
        const visited = new Set<number>();
        dictionary.forEachNear(query, edits, (word, id) => {
          expect(dictionary.wordAt(id)).toBe(word);
          visited.add(id);
        });
        dictionary.forEachWord((word, id) => {
          const { whole, start } = typoDistances(query, word, edits);
          if (Math.min(whole, start) > edits) return;
          near += 1;
          expect(visited.has(id), `${word} is ${Math.min(whole, start)} from ${query}`).toBe(true);
        });
        visits += visited.size;
      }
    }
    expect(near).toBeGreaterThan(500);
    // The dictionary's 2,700-odd words, 120 times over, would be 300,000 visits.
    expect(visits).toBeLessThan(60_000);
  });
});
