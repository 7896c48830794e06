import { forEachInSlices, type Slicing } from "./slices.server";

/** Characters below this have their own slots in flat arrays; the rest (rare in a catalog) go in maps. */
const ASCII = 128;

/**
 * Which of a fixed list of texts hold a piece of text, for searching thousands of them on every new
 * query (decision 008). For every character and every pair of neighbouring characters the texts hold,
 * a bit set says which texts hold it. A piece of one or two characters is answered by its set alone;
 * a longer one by the intersection of its pairs' sets, and then only the texts in it are searched for
 * the piece itself, which they nearly always hold. Texts are given letter case folded, as pieces are.
 */
export class SubstringIndex {
  private readonly words: number;
  private readonly asciiSingles: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII);
  private readonly asciiPairs: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII * ASCII);
  private readonly otherSingles = new Map<number, Uint32Array>();
  private readonly otherPairs = new Map<number, Uint32Array>();

  private constructor(private readonly texts: readonly string[]) {
    this.words = Math.ceil(texts.length / 32);
  }

  /**
   * The index of `texts`, built `slicing.size` texts at a time: the catalog's index over 10,000 products
   * takes tens of milliseconds, and gives the event loop back meanwhile.
   */
  static async build(texts: readonly string[], slicing: Slicing): Promise<SubstringIndex> {
    const built = new SubstringIndex(texts);
    await forEachInSlices(texts, slicing, (_, index) => built.add(index));
    return built;
  }

  private add(index: number): void {
    const text = this.texts[index] ?? "";
    const word = index >> 5;
    const bit = 1 << (index & 31);
    let previous = -1;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      const single = this.single(code, true);
      single[word] = (single[word] ?? 0) | bit;
      if (previous >= 0) {
        const pair = this.pair(previous, code, true);
        pair[word] = (pair[word] ?? 0) | bit;
      }
      previous = code;
    }
  }

  /** How many texts the index holds. */
  get size(): number {
    return this.texts.length;
  }

  /** Calls `visit` with the position of every text that holds `piece`, in the order the texts were given. */
  forEachHolding(piece: string, visit: (index: number) => void): void {
    if (piece.length === 0) {
      for (let index = 0; index < this.texts.length; index += 1) visit(index);
      return;
    }
    const sets: Uint32Array[] = [];
    if (piece.length === 1) {
      const single = this.single(piece.charCodeAt(0), false);
      if (!single) return;
      sets.push(single);
    } else {
      for (let at = 1; at < piece.length; at += 1) {
        const pair = this.pair(piece.charCodeAt(at - 1), piece.charCodeAt(at), false);
        if (!pair) return;
        if (!sets.includes(pair)) sets.push(pair);
      }
    }
    // One or two characters: the sets are the answer. Longer: the texts holding every pair hold the
    // piece nearly always, but "abab" is not in "ab ba".
    const exact = piece.length <= 2;
    const [first, ...rest] = sets as [Uint32Array, ...Uint32Array[]];
    for (let word = 0; word < this.words; word += 1) {
      let bits = first[word] ?? 0;
      for (const set of rest) {
        if (bits === 0) break;
        bits &= set[word] ?? 0;
      }
      while (bits !== 0) {
        const lowest = bits & -bits;
        bits ^= lowest;
        const index = word * 32 + 31 - Math.clz32(lowest);
        if (exact || (this.texts[index] ?? "").includes(piece)) visit(index);
      }
    }
  }

  private single(code: number, make: true): Uint32Array;
  private single(code: number, make: false): Uint32Array | undefined;
  private single(code: number, make: boolean): Uint32Array | undefined {
    if (code < ASCII) {
      let set = this.asciiSingles[code];
      if (!set && make) this.asciiSingles[code] = set = new Uint32Array(this.words);
      return set;
    }
    let set = this.otherSingles.get(code);
    if (!set && make) this.otherSingles.set(code, (set = new Uint32Array(this.words)));
    return set;
  }

  private pair(first: number, second: number, make: true): Uint32Array;
  private pair(first: number, second: number, make: false): Uint32Array | undefined;
  private pair(first: number, second: number, make: boolean): Uint32Array | undefined {
    if (first < ASCII && second < ASCII) {
      const slot = first * ASCII + second;
      let set = this.asciiPairs[slot];
      if (!set && make) this.asciiPairs[slot] = set = new Uint32Array(this.words);
      return set;
    }
    const key = first * 65_536 + second;
    let set = this.otherPairs.get(key);
    if (!set && make) this.otherPairs.set(key, (set = new Uint32Array(this.words)));
    return set;
  }
}
