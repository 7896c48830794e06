/** Characters below this have their own slots in flat arrays; the rest (rare in a catalog) go in maps. */
const ASCII = 128;

/** No id: an empty place of the table. */
const EMPTY = -1;

/**
 * Every distinct word of the search index (decision 067), each with an id, found two ways: by its
 * characters where they stand in a longer text (`idOf`), so that indexing a catalog's texts never
 * cuts out a string for a word it already has (at 50,000 products that is ten million words, and as
 * many short strings for the garbage collector); and by a piece of it (`forEachHolding`), for the
 * words a query's word is the start or a part of. For the pieces, every character and every pair of
 * neighbouring characters the words hold has a bit set of the words holding it: a piece's pairs'
 * sets intersected leave the few words that hold the pairs, which are then checked for the piece.
 */
export class WordDictionary {
  /** Each id's word; `undefined` for an id freed by `remove`, which `add` hands out again. */
  private readonly words: (string | undefined)[] = [];
  private readonly freeIds: number[] = [];
  /** Open addressing by hash, linear probing: each place holds an id or EMPTY; at most half are used. */
  private table = new Int32Array(1024).fill(EMPTY);
  private hashes = new Int32Array(1024);
  /** 32-bit words each set holds: room for `capacity * 32` ids. */
  private capacity = 1;
  /** 32-bit words in use: enough for every id handed out so far. */
  private used = 0;
  private asciiSingles: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII);
  private asciiPairs: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(ASCII * ASCII);
  private readonly otherSingles = new Map<number, Uint32Array>();
  private readonly otherPairs = new Map<number, Uint32Array>();

  /** How many words it holds. */
  get size(): number {
    return this.words.length - this.freeIds.length;
  }

  /** One more than the highest id handed out: what arrays by word id need room for. */
  get idLimit(): number {
    return this.words.length;
  }

  /** The id of the word `text` holds from `start` to `end`, or -1 when the dictionary does not have it. */
  idOf(text: string, start = 0, end = text.length): number {
    const hash = hashOf(text, start, end);
    const mask = this.table.length - 1;
    for (let place = hash & mask; ; place = (place + 1) & mask) {
      const id = this.table[place] as number;
      if (id === EMPTY) return -1;
      if (this.hashes[id] === hash && sameCharacters(this.words[id] ?? "", text, start, end)) return id;
    }
  }

  /** Adds `word` (letter case folded, not in the dictionary yet) and returns its id: a freed one if any, else the next. */
  add(word: string): number {
    const id = this.freeIds.pop() ?? this.words.length;
    if (id === this.words.length) this.words.push(word);
    else this.words[id] = word;
    if (id >= this.hashes.length) {
      const hashes = new Int32Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    if (this.size * 2 > this.table.length) this.rehash(this.table.length * 2);
    const hash = hashOf(word, 0, word.length);
    this.hashes[id] = hash;
    this.place(id, hash);
    const setWord = id >> 5;
    if (setWord >= this.capacity) this.grow(setWord + 1);
    this.used = Math.max(this.used, setWord + 1);
    this.mark(word, setWord, 1 << (id & 31), true);
    return id;
  }

  /** Forgets the word with `id`; the id is handed out again. */
  remove(id: number): void {
    const word = this.words[id];
    if (word === undefined) return;
    this.mark(word, id >> 5, 1 << (id & 31), false);
    this.unplace(id);
    this.words[id] = undefined;
    this.freeIds.push(id);
  }

  /** The word with `id`, or `undefined` for an id not in use. */
  wordAt(id: number): string | undefined {
    return this.words[id];
  }

  /** Calls `visit` with every word and its id. */
  forEachWord(visit: (word: string, id: number) => void): void {
    this.words.forEach((word, id) => {
      if (word !== undefined) visit(word, id);
    });
  }

  /**
   * Calls `visit` with every word that may be `edits` edits or fewer (Damerau's: a character added,
   * dropped or changed, or two neighbours swapped) from `word` or from its start, and some others, in
   * id order. An edit loses at most three of `word`'s pairs of neighbouring characters (a swap the
   * pair before, the pair swapped and the pair after), so such a word holds all but `3 * edits` of its
   * distinct pairs: counted in the pairs' sets, which leaves a fraction of the dictionary to compare.
   * Every word when a word that close need hold none of them.
   */
  forEachNear(word: string, edits: number, visit: (word: string, id: number) => void): void {
    const sets: Uint32Array[] = [];
    const seen = new Set<number>();
    for (let at = 1; at < word.length; at += 1) {
      const first = word.charCodeAt(at - 1);
      const second = word.charCodeAt(at);
      if (seen.has(first * 65_536 + second)) continue;
      seen.add(first * 65_536 + second);
      const set = this.pair(first, second, false);
      if (set) sets.push(set);
    }
    const least = seen.size - 3 * edits;
    if (least <= 0) {
      this.forEachWord(visit);
      return;
    }
    if (sets.length < least) return;
    // atLeast[n]: the words of this 32 holding at least n + 1 of the sets so far.
    const atLeast = new Int32Array(least);
    for (let setWord = 0; setWord < this.used; setWord += 1) {
      atLeast.fill(0);
      for (const set of sets) {
        const bits = set[setWord] ?? 0;
        if (bits === 0) continue;
        for (let count = least - 1; count > 0; count -= 1) {
          atLeast[count] = (atLeast[count] as number) | ((atLeast[count - 1] as number) & bits);
        }
        atLeast[0] = (atLeast[0] as number) | bits;
      }
      let bits = atLeast[least - 1] as number;
      while (bits !== 0) {
        const lowest = bits & -bits;
        bits ^= lowest;
        const id = setWord * 32 + 31 - Math.clz32(lowest);
        const near = this.words[id];
        if (near !== undefined) visit(near, id);
      }
    }
  }

  /** Calls `visit` with the id of every word that holds `piece` (not empty), in id order. */
  forEachHolding(piece: string, visit: (id: number) => void): void {
    // One or two characters: the set is the answer. Longer: a word holding every pair nearly always
    // holds the piece, but "abab" is not in "abba".
    const exact = piece.length <= 2;
    this.forEachInSets(piece, (id) => {
      if (exact || (this.words[id] ?? "").includes(piece)) visit(id);
    });
  }

  /**
   * About how many words hold `piece`, and the sum of `weights` by their ids: the words holding each
   * of its pairs, counted without reading one (exact up to two characters; beyond, a word with every
   * pair of the piece but not the piece, "abxbc" for "abc", is counted too). What planning a search
   * needs, at a fraction of what listing the words costs.
   */
  countHolding(piece: string, weights: Int32Array): { words: number; weight: number } {
    const counted = { words: 0, weight: 0 };
    this.forEachInSets(piece, (id) => {
      counted.words += 1;
      counted.weight += weights[id] ?? 0;
    });
    return counted;
  }

  /** Calls `visit` with every id in the intersection of `piece`'s character or pair sets, in id order. */
  private forEachInSets(piece: string, visit: (id: number) => void): void {
    const sets = this.setsOf(piece);
    if (!sets) return;
    const [first, ...rest] = sets;
    for (let setWord = 0; setWord < this.used; setWord += 1) {
      let bits = first[setWord] ?? 0;
      for (const set of rest) {
        if (bits === 0) break;
        bits &= set[setWord] ?? 0;
      }
      while (bits !== 0) {
        const lowest = bits & -bits;
        bits ^= lowest;
        visit(setWord * 32 + 31 - Math.clz32(lowest));
      }
    }
  }

  /** The sets whose intersection holds the words holding `piece`: its character's, or each of its pairs'; undefined when no word can. */
  private setsOf(piece: string): [Uint32Array, ...Uint32Array[]] | undefined {
    const sets: Uint32Array[] = [];
    if (piece.length === 1) {
      const single = this.single(piece.charCodeAt(0), false);
      if (!single) return undefined;
      sets.push(single);
    }
    for (let at = 1; at < piece.length; at += 1) {
      const pair = this.pair(piece.charCodeAt(at - 1), piece.charCodeAt(at), false);
      if (!pair) return undefined;
      if (!sets.includes(pair)) sets.push(pair);
    }
    const [first, ...rest] = sets;
    return first ? [first, ...rest] : undefined;
  }

  private place(id: number, hash: number): void {
    const mask = this.table.length - 1;
    let place = hash & mask;
    while (this.table[place] !== EMPTY) place = (place + 1) & mask;
    this.table[place] = id;
  }

  /** Takes `id` out of the table and moves back the ids after it that it had pushed along. */
  private unplace(id: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let hole = (this.hashes[id] as number) & mask;
    while (table[hole] !== id) hole = (hole + 1) & mask;
    table[hole] = EMPTY;
    for (let place = (hole + 1) & mask; table[place] !== EMPTY; place = (place + 1) & mask) {
      const moved = table[place] as number;
      const home = (this.hashes[moved] as number) & mask;
      // `moved` may fill the hole when its home is not between the hole and its place (cyclically).
      const homeBeforeHole = hole <= place ? home <= hole || home > place : home <= hole && home > place;
      if (!homeBeforeHole) continue;
      table[hole] = moved;
      table[place] = EMPTY;
      hole = place;
    }
  }

  private rehash(size: number): void {
    this.table = new Int32Array(size).fill(EMPTY);
    this.words.forEach((word, id) => {
      if (word !== undefined) this.place(id, this.hashes[id] as number);
    });
  }

  /** Sets (or clears) `bit` of `setWord` in every set of a character and a pair `word` holds. */
  private mark(word: string, setWord: number, bit: number, set: boolean): void {
    let previous = -1;
    for (let at = 0; at < word.length; at += 1) {
      const code = word.charCodeAt(at);
      flip(this.single(code, true), setWord, bit, set);
      if (previous >= 0) flip(this.pair(previous, code, true), setWord, bit, set);
      previous = code;
    }
  }

  /** Makes every set hold at least `setWords` words, half as many again for the words to come. */
  private grow(setWords: number): void {
    this.capacity = setWords + (setWords >> 1) + 1;
    const grown = (bits: Uint32Array) => {
      const larger = new Uint32Array(this.capacity);
      larger.set(bits);
      return larger;
    };
    this.asciiSingles = this.asciiSingles.map((bits) => bits && grown(bits));
    this.asciiPairs = this.asciiPairs.map((bits) => bits && grown(bits));
    for (const [key, bits] of this.otherSingles) this.otherSingles.set(key, grown(bits));
    for (const [key, bits] of this.otherPairs) this.otherPairs.set(key, grown(bits));
  }

  private single(code: number, make: true): Uint32Array;
  private single(code: number, make: false): Uint32Array | undefined;
  private single(code: number, make: boolean): Uint32Array | undefined {
    if (code < ASCII) {
      let set = this.asciiSingles[code];
      if (!set && make) this.asciiSingles[code] = set = new Uint32Array(this.capacity);
      return set;
    }
    let set = this.otherSingles.get(code);
    if (!set && make) this.otherSingles.set(code, (set = new Uint32Array(this.capacity)));
    return set;
  }

  private pair(first: number, second: number, make: true): Uint32Array;
  private pair(first: number, second: number, make: false): Uint32Array | undefined;
  private pair(first: number, second: number, make: boolean): Uint32Array | undefined {
    if (first < ASCII && second < ASCII) {
      const slot = first * ASCII + second;
      let set = this.asciiPairs[slot];
      if (!set && make) this.asciiPairs[slot] = set = new Uint32Array(this.capacity);
      return set;
    }
    const key = first * 65_536 + second;
    let set = this.otherPairs.get(key);
    if (!set && make) this.otherPairs.set(key, (set = new Uint32Array(this.capacity)));
    return set;
  }
}

/** FNV-1a over the UTF-16 code units of `text` from `start` to `end`, then mixed so that its low bits spread. */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return hash ^ (hash >>> 12);
}

function sameCharacters(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let at = 0; at < word.length; at += 1) if (word.charCodeAt(at) !== text.charCodeAt(start + at)) return false;
  return true;
}

/** Sets or clears `bit` of `bits[at]`. */
function flip(bits: Uint32Array, at: number, bit: number, set: boolean): void {
  bits[at] = set ? (bits[at] ?? 0) | bit : (bits[at] ?? 0) & ~bit;
}
