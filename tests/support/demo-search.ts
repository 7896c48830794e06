import { sortIgnoringCaseBy } from "../../app/domain/format";
import { SEARCH_LIMIT } from "../../app/domain/search";
import { categorySearchDocument, productSearchDocument } from "../../app/server/site/catalog-state.server";
import { prepareQuery, SearchIndex } from "../../app/server/site/search-index.server";
import { DEMO_CATALOG, DEMO_PRODUCTS } from "../../demo/demo-catalog";
import { advisorySearchText } from "../../app/domain/advisory";
import { holdsEveryWord, normalizeText, wordsOf } from "../../app/domain/search-text";
import { productDocument } from "../../demo/documents";
import { specsTable, specsText } from "../../demo/specs";

/**
 * What /search must list for a query on the demo catalog, worked out from the demo's own data with
 * the search index alone and the demo's synonyms (decision 067): the categories, then the products, each ranked, the
 * security advisories, the news items (ten shown at most), and the total. End-to-end tests check the pages against it; the ranking itself is proven by the
 * integration tests and the relevance set.
 */
export function demoSearch(query: string, limit = SEARCH_LIMIT) {
  const categories = sortIgnoringCaseBy(DEMO_CATALOG.categories, (category) => category.name);
  const products = [...DEMO_PRODUCTS].sort((a, b) => {
    const [x, y] = [a.model.toLowerCase(), b.model.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const artOf = new Map(DEMO_CATALOG.categories.map((category) => [category.name, category.art]));
  const categoryIndex = SearchIndex.of(categories.map(categorySearchDocument));
  const productIndex = SearchIndex.of(
    products.map((product) =>
      productSearchDocument({
        model: product.model,
        name: product.name,
        categoryName: product.category,
        featureLabels: product.features,
        description: product.description,
        specs: product.specsFormat === "text" ? specsText(product.specs) : null,
        specsTable: product.specsFormat === "table" ? specsTable(product.specs) : null,
        downloads: product.documents.map((kind) => {
          const file = productDocument(product, artOf.get(product.category) ?? "dome", kind);
          return { description: file.description, fileName: file.fileName };
        }),
      }),
    ),
  );
  const ranked = (index: SearchIndex) => {
    const found: { slot: number; cost: number }[] = [];
    index.search(prepareQuery(query, DEMO_CATALOG.synonyms), (slot, cost) => found.push({ slot, cost }));
    return found.sort((a, b) => a.cost - b.cost || a.slot - b.slot).map(({ slot }) => slot);
  };
  const categorySlots = ranked(categoryIndex);
  const productSlots = ranked(productIndex);
  const words = wordsOf(normalizeText(query));
  const advisories = DEMO_CATALOG.advisories.filter((advisory) =>
    holdsEveryWord(
      normalizeText(
        advisorySearchText({
          id: advisory.trackingId,
          cves: advisory.cveIds,
          title: advisory.title,
          summary: advisory.summary,
          models: advisory.products.map((product) => product.model),
        }),
      ),
      words,
    ),
  );
  // News: the demo's items but slides (it has none), by their heading and text.
  const news = DEMO_CATALOG.infoItems.filter((item) =>
    holdsEveryWord(
      normalizeText(item.type === "image" ? "" : `${item.type === "card" ? item.heading : ""} ${item.content}`),
      words,
    ),
  );
  return {
    categories: categorySlots.slice(0, limit).map((slot) => categories[slot]?.name ?? ""),
    products: productSlots.slice(0, limit).map((slot) => products[slot]?.model ?? ""),
    advisories: advisories.map((advisory) => advisory.trackingId),
    news: news.length,
    total: categorySlots.length + productSlots.length + advisories.length + Math.min(news.length, 10),
  };
}
