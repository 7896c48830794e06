/**
 * A category's products by feature, one bit a product (decision 046). A filter combination is the
 * wanted features' bits joined with AND, its total a count of the bits set, and the count beside each
 * feature of the filter the same count over the combination and that feature's bits: a few hundred
 * word operations for a category of thousands of products, where walking the products and each one's
 * features cost a third of a filtered category page's render.
 */
export class FeatureBits {
  /** Products added so far: product `i`'s bit is bit `i`. */
  private products = 0;
  /** Each feature's bits, in the order of the features the category was given. */
  private readonly columns: { id: string; bits: number[] }[];
  private readonly bitsById: Map<string, number[]>;

  constructor(featureIds: readonly string[]) {
    this.columns = featureIds.map((id) => ({ id, bits: [] }));
    this.bitsById = new Map(this.columns.map((column) => [column.id, column.bits]));
  }

  /**
   * The category's next product, in listing order, with its features. One that is not among the
   * category's features (another category's) is left out, as the filter never offers it.
   */
  add(featureIds: Iterable<string>): void {
    const index = this.products++;
    const word = index >>> 5;
    if ((index & 31) === 0) for (const column of this.columns) column.bits.push(0);
    for (const id of featureIds) {
      const bits = this.bitsById.get(id);
      if (bits) bits[word] = (bits[word] ?? 0) | (1 << (index & 31));
    }
  }

  /** Words of 32 bits that hold one bit for each product. */
  private get words(): number {
    return Math.ceil(this.products / 32);
  }

  /**
   * The products that have every one of `wanted`: `undefined` when nothing is wanted (all of them), no
   * bit set when one is not a feature of the category.
   */
  having(wanted: readonly string[]): number[] | undefined {
    let matching: number[] | undefined;
    for (const id of wanted) {
      const bits = this.bitsById.get(id);
      if (!bits) return new Array<number>(this.words).fill(0);
      if (!matching) {
        matching = bits.slice();
        continue;
      }
      for (let word = 0; word < matching.length; word++) matching[word] = (matching[word] ?? 0) & (bits[word] ?? 0);
    }
    return matching;
  }

  /** How many of `matching` (all, when `undefined`) have each feature, for the features at least one has. */
  countsOf(matching: readonly number[] | undefined): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { id, bits } of this.columns) {
      let count = 0;
      for (let word = 0; word < bits.length; word++) {
        count += bitCount((bits[word] ?? 0) & (matching ? (matching[word] ?? 0) : ~0));
      }
      if (count > 0) counts[id] = count;
    }
    return counts;
  }
}

/** How many bits of `bits` are set. */
export function countOf(bits: readonly number[]): number {
  let count = 0;
  for (const word of bits) count += bitCount(word);
  return count;
}

/** The positions of the bits set in `bits` from the `skip`-th one on, at most `limit` of them, in order. */
export function positionsOf(bits: readonly number[], skip: number, limit: number): number[] {
  const positions: number[] = [];
  let skipping = skip;
  for (let word = 0; word < bits.length && positions.length < limit; word++) {
    let rest = bits[word] ?? 0;
    if (rest === 0) continue;
    const set = bitCount(rest);
    if (skipping >= set) {
      skipping -= set;
      continue;
    }
    while (rest !== 0 && positions.length < limit) {
      const lowest = rest & -rest;
      if (skipping > 0) skipping--;
      else positions.push(word * 32 + 31 - Math.clz32(lowest));
      rest ^= lowest;
    }
  }
  return positions;
}

/** The bits set in a 32-bit word, as a number of either sign (the classic parallel count). */
function bitCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
