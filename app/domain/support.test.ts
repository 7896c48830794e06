import { describe, expect, it } from "vitest";
import { isFiltered, noDownloadsMatch, noProductDownloads, productsInView, supportUrl } from "./support";

describe("supportUrl", () => {
  it("keeps only the fields that hold something", () => {
    expect(supportUrl({})).toBe("/support");
    expect(supportUrl({ query: "", categoryId: "" })).toBe("/support");
    expect(supportUrl({ query: "dome & bullet" })).toBe("/support?q=dome+%26+bullet");
    expect(supportUrl({ query: "x", categoryId: "c1" })).toBe("/support?q=x&category=c1");
    expect(supportUrl({ categoryId: "c1" })).toBe("/support?category=c1");
    expect(supportUrl({ query: "x", kind: "datasheet" })).toBe("/support?q=x&type=datasheet");
  });
});

describe("/support's messages", () => {
  const none = { query: "", categoryName: null, kindNoun: null };
  const text = { query: "xyz", categoryName: null, kindNoun: null };
  const category = { query: "", categoryName: "Dome Cameras", kindNoun: null };
  const both = { query: "xyz", categoryName: "Dome Cameras", kindNoun: null };
  const kind = { query: "", categoryName: null, kindNoun: "datasheets" };
  const all = { query: "xyz", categoryName: "Dome Cameras", kindNoun: "datasheets" };

  it("says what found nothing", () => {
    expect(noDownloadsMatch(text)).toBe("No downloads match “xyz”.");
    expect(noDownloadsMatch(both)).toBe("No downloads match “xyz” in Dome Cameras.");
    expect(noDownloadsMatch(category)).toBe("No downloads in Dome Cameras.");
    expect(noDownloadsMatch(kind)).toBe("No datasheets.");
    expect(noDownloadsMatch({ ...kind, categoryName: "Dome Cameras" })).toBe("No datasheets in Dome Cameras.");
    expect(noDownloadsMatch(all)).toBe("No datasheets match “xyz” in Dome Cameras.");
    expect(noProductDownloads(none)).toBe("No product-specific downloads available.");
    expect(noProductDownloads(text)).toBe("No product downloads match “xyz”.");
    expect(noProductDownloads(kind)).toBe("No product datasheets.");
  });

  it("counts the products in view, one or many", () => {
    expect(productsInView(46, none)).toBe("46 products with downloads.");
    expect(productsInView(1, text)).toBe("1 product matches “xyz”.");
    expect(productsInView(3, text)).toBe("3 products match “xyz”.");
    expect(productsInView(8, category)).toBe("8 products with downloads in Dome Cameras.");
    expect(productsInView(2, both)).toBe("2 products in Dome Cameras match “xyz”.");
    expect(productsInView(5, kind)).toBe("5 products with datasheets.");
    expect(productsInView(1, all)).toBe("1 product with datasheets in Dome Cameras matches “xyz”.");
  });

  it("knows a narrowed view", () => {
    expect([none, text, category, both, kind].map(isFiltered)).toEqual([false, true, true, true, true]);
  });
});
