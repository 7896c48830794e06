/**
 * A category's products by feature, one bit a product (decision 046). A filter is the wanted features'
 * bits joined with OR within a group ("2MP or 4MP") and with AND across groups ("and 2.8mm"); a
 * feature in no group is a group of its own. The count beside each feature is the same over the
 * filter with that feature's group narrowed to it (decision 068): what ticking it would show when
 * its group has nothing ticked, and how many of the products with it the other groups leave when
 * it has. A few hundred word operations for a category of thousands of products, where walking the
 * products and each one's features cost a third of a filtered category page's render.
 */
export class FeatureBits {
  /** Products added so far: product `i`'s bit is bit `i`. */
  private products = 0;
  /** Each feature's bits and group key, in the order of the features the category was given. */
  private readonly columns: { id: string; group: string; bits: number[] }[];
  private readonly columnById: Map<string, { id: string; group: string; bits: number[] }>;

  constructor(features: readonly { id: string; group: string }[]) {
    // A feature in no group is its own group: its key cannot be a group's name.
    this.columns = features.map(({ id, group }) => ({ id, group: group === "" ? `\u0000${id}` : group, bits: [] }));
    this.columnById = new Map(this.columns.map((column) => [column.id, column]));
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
      const bits = this.columnById.get(id)?.bits;
      if (bits) bits[word] = (bits[word] ?? 0) | (1 << (index & 31));
    }
  }

  /** Words of 32 bits that hold one bit for each product. */
  private get words(): number {
    return Math.ceil(this.products / 32);
  }

  /**
   * The products the filter `wanted` leaves: `undefined` when nothing is wanted (all of them), no bit
   * set when one is not a feature of the category.
   */
  having(wanted: readonly string[]): number[] | undefined {
    return this.intersection(this.groupsOf(wanted), undefined);
  }

  /**
   * For each feature at least one product of the filter with its group narrowed to it has, how many
   * do (see the class), among the products `within` holds (all of them when absent).
   */
  countsOf(wanted: readonly string[], within?: readonly number[]): Record<string, number> {
    const groups = this.groupsOf(wanted);
    const others = new Map<string, number[] | undefined>();
    const counts: Record<string, number> = {};
    for (const { id, group, bits } of this.columns) {
      let base = others.get(group);
      if (!others.has(group)) {
        base = this.intersection(groups, group);
        // Only among the products other filters (by specification values) leave.
        if (within) base = base ? base.map((word, index) => word & (within[index] ?? 0)) : [...within];
        others.set(group, base);
      }
      let count = 0;
      for (let word = 0; word < bits.length; word++) {
        count += bitCount((bits[word] ?? 0) & (base ? (base[word] ?? 0) : ~0));
      }
      if (count > 0) counts[id] = count;
    }
    return counts;
  }

  /** Each wanted feature's group with the union of its wanted features' bits; an unknown feature, an empty group of its own. */
  private groupsOf(wanted: readonly string[]): Map<string, number[]> {
    const groups = new Map<string, number[]>();
    for (const id of new Set(wanted)) {
      const column = this.columnById.get(id);
      const key = column?.group ?? `\u0001${id}`;
      let union = groups.get(key);
      if (!union) groups.set(key, (union = new Array<number>(this.words).fill(0)));
      if (!column) continue;
      for (let word = 0; word < union.length; word++) union[word] = (union[word] ?? 0) | (column.bits[word] ?? 0);
    }
    return groups;
  }

  /** The intersection of `groups`' unions but `except`'s; `undefined` when there are none (every product). */
  private intersection(groups: Map<string, number[]>, except: string | undefined): number[] | undefined {
    let matching: number[] | undefined;
    for (const [key, union] of groups) {
      if (key === except) continue;
      if (!matching) {
        matching = union.slice();
        continue;
      }
      for (let word = 0; word < matching.length; word++) matching[word] = (matching[word] ?? 0) & (union[word] ?? 0);
    }
    return matching;
  }
}

/** How many bits of `bits` are set: of all, or of those also set in `among` (undefined: every place). */
export function countOf(bits: readonly number[], among?: readonly number[]): number {
  let count = 0;
  for (let word = 0; word < bits.length; word++) {
    count += bitCount(among ? (bits[word] ?? 0) & (among[word] ?? 0) : (bits[word] ?? 0));
  }
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
