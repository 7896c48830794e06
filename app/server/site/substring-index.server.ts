import { forEachInSlices, type Slicing } from "../platform/slices.server";

/** Characters below this have their own slots in flat arrays; the rest (rare in a catalog) go in maps. */
const ASCII = 128;

/** The characters whose runs of three have their own sets: folded letters, digits and the space. */
const TRIGRAM_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789 ";
const TRIGRAM_SYMBOLS = TRIGRAM_CHARACTERS.length;
/** How many runs of three symbols there are. */
const TRIGRAMS = TRIGRAM_SYMBOLS ** 3;
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
  /** Words of 32 bits each set holds: room for `capacity` texts. */
  private capacityWords: number;
  /** Words in use: enough for every slot handed out so far. */
  private words = 0;
  /** Each slot's text; `undefined` for a slot freed by `remove`, which `add` hands out again. */
  private readonly texts: (string | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private asciiSingles: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII);
  private asciiPairs: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII * ASCII);
  private readonly otherSingles = new Map<number, Uint32Array>();
  private readonly otherPairs = new Map<number, Uint32Array>();
  /**
   * Where a run of three symbols' set is in `trigramSets` (its place + 1; 0 for none), by the run as a
   * number in base TRIGRAM_SYMBOLS.
   */
  private readonly trigramSlots = new Int32Array(TRIGRAMS);
  private trigramSets: Uint32Array[] = [];
  /** Which `mark` last wrote each ASCII character's, pair's and run's set (see `mark`). */
  private readonly singleStamps = new Uint32Array(ASCII);
  private readonly pairStamps = new Uint32Array(ASCII * ASCII);
  private readonly trigramStamps = new Uint32Array(TRIGRAMS);
  private stamp = 0;

  /**
   * `runsOfThree: false` keeps characters and pairs only: for many short texts (a dictionary of words),
   * where checking a text is cheap and the runs' sets would cost more memory than they save time.
   */
  private constructor(
    capacity: number,
    private readonly runsOfThree = true,
  ) {
    this.capacityWords = Math.max(1, Math.ceil(capacity / 32));
  }

  /**
   * The index of `texts`, slot `i` holding `texts[i]`, built `slicing.size` texts at a time: the
   * catalog's index over 10,000 products takes tens of milliseconds, and gives the event loop back
   * meanwhile. It has room for an eighth more before its sets grow.
   */
  static async build(texts: readonly string[], slicing: Slicing): Promise<SubstringIndex> {
    const built = new SubstringIndex(texts.length + (texts.length >> 3));
    await forEachInSlices(texts, slicing, (text) => built.add(text));
    return built;
  }

  /** `build` at once, for a handful of texts. */
  static of(texts: readonly string[], options: { runsOfThree?: boolean } = {}): SubstringIndex {
    const built = new SubstringIndex(texts.length, options.runsOfThree);
    for (const text of texts) built.add(text);
    return built;
  }

  /** Indexes `text` (letter case folded) and returns its slot: a freed one if any, else the next. */
  add(text: string): number {
    const slot = this.freeSlots.pop() ?? this.texts.length;
    if (slot === this.texts.length) this.texts.push(text);
    else this.texts[slot] = text;
    const word = slot >> 5;
    if (word >= this.capacityWords) this.grow(word + 1);
    this.words = Math.max(this.words, word + 1);
    this.mark(text, word, 1 << (slot & 31), true);
    return slot;
  }

  /** Forgets the text in `slot`; its slot is handed out again. */
  remove(slot: number): void {
    const text = this.texts[slot];
    if (text === undefined) return;
    this.mark(text, slot >> 5, 1 << (slot & 31), false);
    this.texts[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /** The text in `slot`, or `undefined` for a slot not in use. */
  textAt(slot: number): string | undefined {
    return this.texts[slot];
  }

  /**
   * Sets (or clears) `bit` of `word` in every set of a character, pair and run `text` holds. A text
   * holds most of its pairs and runs many times over: each ASCII one is written once a text (its
   * stamp says it was), which spares most writes into sets far apart in memory (decision 066).
   */
  private mark(text: string, word: number, bit: number, set: boolean): void {
    const stamp = (this.stamp = (this.stamp % 0xffffffff) + 1);
    const { singleStamps, pairStamps, trigramStamps } = this;
    let previous = -1;
    // The two symbols before this character (-1: none, or a character that is not one).
    let first = -1;
    let second = -1;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code >= ASCII) {
        flip(this.single(code, true), word, bit, set);
        if (previous >= 0) flip(this.pair(previous, code, true), word, bit, set);
        previous = code;
        first = second = -1;
        continue;
      }
      if (singleStamps[code] !== stamp) {
        singleStamps[code] = stamp;
        flip(this.single(code, true), word, bit, set);
      }
      if (previous >= ASCII) flip(this.pair(previous, code, true), word, bit, set);
      else if (previous >= 0 && pairStamps[previous * ASCII + code] !== stamp) {
        pairStamps[previous * ASCII + code] = stamp;
        flip(this.pair(previous, code, true), word, bit, set);
      }
      previous = code;
      if (!this.runsOfThree) continue;
      const symbol = TRIGRAM_SYMBOL[code] ?? -1;
      if (symbol < 0) {
        first = second = -1;
        continue;
      }
      if (first >= 0) {
        const run = (first * TRIGRAM_SYMBOLS + second) * TRIGRAM_SYMBOLS + symbol;
        if (trigramStamps[run] !== stamp) {
          trigramStamps[run] = stamp;
          flip(this.trigram(run, true), word, bit, set);
        }
      }
      first = second;
      second = symbol;
    }
  }

  /** Makes every set hold at least `words` words, an eighth more than that for the texts to come. */
  private grow(words: number): void {
    this.capacityWords = words + (words >> 3) + 1;
    const grown = (bits: Uint32Array) => {
      const larger = new Uint32Array(this.capacityWords);
      larger.set(bits);
      return larger;
    };
    this.asciiSingles = this.asciiSingles.map((bits) => bits && grown(bits));
    this.asciiPairs = this.asciiPairs.map((bits) => bits && grown(bits));
    for (const [key, bits] of this.otherSingles) this.otherSingles.set(key, grown(bits));
    for (const [key, bits] of this.otherPairs) this.otherPairs.set(key, grown(bits));
    this.trigramSets = this.trigramSets.map(grown);
  }

  /** How many texts the index holds. */
  get size(): number {
    return this.texts.length - this.freeSlots.length;
  }

  /** Calls `visit` with the slot of every text that holds `piece`, in slot order. */
  forEachHolding(piece: string, visit: (slot: number) => void): void {
    if (piece.length === 0) {
      for (let slot = 0; slot < this.texts.length; slot += 1) if (this.texts[slot] !== undefined) visit(slot);
      return;
    }
    const sets: Uint32Array[] = [];
    const use = (set: Uint32Array) => {
      if (!sets.includes(set)) sets.push(set);
    };
    let everyRunIndexed = piece.length >= 3 && this.runsOfThree;
    for (let at = 2; at < piece.length && this.runsOfThree; at += 1) {
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
        const slot = word * 32 + 31 - Math.clz32(lowest);
        if (exact || (this.texts[slot] ?? "").includes(piece)) visit(slot);
      }
    }
  }

  private single(code: number, make: true): Uint32Array;
  private single(code: number, make: false): Uint32Array | undefined;
  private single(code: number, make: boolean): Uint32Array | undefined {
    if (code < ASCII) {
      let set = this.asciiSingles[code];
      if (!set && make) this.asciiSingles[code] = set = new Uint32Array(this.capacityWords);
      return set;
    }
    let set = this.otherSingles.get(code);
    if (!set && make) this.otherSingles.set(code, (set = new Uint32Array(this.capacityWords)));
    return set;
  }

  private trigram(run: number, make: true): Uint32Array;
  private trigram(run: number, make: false): Uint32Array | undefined;
  private trigram(run: number, make: boolean): Uint32Array | undefined {
    const slot = this.trigramSlots[run] ?? 0;
    if (slot > 0) return this.trigramSets[slot - 1];
    if (!make) return undefined;
    const set = new Uint32Array(this.capacityWords);
    this.trigramSlots[run] = this.trigramSets.push(set);
    return set;
  }

  private pair(first: number, second: number, make: true): Uint32Array;
  private pair(first: number, second: number, make: false): Uint32Array | undefined;
  private pair(first: number, second: number, make: boolean): Uint32Array | undefined {
    if (first < ASCII && second < ASCII) {
      const slot = first * ASCII + second;
      let set = this.asciiPairs[slot];
      if (!set && make) this.asciiPairs[slot] = set = new Uint32Array(this.capacityWords);
      return set;
    }
    const key = first * 65_536 + second;
    let set = this.otherPairs.get(key);
    if (!set && make) this.otherPairs.set(key, (set = new Uint32Array(this.capacityWords)));
    return set;
  }
}

/** Sets or clears `bit` of `bits[word]`. */
function flip(bits: Uint32Array, word: number, bit: number, set: boolean): void {
  bits[word] = set ? (bits[word] ?? 0) | bit : (bits[word] ?? 0) & ~bit;
}
