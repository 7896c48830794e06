import { forEachWord, normalizeText, wordsOf } from "#app/domain/search-text";
import { forEachInSlices, type Slicing } from "../platform/slices.server";
import { WordDictionary } from "./word-dictionary.server";

/**
 * A record as it is searched: its texts by field, the most telling field first (a word found in an
 * earlier field ranks higher), and the model it is named by, matched as a whole as well.
 */
export interface SearchDocument {
  fields: readonly (readonly string[])[];
  model?: string;
}

/** A query ready to search: each group must match (any of its alternatives), its words and its compact form. */
export interface PreparedQuery {
  /** One group a word of the query: the word itself, or any of its synonyms' phrases (every word of one). */
  groups: { alternatives: { words: string[]; synonym: boolean }[] }[];
  /** The query's words run together: what a model with its punctuation ignored is compared with. */
  compact: string;
}

/** A group of phrases that mean the same ("LPR", "license plate"), as the owner wrote them. */
export type SynonymSet = readonly string[];

/** At most this many words of a query are searched: a longer query cannot narrow a catalog further. */
const MOST_WORDS = 20;
/** Fields a document may have; a posting keeps its field in the low bits. */
const FIELD_BITS = 3;
const FIELDS = 1 << FIELD_BITS;

/**
 * What a match costs, least first (decision 067). In order of weight: how well the model matches the
 * whole query (the same model, then one holding the query with punctuation ignored, then none), the
 * typos forgiven, the fields the words were found in, and how each word matched (the whole word, its
 * start, inside it; a synonym's words a step after). Each weight is larger than what the lighter ones
 * can add up to over MOST_WORDS words.
 */
export const COST = {
  modelNone: 3_000_000,
  modelHolds: 2_000_000,
  modelStarts: 1_000_000,
  typo: 10_000,
  field: 100,
  prefix: 1,
  inside: 2,
  synonym: 3,
  /** Taken off for each two words of the query that stand side by side in a name ("8 channel"). */
  sideBySide: 1_000,
} as const;

/**
 * Fields before this one, the model's aside, are names (category, features): short texts whose
 * neighbouring words are kept. A model's own are matched by the model run together.
 */
const NAME_FIELDS = 3;

/** Indexed words a query's word matches, by id, each with what the match costs. */
class WordMatches {
  ids = new Int32Array(8);
  costs = new Int32Array(8);
  length = 0;

  add(id: number, cost: number): void {
    if (this.length === this.ids.length) {
      const room = Math.max(8, this.length * 2);
      const ids = new Int32Array(room);
      ids.set(this.ids);
      this.ids = ids;
      const costs = new Int32Array(room);
      costs.set(this.costs);
      this.costs = costs;
    }
    this.ids[this.length] = id;
    this.costs[this.length] = cost;
    this.length += 1;
  }

  delete(id: number): void {
    const at = this.ids.subarray(0, this.length).indexOf(id);
    if (at < 0) return;
    this.length -= 1;
    this.ids[at] = this.ids[this.length] as number;
    this.costs[at] = this.costs[this.length] as number;
  }

  /** A copy without room to grow into: what is kept between searches. */
  trimmed(): WordMatches {
    const copy = new WordMatches();
    copy.ids = this.ids.slice(0, this.length);
    copy.costs = this.costs.slice(0, this.length);
    copy.length = this.length;
    return copy;
  }
}

/**
 * Pieces whose words are kept between searches, the last used kept longest: the brand, a model's
 * start, typed by every visitor, match tens of thousands of words at 50,000 products, and listing
 * them was most of such a search's time (decision 078). Only pieces matching at least KEPT_MATCHES
 * words are kept; fewer are quicker found again than kept up to date.
 */
const KEPT_PIECES = 16;
const KEPT_MATCHES = 2_000;

/** What matching a group by walking postings reads: the words its words match, and how many times those are held. */
interface Reach {
  words: number;
  postings: number;
}

/** What walking `group`'s postings reads: for each alternative, its rarest word's. */
function groupReach(group: PreparedQuery["groups"][number], reachOf: (word: string) => Reach): Reach {
  const reach = { words: 0, postings: 0 };
  for (const alternative of group.alternatives) {
    const rarest = alternative.words
      .map(reachOf)
      .reduce((least, next) => (next.postings < least.postings ? next : least));
    reach.words += rarest.words;
    reach.postings += rarest.postings;
  }
  return reach;
}

/** Fewer matches than this without typos, and words of five characters or more are also looked for with one (nine: two; see `typosForgiven`). */
export const FEW_MATCHES = 10;

