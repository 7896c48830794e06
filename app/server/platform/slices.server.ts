/**
 * Long work on the event loop cut into slices (decision 031): `size` items at a time, and what is
 * awaited between two slices, a turn of the event loop, so that requests go on meanwhile.
 */
export interface Slicing {
  size: number;
  pause: () => Promise<void>;
}

/** Lets the event loop run whatever is waiting (I/O, timers, other requests) before going on. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A thousand items, rows or products, between two turns: 20–30 ms of work at most. */
export const BETWEEN_TURNS: Slicing = { size: 1_000, pause: nextTurn };

/** Calls `each` for every item in order, pausing after every `slicing.size` of them. */
export async function forEachInSlices<Item>(
  items: readonly Item[],
  slicing: Slicing,
  each: (item: Item, index: number) => void,
): Promise<void> {
  for (let index = 0; index < items.length; index += 1) {
    if (index > 0 && index % slicing.size === 0) await slicing.pause();
    each(items[index] as Item, index);
  }
}
