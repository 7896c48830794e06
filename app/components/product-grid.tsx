import type { CompareBarWords } from "#app/domain/compare";
import type { PageWords } from "#app/domain/languages";
import { CompareBar } from "./compare-selection";
import { ProductCard, type ProductCardData } from "./product-card";

/**
 * Product summaries in a responsive grid; the first row loads eagerly, it is what a visitor sees first.
 * Each card has a "Compare" box, and the bar after the grid compares the ticked products.
 */
export function ProductGrid({
  products,
  words,
  compareBar,
}: {
  products: ProductCardData[];
  /** The listing's words, in the page's language. */
  words: PageWords<"listing">;
  compareBar: CompareBarWords;
}) {
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {products.map((product, index) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} priority={index < 2} words={words} />
          </li>
        ))}
      </ul>
      <CompareBar words={compareBar} />
    </>
  );
}