/** Whether a word of `query` is long enough for a typo to be forgiven. */
export function forgivesTypos(query: PreparedQuery): boolean {
  return query.groups.some((group) =>
    group.alternatives.some((alternative) => alternative.words.some((word) => typosForgiven(word) > 0)),
  );
}

/**
 * The least cost at which one of `group`'s alternatives matches `words` (the normalized words of a
 * short text, a download's description and file name), as the index would match them; undefined when
 * none does. For texts too many and too short to keep in an index of their own.
 */
export function groupCostIn(
  words: readonly string[],
  group: PreparedQuery["groups"][number],
  typos: boolean,
): number | undefined {
  let least: number | undefined;
  for (const alternative of group.alternatives) {
    let sum = alternative.synonym ? COST.synonym : 0;
    for (const wanted of alternative.words) {
      let best = Infinity;
      const forgiven = typos ? typosForgiven(wanted) : 0;
      for (const word of words) {
        if (word === wanted) best = 0;
        else if (word.startsWith(wanted)) best = Math.min(best, COST.prefix);
        else if (word.includes(wanted)) best = Math.min(best, COST.inside);
        else if (forgiven > 0) {
          const { whole, start } = typoDistances(wanted, word, forgiven);
          if (whole <= forgiven) best = Math.min(best, whole * COST.typo);
          else if (start <= forgiven) best = Math.min(best, start * COST.typo + COST.prefix);
        }
        if (best === 0) break;
      }
      sum += best;
      if (sum === Infinity) break;
    }
    if (sum !== Infinity && (least === undefined || sum < least)) least = sum;
  }
  return least;
}

/**
 * Typos forgiven in `word` by its length, as Meilisearch and Algolia do by default; none in a word
 * with a digit. There it is a model or a figure ("d4m25x", "2.8mm", "1080p"), and one character off
 * names another product or another value, not a typo; and at 50,000 products the comparison with
 * every model number in the dictionary made such a query's search take tens of milliseconds.
 */
