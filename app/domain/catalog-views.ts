/** What the catalog's reads hand to pages: plain data, the same on the server and in the browser. */

export interface ImageView {
  id: string;
  /** The stored file's id, even where `id` is replaced by the id of the row that holds the image. */
  fileId: string;
  url: string;
  width: number | null;
  height: number | null;
  /** The description its use gives it (the product's main image, an additional image); "" for none. */
  alt: string;
}

export interface FileView {
  id: string;
  url: string;
  name: string;
  size: number;
}

export interface CategorySummary {
  id: string;
  name: string;
  description: string;
  productCount: number;
}

export interface ProductSummary {
  id: string;
  model: string;
  description: string;
  ndaa: boolean;
  image: ImageView;
}

export interface SearchResults {
  categories: { id: string; name: string; description: string }[];
  products: ProductSummary[];
  /** Every match, also those beyond the limit. */
  total: number;
}

/** Products whose model holds a term: those it starts with first, then the rest, each in model order. */
export interface ModelMatches {
  products: ProductSummary[];
  /** Every match, also those beyond the limit. */
  total: number;
}
