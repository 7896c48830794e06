import type { ImageView } from "./catalog-views";

/** A product as the accessory picker lists it. */
export interface ProductModelMatch {
  id: string;
  model: string;
  image: Pick<ImageView, "fileId" | "url" | "width" | "height">;
}

/** What `GET /dashboard/product-models` answers. */
export interface ProductModelMatches {
  /** The query as asked. */
  q: string;
  products: ProductModelMatch[];
  /** Every match, also those beyond the ones listed. */
  total: number;
}

/** The products whose model holds `query`, leaving out the products `exclude` names. */
export function productModelsUrl(query: string, exclude: Iterable<string>): string {
  const params = new URLSearchParams({ q: query });
  for (const id of exclude) params.append("exclude", id);
  return `/dashboard/product-models?${params}`;
}
