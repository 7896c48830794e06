/** A small seeded generator, so the demo catalog comes out byte for byte the same on every run. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` different items, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** mulberry32: tiny, fast, and good enough for picking demo content. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("Cannot pick from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const drawn: T[] = [];
      while (drawn.length < count && pool.length > 0) {
        drawn.push(...pool.splice(int(0, pool.length - 1), 1));
      }
      return drawn;
    },
  };
}

/** A stable seed from a text, so each product draws from its own sequence whatever the others do. */
export function seedFrom(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
