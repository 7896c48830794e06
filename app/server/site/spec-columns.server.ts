import type { CategoryAttribute, SpecValue } from "#app/domain/spec-attributes";
import { keysOf, spanOf, type SpecFilter } from "#app/domain/spec-filters";
import { countOf } from "./feature-bits.server";

/**
 * A filter attribute's values over a category's products, by place in its listing, in the shapes its
 * filters, counts, bounds and orders read: made once per listing, so a filtered page reads numbers and
 * bits rather than each product's values (decision 070).
 */
export interface SpecColumn {
  /** A number's value or a range's bottom at each place; NaN where the product has none. */
  lows: Float64Array;
  /** A number's value or a range's top; NaN where the product has none. */
  highs: Float64Array;
  /** A choice's or yes/no's keys (labels, or "yes"/"no"), each with the places holding it (a bit a place). */
  keyBits: Map<string, number[]>;
}

/** `attribute`'s column over products whose values of it are `values`, in listing order. */
export function specColumnOf(attribute: CategoryAttribute, values: readonly (SpecValue | undefined)[]): SpecColumn {
  const column: SpecColumn = {
    lows: new Float64Array(values.length).fill(NaN),
    highs: new Float64Array(values.length).fill(NaN),
    keyBits: new Map(),
  };
  const words = Math.ceil(values.length / 32);
  values.forEach((value, place) => {
    const span = spanOf(value);
    if (span) {
      column.lows[place] = span[0];
      column.highs[place] = span[1];
    }
    for (const key of keysOf(attribute, value)) {
      let bits = column.keyBits.get(key);
      if (!bits) column.keyBits.set(key, (bits = new Array<number>(words).fill(0)));
      bits[place >>> 5] = (bits[place >>> 5] ?? 0) | (1 << (place & 31));
    }
  });
  return column;
}

/**
 * The places whose value passes `filter` (a bit a place): a number within the bounds; a range that
 * overlaps them ("focal length includes 6 mm" is 6 to 6); a choice or yes/no holding any of the ticked
 * values. A product without a value passes no filter of its attribute.
 */
export function passingBits(column: SpecColumn, filter: SpecFilter): number[] {
  const { lows, highs } = column;
  const words = Math.ceil(lows.length / 32);
  const bits = new Array<number>(words).fill(0);
  if (filter.kind === "any") {
    for (const value of filter.values) {
      const holding = column.keyBits.get(value);
      if (holding) for (let word = 0; word < words; word += 1) bits[word] = (bits[word] ?? 0) | (holding[word] ?? 0);
    }
    return bits;
  }
  const min = filter.min ?? -Infinity;
  const max = filter.max ?? Infinity;
  // NaN (no value) fails both comparisons.
  for (let place = 0; place < lows.length; place += 1) {
    if ((highs[place] as number) >= min && (lows[place] as number) <= max)
      bits[place >>> 5] = (bits[place >>> 5] ?? 0) | (1 << (place & 31));
  }
  return bits;
}

/** How many of the places in `among` (every place when none) hold each key; keys none of them holds left out. */
export function keyCountsOf(column: SpecColumn, among: readonly number[] | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, holding] of column.keyBits) {
    const count = countOf(holding, among);
    if (count > 0) counts[key] = count;
  }
  return counts;
}

/** The lowest and highest value among the places in `among` (every place when none); none without a value. */
export function boundsOf(column: SpecColumn, among: readonly number[] | undefined): [number, number] | undefined {
  const { lows, highs } = column;
  let low = Infinity;
  let high = -Infinity;
  for (let place = 0; place < lows.length; place += 1) {
    if (among && ((among[place >>> 5] ?? 0) & (1 << (place & 31))) === 0) continue;
    // NaN (no value) changes neither end.
    if ((lows[place] as number) < low) low = lows[place] as number;
    if ((highs[place] as number) > high) high = highs[place] as number;
  }
  return low <= high ? [low, high] : undefined;
}

/**
 * The places by value: highest first by the top of a range, or lowest first by its bottom; places
 * without a value last, each order's ties in listing order.
 */
export function placesByValue(column: SpecColumn, descending: boolean): Int32Array {
  const { lows, highs } = column;
  const sortKey = descending ? highs.map((high) => -high) : lows;
  return Int32Array.from(lows.keys()).sort((a, b) => {
    const x = sortKey[a] as number;
    const y = sortKey[b] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? a - b : 1) : -1;
    return x - y || a - b;
  });
}
