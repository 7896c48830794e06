import { shownKeys } from "#app/domain/catalog-shown";
import { noteShown } from "../platform/shown.server";

/** A published product as records that name it (firmware, advisories) show it to visitors. */
export interface NamedProduct {
  id: string;
  /** Its page's address segment. */
  slug: string;
  model: string;
  name: string;
}

/**
 * The published products by id, as the in-memory catalog holds them now (`CatalogState.productNames`):
 * what copies of other records join the products they name with, instead of a query joining products.
 * A product's save then does not make them read again: only a change of what they show of products
 * (a product published or no longer, its address, model or name) gives a new `edition`.
 */
export interface ProductNames {
  /** The same object until a published product's address, model or name changes, or one comes or goes. */
  readonly edition: object;
  /**
   * The product with `id` if it is published, as the catalog holds it when asked: a change applied
   * after `edition` was taken shows through (and brings a new edition for the next read).
   */
  named(id: string): NamedProduct | undefined;
}

/**
 * A copy joined with the products it names: `join(kept, names)`, made again only when `kept` gives a
 * new copy or the names' edition moved on. Reading it costs no query while neither changed.
 */
export function joinedWithProductNames<Kept, Joined>(
  kept: () => Promise<Kept>,
  productNames: () => Promise<ProductNames>,
  join: (kept: Kept, names: ProductNames) => Joined,
): () => Promise<Joined> {
  let last: { kept: Kept; edition: object; joined: Joined } | undefined;
  return async () => {
    const [copy, names] = await Promise.all([kept(), productNames()]);
    const { edition } = names;
    if (last?.kept !== copy || last.edition !== edition) last = { kept: copy, edition, joined: join(copy, names) };
    return last.joined;
  };
}

/**
 * Notes that the request being answered showed what records naming these products (drafts too: one
 * published later appears) say of them: the page cache drops its page when one of them is published
 * or no longer, or its address, model or name changes.
 */
export function noteNamedProducts(productIds: Iterable<string>): void {
  const keys: string[] = [];
  for (const id of productIds) keys.push(shownKeys.named(id));
  noteShown(keys);
}
