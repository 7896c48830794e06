import { forEachInSlices, type Slicing } from "../platform/slices.server";

/** Characters below this have their own slots in flat arrays; the rest (rare in a catalog) go in maps. */
const ASCII = 128;

/** The characters whose runs of three have their own sets: folded letters, digits and the space. */
const TRIGRAM_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789 ";
const TRIGRAM_SYMBOLS = TRIGRAM_CHARACTERS.length;
/** A character's place in TRIGRAM_CHARACTERS, by its code below ASCII, or -1. */
const TRIGRAM_SYMBOL = new Int8Array(ASCII).fill(-1);
for (let symbol = 0; symbol < TRIGRAM_SYMBOLS; symbol += 1)
  TRIGRAM_SYMBOL[TRIGRAM_CHARACTERS.charCodeAt(symbol)] = symbol;

function trigramSymbol(code: number): number {
  return code < ASCII ? (TRIGRAM_SYMBOL[code] ?? -1) : -1;
}

/**
 * Which of a fixed list of texts hold a piece of text, for searching thousands of them on every new
 * query (decisions 008 and 035). For every character, every pair of neighbouring characters and every
 * run of three letters, digits or spaces the texts hold, a bit set says which texts hold it. A piece
 * of one or two characters is answered by its set alone, and one of three such characters by its
 * run's. A longer one is answered by the intersection of its runs' sets (its pairs' where it has other
 * characters), and then only the texts in it are searched for the piece itself, which they nearly
 * always hold. With pairs alone, a query of a few common letters let through nearly every product, and
 * counting its results read them all. Texts are given letter case folded, as pieces are.
 */
export class SubstringIndex {
  private readonly words: number;
  private readonly asciiSingles: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII);
  private readonly asciiPairs: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII * ASCII);
  private readonly otherSingles = new Map<number, Uint32Array>();
  private readonly otherPairs = new Map<number, Uint32Array>();
  /**
   * Where a run of three symbols' set is in `trigramSets` (its place + 1; 0 for none), by the run as a
   * number in base TRIGRAM_SYMBOLS.
   */
  private readonly trigramSlots = new Int32Array(TRIGRAM_SYMBOLS ** 3);
  private readonly trigramSets: Uint32Array[] = [];

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
    // The run of symbols that ends at the character before, as a number in base TRIGRAM_SYMBOLS.
    let run = 0;
    let runLength = 0;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      const single = this.single(code, true);
      single[word] = (single[word] ?? 0) | bit;
      if (previous >= 0) {
        const pair = this.pair(previous, code, true);
        pair[word] = (pair[word] ?? 0) | bit;
      }
      previous = code;
      const symbol = trigramSymbol(code);
      if (symbol < 0) {
        runLength = 0;
        continue;
      }
      run = (run * TRIGRAM_SYMBOLS + symbol) % TRIGRAM_SYMBOLS ** 3;
      runLength += 1;
      if (runLength >= 3) {
        const trigram = this.trigram(run, true);
        trigram[word] = (trigram[word] ?? 0) | bit;
      }
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
    const use = (set: Uint32Array) => {
      if (!sets.includes(set)) sets.push(set);
    };
    let everyRunIndexed = piece.length >= 3;
    for (let at = 2; at < piece.length; at += 1) {
      const symbols = [at - 2, at - 1, at].map((place) => trigramSymbol(piece.charCodeAt(place)));
      if (symbols.some((symbol) => symbol < 0)) {
        everyRunIndexed = false;
        continue;
      }
      const trigram = this.trigram(
        symbols.reduce((run, symbol) => run * TRIGRAM_SYMBOLS + symbol, 0),
        false,
      );
      if (!trigram) return;
      use(trigram);
    }
    if (piece.length === 1) {
      const single = this.single(piece.charCodeAt(0), false);
      if (!single) return;
      use(single);
    } else if (!everyRunIndexed) {
      for (let at = 1; at < piece.length; at += 1) {
        const pair = this.pair(piece.charCodeAt(at - 1), piece.charCodeAt(at), false);
        if (!pair) return;
        use(pair);
      }
    }
    // One or two characters, or three with a run of their own: the sets are the answer. Longer: the
    // texts holding every run or pair hold the piece nearly always, but "abab" is not in "ab ba".
    const exact = piece.length <= 2 || (piece.length === 3 && everyRunIndexed);
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

  private trigram(run: number, make: true): Uint32Array;
  private trigram(run: number, make: false): Uint32Array | undefined;
  private trigram(run: number, make: boolean): Uint32Array | undefined {
    const slot = this.trigramSlots[run] ?? 0;
    if (slot > 0) return this.trigramSets[slot - 1];
    if (!make) return undefined;
    const set = new Uint32Array(this.words);
    this.trigramSlots[run] = this.trigramSets.push(set);
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
