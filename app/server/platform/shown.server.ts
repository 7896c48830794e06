import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The keys of what the in-memory catalog handed out while a request was answered (see
 * app/domain/catalog-shown.ts): what the page cache keeps a page under, so a change drops exactly the
 * pages that read what it changed. Requests not being kept collect nothing.
 */
const collected = new AsyncLocalStorage<Set<string>>();

/** Runs `answer` (and all it starts) noting what it reads from the catalog in `keys`. */
export function collectShown<T>(keys: Set<string>, answer: () => T): T {
  return collected.run(keys, answer);
}

/** Notes that the request being answered read what `keys` name. */
export function noteShown(keys: Iterable<string>): void {
  const into = collected.getStore();
  if (into) for (const key of keys) into.add(key);
}