export function typosForgiven(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** What an indexed word costs as a match of `word`, or undefined when it is none (`forgiven` typos allowed). */
function matchCost(word: string, indexed: string, forgiven: number): number | undefined {
  return indexed.includes(word) ? heldCost(word, indexed) : typoCost(word, indexed, forgiven);
}

/** What an indexed word holding `word` costs as its match: the same word, one it starts, one it is inside. */
function heldCost(word: string, indexed: string): number {
  return indexed === word ? 0 : indexed.startsWith(word) ? COST.prefix : COST.inside;
}

/** What an indexed word not holding `word` costs as its match with at most `forgiven` typos, or undefined. */
function typoCost(word: string, indexed: string, forgiven: number): number | undefined {
  if (forgiven === 0 || indexed.length < word.length - forgiven) return undefined;
  // One of the first two letters right, as in nearly every typo: spares most of the dictionary the comparison.
  if (indexed.charCodeAt(0) !== word.charCodeAt(0) && indexed.charCodeAt(1) !== word.charCodeAt(1)) return undefined;
  // The whole word with a typo, or its start: "recoder" for "recorders".
  const { whole, start } = typoDistances(word, indexed, forgiven);
  if (whole <= forgiven) return whole * COST.typo;
  return start <= forgiven ? start * COST.typo + COST.prefix : undefined;
}

/** Cuts a query into the groups a document must match, each word with the phrases it is a synonym of. */
export function prepareQuery(query: string, synonyms: readonly SynonymSet[] = []): PreparedQuery {
  const words = wordsOf(normalizeText(query)).slice(0, MOST_WORDS);
  const phrases = synonyms.map((set) => set.map((phrase) => wordsOf(normalizeText(phrase))).filter((p) => p.length));
  const groups: PreparedQuery["groups"] = [];
  for (let at = 0; at < words.length;) {
    // The longest phrase of a synonym set that the query has here stands for the whole set.
    let found: { length: number; set: string[][] } | undefined;
    for (const set of phrases) {
      for (const phrase of set) {
        if (phrase.length <= (found?.length ?? 0)) continue;
        if (phrase.every((word, offset) => words[at + offset] === word)) found = { length: phrase.length, set };
      }
    }
    if (!found) {
      groups.push({ alternatives: [{ words: [words[at] as string], synonym: false }] });
      at += 1;
      continue;
    }
    const own = words.slice(at, at + found.length);
    groups.push({
      alternatives: [
        { words: own, synonym: false },
        ...found.set
          .filter((phrase) => phrase.join(" ") !== own.join(" "))
          .map((phrase) => ({ words: phrase, synonym: true })),
      ],
    });
    at += found.length;
  }
  return { groups, compact: words.join("").replaceAll(/[.,]/g, "") };
}

/** The records that hold two words side by side, "8 channel", with the pair's text. */
class PairHolders extends Set<number> {
  constructor(readonly pair: string) {
    super();
  }
}

/** The words a query's matches were found by: its own, its synonyms', and those its typos stood for. */
export interface SearchOutcome {
  matchedWords: string[];
}

/**
 * A ranked full-text index over records (decision 067): every word of every field, with the records
 * and fields it is in. A query matches a record when each of its words (or a synonym) is in one of the
 * record's words, as the whole word, its start or inside it, so whatever a plain substring search of a
 * word would find is found; a word of five characters or more also matches with a typo when exact
 * matches are few. Records are added and removed one at a time, as the catalog changes.
 */
export class SearchIndex {
  /** Every distinct word with its id: what a query's word is looked up in. */
  private readonly words = new WordDictionary();
  /**
   * By word id: `slot << FIELD_BITS | field` for each record holding it (its first field), unordered;
   * a word only one record holds (a model's own number) has that posting alone, without an array.
   */
  private postings: (Int32Array | number | undefined)[] = [];
  private postingCounts = new Int32Array(0);
  /** By word id: how many of its postings are in the model's field, which the model-only search walks alone. */
  private modelCounts = new Int32Array(0);
  /** By record slot: its postings (`wordId << FIELD_BITS | field`), or undefined for a free slot. */
  private readonly records: (Int32Array | undefined)[] = [];
  private readonly models: string[] = [];
  /** Two neighbouring words of a name, "8 channel", and the records that have them side by side. */
  private readonly pairs = new Map<string, PairHolders>();
  /** By record slot: its pairs' holders (the pair's text once for all its records, decision 077). */
  private readonly recordPairs: (PairHolders[] | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** By word id: the `add` that last saw it, so that a record notes each of its words once. */
  private seenStamps = new Int32Array(0);
  private addStamp = 0;
  /** Scratch of a search, by slot: the cost of the group being matched, and the search step that set it. */
  private groupCost = new Float64Array(0);
  private groupStamp = new Uint32Array(0);
  private stamp = 0;
  /** Scratch of `checkRecords`, by word id: the least cost of a match by the word, and the check that set it. */
  private wordCost = new Float64Array(0);
  private wordStamp = new Uint32Array(0);
  private wordStampNow = 0;
  /** Scratch of `match`, by slot: the step that left the record among those a later group is matched among. */
  private aliveStamp = new Uint32Array(0);
  private aliveNow = 0;
  /** How many words the records hold, together: a record's average is what checking records costs. */
  private recordWords = 0;
  /** Pieces' words kept between searches, the last used last (see KEPT_PIECES). */
  private readonly keptMatches = new Map<string, WordMatches>();

  /**
   * The index of `records`, each made into its document as it is added: a document is garbage before
   * the next is made, rather than all of them held at once (at 50,000 products, hundreds of MB at the
   * top of a start, decision 077).
   */
  static async build<T>(
    records: readonly T[],
    documentOf: (record: T) => SearchDocument,
    slicing: Slicing,
  ): Promise<SearchIndex> {
    const index = new SearchIndex();
    await forEachInSlices(records, slicing, (record) => index.add(documentOf(record)));
    index.trim();
    return index;
  }

  /**
   * Gives back the room lists of postings keep to grow into (a quarter of them, on average, at
   * 50,000 products): after a build, which adds every record at once, rather than after each change.
   */
  private trim(): void {
    this.postings.forEach((list, id) => {
      const count = this.postingCounts[id] ?? 0;
      if (list instanceof Int32Array && list.length > count) this.postings[id] = list.slice(0, count);
    });
  }

  static of(documents: readonly SearchDocument[]): SearchIndex {
    const index = new SearchIndex();
    for (const document of documents) index.add(document);
    return index;
  }

  /** How many records the index holds. */
  get size(): number {
    return this.records.length - this.freeSlots.length;
  }

  /** Indexes `document` and returns its slot: a freed one if any, else the next. */
  add(document: SearchDocument): number {
    const slot = this.freeSlots.pop() ?? this.records.length;
    // The record's words by id, each once with its first field: a stamp by word id marks those seen.
    const stamp = (this.addStamp = (this.addStamp % 0x7fffffff) + 1);
    const held: number[] = [];
    const note = (id: number, field: number) => {
      if (id >= this.seenStamps.length) {
        const grown = new Int32Array(Math.max(1024, id * 2));
        grown.set(this.seenStamps);
        this.seenStamps = grown;
      }
      if (this.seenStamps[id] === stamp) return;
      this.seenStamps[id] = stamp;
      held.push((id << FIELD_BITS) | field);
    };
    const model = document.model === undefined ? "" : compactOf(document.model);
    // The model run together is a word of the model: "p4m25x" is inside "vntp4m25x".
    if (model !== "") note(this.idOfWord(model, 0, model.length), 0);
    const pairs = new Set<string>();
    document.fields.forEach((texts, field) => {
      const kept = Math.min(field, FIELDS - 1);
      const named = field > 0 && field < NAME_FIELDS;
      for (const text of texts) {
        const normalized = normalizeText(text);
        let previous: string | undefined;
        forEachWord(normalized, (start, end) => {
          const id = this.idOfWord(normalized, start, end);
          note(id, kept);
          if (!named) return;
          const word = this.words.wordAt(id) ?? "";
          if (previous !== undefined) pairs.add(`${previous} ${word}`);
          previous = word;
        });
      }
    });
    const pairHolders = [...pairs].map((pair) => {
      let holders = this.pairs.get(pair);
      if (!holders) this.pairs.set(pair, (holders = new PairHolders(pair)));
      holders.add(slot);
      return holders;
    });
    this.recordPairs[slot] = pairHolders.length > 0 ? pairHolders : undefined;
    for (const posting of held) this.post(posting >> FIELD_BITS, (slot << FIELD_BITS) | (posting & (FIELDS - 1)));
    this.records[slot] = Int32Array.from(held);
    this.recordWords += held.length;
    this.models[slot] = model;
    return slot;
  }

  /** The id of the word `text` holds from `start` to `end`, added to the dictionary when new. */
  private idOfWord(text: string, start: number, end: number): number {
    const id = this.words.idOf(text, start, end);
    return id >= 0 ? id : this.wordAdded(text.slice(start, end));
  }

  /** Forgets the record in `slot`; its slot is handed out again. */
  remove(slot: number): void {
    const postings = this.records[slot];
    if (!postings) return;
    this.recordWords -= postings.length;
    for (const posting of postings) {
      const id = posting >> FIELD_BITS;
      this.unpost(id, (slot << FIELD_BITS) | (posting & (FIELDS - 1)));
    }
    for (const holders of this.recordPairs[slot] ?? []) {
      holders.delete(slot);
      if (holders.size === 0) this.pairs.delete(holders.pair);
    }
    this.records[slot] = undefined;
    this.recordPairs[slot] = undefined;
    this.models[slot] = "";
    this.freeSlots.push(slot);
  }

  /** The words of the record in `slot` with their fields, sorted: what two indexes of the same records agree on. */
  wordsAt(slot: number): string[] {
    return [
      ...[...(this.records[slot] ?? [])].map(
        (posting) => `${posting & (FIELDS - 1)}:${this.words.wordAt(posting >> FIELD_BITS) ?? ""}`,
      ),
      ...(this.recordPairs[slot] ?? []).map((holders) => `pair:${holders.pair}`),
    ].sort();
  }

  /**
   * Calls `visit` with the slot and cost of every record `query` matches among those `admits` (1 by slot), words
   * found only in fields before `fields` counting; with typos too when fewer than FEW_MATCHES match
   * without. Says which words matched, for highlighting.
   */
  search(
    query: PreparedQuery,
    visit: (slot: number, cost: number) => void,
    options: { fields?: number; admits?: Uint8Array } = {},
  ): SearchOutcome {
    const matchedWords = new Set<string>();
    if (query.groups.length === 0) return { matchedWords: [] };
    const fields = options.fields ?? FIELDS;
    let found = this.match(query, false, fields, matchedWords, options.admits);
    if (found.slots.length < FEW_MATCHES && forgivesTypos(query)) {
      matchedWords.clear();
      found = this.match(query, true, fields, matchedWords, options.admits);
    }
    const { slots, costs } = found;
    const sideBySide = this.pairHolders(query);
    for (let at = 0; at < slots.length; at += 1) {
      const slot = slots[at] as number;
      let cost = (costs[at] as number) + this.modelCost(slot, query.compact);
      for (const holders of sideBySide) if (holders.has(slot)) cost -= COST.sideBySide;
      visit(slot, cost);
    }
    return { matchedWords: [...matchedWords] };
  }

  /**
   * For each group of `query` apart, the records it matches with its least cost, words found only in
   * fields before `fields`: for a search over records of two kinds (a product and its downloads), where
   * each word may be found in either. `typos` as `search` decides them.
   */
  eachGroup(query: PreparedQuery, options: { typos: boolean; fields?: number }): Map<number, number>[] {
    this.makeScratch();
    const fields = options.fields ?? FIELDS;
    const matchesOf = this.matchesCache(options.typos);
    const matchedWords = new Set<string>();
    return query.groups.map((group) => {
      const { touched } = this.matchGroup(group, { fields, admits: undefined, alive: 0 }, matchesOf, matchedWords);
      return new Map(touched.map((slot) => [slot, this.groupCost[slot] as number]));
    });
  }

  /** What the model of the record in `slot` adds to a match's cost for `query` (see COST). */
  modelCostOf(slot: number, query: PreparedQuery): number {
    return this.modelCost(slot, query.compact);
  }

  /** The holders of each two neighbouring words of the query (as typed, synonyms aside) side by side in a name. */
  private pairHolders(query: PreparedQuery): Set<number>[] {
    const holders: Set<number>[] = [];
    const words = query.groups.flatMap((group) => group.alternatives[0]?.words ?? []);
    for (let at = 1; at < words.length; at += 1) {
      const found = this.pairs.get(`${words[at - 1] ?? ""} ${words[at] ?? ""}`);
      if (found) holders.push(found);
    }
    return holders;
  }

  private modelCost(slot: number, compact: string): number {
    const model = this.models[slot] ?? "";
    if (compact.length < 2 || model === "") return COST.modelNone;
    if (model === compact) return 0;
    if (model.startsWith(compact)) return COST.modelStarts;
    return model.includes(compact) ? COST.modelHolds : COST.modelNone;
  }

  /**
   * The records matching every group of `query`, with the sum of each group's least cost. The group
   * whose words are held fewest times goes first, and each later one is matched among the records
   * left: by walking its words' postings, or, when those are many more than the words the records
   * left hold, by checking those records' own words ("t d32853" at 50,000 products: the "t" of every
   * word, a million postings, for the few records holding "d32853"). Planning counts a group's words
   * without listing them: "vnt" and "3" are in some 50,000 words each at 50,000 products.
   */
  private match(
    query: PreparedQuery,
    typos: boolean,
    fields: number,
    matchedWords: Set<string>,
    admits: Uint8Array | undefined,
  ): { slots: number[]; costs: number[] } {
    this.makeScratch();
    const matchesOf = this.matchesCache(typos);
    const reachOf = (word: string): Reach => {
      if (typos && typosForgiven(word) > 0) {
        const matches = matchesOf(word);
        const counts = fields === 1 ? this.modelCounts : this.postingCounts;
        let postings = 0;
        for (let at = 0; at < matches.length; at += 1) postings += counts[matches.ids[at] as number] ?? 0;
        return { words: matches.length, postings };
      }
      const { words, weight } = this.words.countHolding(word, fields === 1 ? this.modelCounts : this.postingCounts);
      return { words, postings: weight };
    };
    const planned = query.groups
      .map((group) => ({ group, reach: groupReach(group, reachOf) }))
      .sort((a, b) => a.reach.postings - b.reach.postings);
    const wordsARecord = this.size === 0 ? 0 : this.recordWords / this.size;
    let slots: number[] | undefined;
    let costs: number[] = [];
    for (const { group, reach } of planned) {
      const singleWords = group.alternatives.every((alternative) => alternative.words.length === 1);
      if (slots && singleWords && slots.length * wordsARecord < reach.postings + reach.words) {
        ({ slots, costs } = this.checkRecords(group, { slots, costs }, typos, fields, matchedWords));
        if (slots.length === 0) break;
        continue;
      }
      const alive = slots ? this.markAlive(slots) : 0;
      const { stamp, touched } = this.matchGroup(group, { fields, admits, alive }, matchesOf, matchedWords);
      if (!slots) {
        slots = touched;
        costs = touched.map((slot) => this.groupCost[slot] ?? 0);
        continue;
      }
      const keptSlots: number[] = [];
      const keptCosts: number[] = [];
      for (let at = 0; at < slots.length; at += 1) {
        const slot = slots[at] as number;
        if (this.groupStamp[slot] !== stamp) continue;
        keptSlots.push(slot);
        keptCosts.push((costs[at] as number) + (this.groupCost[slot] ?? 0));
      }
      slots = keptSlots;
      costs = keptCosts;
      if (slots.length === 0) break;
    }
    return { slots: slots ?? [], costs };
  }

  /** `wordMatches` for one search, each word's worked out once. */
  private matchesCache(typos: boolean): (word: string) => WordMatches {
    const matches = new Map<string, WordMatches>();
    return (word) => {
      let found = matches.get(word);
      if (!found) matches.set(word, (found = this.wordMatches(word, typos)));
      return found;
    };
  }

  /** Marks the records in `slots` under a new stamp, which it returns: those a later group is matched among. */
  private markAlive(slots: readonly number[]): number {
    if (this.aliveNow === 0xffffffff) {
      this.aliveStamp.fill(0);
      this.aliveNow = 0;
    }
    const alive = (this.aliveNow += 1);
    for (const slot of slots) this.aliveStamp[slot] = alive;
    return alive;
  }

  /**
   * Of the records found so far (with their costs), those whose own words match one of `group`'s
   * single-word alternatives, each cost raised by the least such match's: what walking the group's
   * postings would keep, found through the records, each of their words compared once.
   */
  private checkRecords(
    group: PreparedQuery["groups"][number],
    found: { slots: readonly number[]; costs: readonly number[] },
    typos: boolean,
    fields: number,
    matchedWords: Set<string>,
  ): { slots: number[]; costs: number[] } {
    const stamp = this.nextWordStamp();
    const { wordStamp, wordCost } = this;
    const wanted = group.alternatives.map((alternative) => {
      const word = alternative.words[0] ?? "";
      matchedWords.add(word);
      return { word, forgiven: typos ? typosForgiven(word) : 0, extra: alternative.synonym ? COST.synonym : 0 };
    });
    const costOf = (id: number) => {
      const indexed = this.words.wordAt(id) ?? "";
      let least = Infinity;
      for (const { word, forgiven, extra } of wanted) {
        const cost = matchCost(word, indexed, forgiven);
        if (cost !== undefined && cost + extra < least) least = cost + extra;
      }
      return least;
    };
    const kept = { slots: [] as number[], costs: [] as number[] };
    for (let at = 0; at < found.slots.length; at += 1) {
      const slot = found.slots[at] as number;
      let least = Infinity;
      let leastId = -1;
      for (const posting of this.records[slot] ?? []) {
        const field = posting & (FIELDS - 1);
        if (field >= fields) continue;
        const id = posting >> FIELD_BITS;
        if (wordStamp[id] !== stamp) {
          wordStamp[id] = stamp;
          wordCost[id] = costOf(id);
        }
        const cost = (wordCost[id] as number) + field * COST.field;
        if (cost < least) {
          least = cost;
          leastId = id;
        }
      }
      if (leastId < 0) continue;
      kept.slots.push(slot);
      kept.costs.push((found.costs[at] as number) + least);
      if ((wordCost[leastId] as number) >= COST.typo) matchedWords.add(this.words.wordAt(leastId) ?? "");
    }
    return kept;
  }

  /**
   * Notes in the scratch, under a new stamp, every record one of `group`'s alternatives matches with
   * its least cost, and lists them (`touched`): among those `admits` and, unless `alive` is 0, those
   * marked under it.
   */
  private matchGroup(
    group: PreparedQuery["groups"][number],
    options: { fields: number; admits: Uint8Array | undefined; alive: number },
    matchesOf: (word: string) => WordMatches,
    matchedWords: Set<string>,
  ): { stamp: number; touched: number[] } {
    const stamp = this.nextStamp();
    const touched: number[] = [];
    const { fields, admits, alive } = options;
    const { aliveStamp } = this;
    const among = (slot: number) =>
      (admits === undefined || admits[slot] === 1) && (alive === 0 || aliveStamp[slot] === alive);
    for (const alternative of group.alternatives) {
      const extra = alternative.synonym ? COST.synonym : 0;
      const [only] = alternative.words;
      if (alternative.words.length === 1 && only !== undefined) {
        matchedWords.add(only);
        this.walkPostings(
          matchesOf(only),
          fields,
          matchedWords,
          (slot, cost) => {
            if (admits === undefined || admits[slot] === 1) this.keepLeast(slot, cost + extra, stamp, touched);
          },
          alive,
        );
        continue;
      }
      for (const [slot, phraseCost] of this.phraseCosts(alternative.words, fields, matchesOf, matchedWords)) {
        if (among(slot)) this.keepLeast(slot, phraseCost + extra, stamp, touched);
      }
    }
    return { stamp, touched };
  }

  /** Notes `cost` for the record in `slot` under `stamp` unless it has a lesser one there; lists it when new. */
  private keepLeast(slot: number, cost: number, stamp: number, touched: number[]): void {
    if (this.groupStamp[slot] !== stamp) {
      this.groupStamp[slot] = stamp;
      this.groupCost[slot] = cost;
      touched.push(slot);
    } else if (cost < (this.groupCost[slot] as number)) {
      this.groupCost[slot] = cost;
    }
  }

  /**
   * Calls `each` with the slot of every record holding one of the `matched` words in a field before
   * `fields`, and the match's cost; unless `alive` is 0, only for records marked under it (tested
   * here: at 50,000 products a later group's walk passes some 500,000 postings to keep a few).
   */
  private walkPostings(
    matched: WordMatches,
    fields: number,
    matchedWords: Set<string>,
    each: (slot: number, cost: number) => void,
    alive = 0,
  ): void {
    const { postings, postingCounts, modelCounts, aliveStamp } = this;
    for (let at = 0; at < matched.length; at += 1) {
      const id = matched.ids[at] as number;
      const wordCost = matched.costs[at] as number;
      const list = postings[id];
      const count = postingCounts[id] ?? 0;
      if (list === undefined || (fields === 1 && modelCounts[id] === 0)) continue;
      let matchedHere = false;
      for (let place = 0; place < count; place += 1) {
        const posting = typeof list === "number" ? list : (list[place] as number);
        const field = posting & (FIELDS - 1);
        const slot = posting >> FIELD_BITS;
        if (field >= fields || (alive !== 0 && aliveStamp[slot] !== alive)) continue;
        matchedHere = true;
        each(slot, wordCost + field * COST.field);
      }
      if (matchedHere && wordCost >= COST.typo) matchedWords.add(this.words.wordAt(id) ?? "");
    }
  }

  /** The records holding every one of `words` (a synonym's phrase), each with the sum of its words' least costs. */
  private phraseCosts(
    words: readonly string[],
    fields: number,
    matchesOf: (word: string) => WordMatches,
    matchedWords: Set<string>,
  ): Map<number, number> {
    let result: Map<number, number> | undefined;
    for (const word of words) {
      const costs = new Map<number, number>();
      matchedWords.add(word);
      this.walkPostings(matchesOf(word), fields, matchedWords, (slot, cost) => {
        if (result && !result.has(slot)) return;
        const before = costs.get(slot);
        if (before === undefined || cost < before) costs.set(slot, cost);
      });
      if (result) for (const [slot, cost] of costs) costs.set(slot, cost + (result.get(slot) ?? 0));
      result = costs;
      if (result.size === 0) break;
    }
    return result ?? new Map();
  }

  /**
   * Every indexed word `word` matches, with what that match costs: those holding it, and with
   * `typos` those it is a typo away from.
   */
  private wordMatches(word: string, typos: boolean): WordMatches {
    const held = this.wordsHolding(word);
    const forgiven = typos ? typosForgiven(word) : 0;
    if (forgiven === 0) return held;
    const matched = held.trimmed();
    this.words.forEachNear(word, forgiven, (indexed, id) => {
      if (indexed.includes(word)) return;
      const cost = typoCost(word, indexed, forgiven);
      if (cost !== undefined) matched.add(id, cost);
    });
    return matched;
  }

  /** The indexed words holding `piece`, each with its cost: kept between searches when they are many. */
  private wordsHolding(piece: string): WordMatches {
    const kept = this.keptMatches.get(piece);
    if (kept) {
      // Used last: kept longest.
      this.keptMatches.delete(piece);
      this.keptMatches.set(piece, kept);
      return kept;
    }
    const held = new WordMatches();
    this.words.forEachHolding(piece, (id) => held.add(id, heldCost(piece, this.words.wordAt(id) ?? "")));
    if (held.length < KEPT_MATCHES) return held;
    const trimmed = held.trimmed();
    this.keptMatches.set(piece, trimmed);
    for (const [oldest] of this.keptMatches) {
      if (this.keptMatches.size <= KEPT_PIECES) break;
      this.keptMatches.delete(oldest);
    }
    return trimmed;
  }

  /** The id of a new word of the dictionary: added to the kept pieces' matches it holds. */
  private wordAdded(word: string): number {
    const id = this.words.add(word);
    for (const [piece, matches] of this.keptMatches) if (word.includes(piece)) matches.add(id, heldCost(piece, word));
    return id;
  }

  /** Takes the word with `id` out of the dictionary and out of the kept pieces' matches. */
  private wordRemoved(id: number): void {
    const word = this.words.wordAt(id) ?? "";
    for (const [piece, matches] of this.keptMatches) if (word.includes(piece)) matches.delete(id);
    this.words.remove(id);
  }

  private post(id: number, posting: number): void {
    if (id >= this.postingCounts.length) {
      const counts = new Int32Array(Math.max(64, id * 2));
      counts.set(this.postingCounts);
      this.postingCounts = counts;
      const modelCounts = new Int32Array(counts.length);
      modelCounts.set(this.modelCounts);
      this.modelCounts = modelCounts;
    }
    if ((posting & (FIELDS - 1)) === 0) this.modelCounts[id] = (this.modelCounts[id] ?? 0) + 1;
    const count = this.postingCounts[id] ?? 0;
    this.postingCounts[id] = count + 1;
    const list = this.postings[id];
    if (count === 0) {
      this.postings[id] = posting;
      return;
    }
    if (typeof list === "number" || list === undefined) {
      const grown = new Int32Array(4);
      grown[0] = list ?? 0;
      grown[1] = posting;
      this.postings[id] = grown;
      return;
    }
    if (count === list.length) {
      const grown = new Int32Array(count * 2);
      grown.set(list);
      this.postings[id] = grown;
      grown[count] = posting;
      return;
    }
    list[count] = posting;
  }

  private unpost(id: number, posting: number): void {
    const list = this.postings[id];
    const count = this.postingCounts[id] ?? 0;
    if (list === undefined) return;
    if (typeof list === "number") {
      if (list !== posting) return;
    } else {
      const at = list.subarray(0, count).indexOf(posting);
      if (at < 0) return;
      list[at] = list[count - 1] as number;
      if (count - 1 === 1) this.postings[id] = list[0];
    }
    this.postingCounts[id] = count - 1;
    if ((posting & (FIELDS - 1)) === 0) this.modelCounts[id] = (this.modelCounts[id] ?? 0) - 1;
    if (count - 1 > 0) return;
    // No record holds the word any more: it leaves the dictionary, its id is handed out again.
    this.wordRemoved(id);
    this.postings[id] = undefined;
  }

  private makeScratch(): void {
    const slots = this.records.length;
    if (this.groupCost.length >= slots) return;
    this.groupCost = new Float64Array(slots + (slots >> 2) + 64);
    this.groupStamp = new Uint32Array(this.groupCost.length);
    this.stamp = 0;
    this.aliveStamp = new Uint32Array(this.groupCost.length);
    this.aliveNow = 0;
  }

  private nextWordStamp(): number {
    const ids = this.words.idLimit;
    if (this.wordCost.length < ids) {
      this.wordCost = new Float64Array(ids + (ids >> 2) + 64);
      this.wordStamp = new Uint32Array(this.wordCost.length);
      this.wordStampNow = 0;
    }
    if (this.wordStampNow === 0xffffffff) {
      this.wordStamp.fill(0);
      this.wordStampNow = 0;
    }
    return (this.wordStampNow += 1);
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.groupStamp.fill(0);
      this.stamp = 0;
    }
    return (this.stamp += 1);
  }
}

/** A model as it is compared with a query's words run together: normalized, letters and digits only. */
export function compactOf(model: string): string {
  return wordsOf(normalizeText(model)).join("").replaceAll(/[.,]/g, "");
}

/** Rows of `typoDistances`, kept between calls: words are short, and the typo search compares thousands. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The edit distance of `a` and `b` (insertions, deletions, substitutions and swaps of two neighbours,
 * each one), and the least distance of `a` and a start of `b` at most `most` characters longer or
 * shorter than `a`; each `most + 1` as soon as it must be more than `most`.
 */
export function typoDistances(a: string, b: string, most: number): { whole: number; start: number } {
  const beyond = most + 1;
  const columns = Math.min(b.length, a.length + most);
  if (columns + 1 > (rows[0]?.length ?? 0)) rows = rows.map(() => new Int32Array(columns + 1));
  let [beforePrevious, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= columns; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let least = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= columns; j += 1) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1);
      value = Math.min(value, (previous[j - 1] as number) + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < least) least = value;
    }
    if (least > most) return { whole: beyond, start: beyond };
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  let start = beyond;
  for (let j = Math.max(0, a.length - most); j <= columns; j += 1) start = Math.min(start, previous[j] as number);
  const whole = b.length === columns ? Math.min(previous[columns] as number, beyond) : beyond;
  return { whole, start: Math.min(start, beyond) };
}
