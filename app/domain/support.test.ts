import { describe, expect, it } from "vitest";
import { isFiltered, noDownloadsMatch, productsInView, supportUrl } from "./support";

describe("supportUrl", () => {
  it("keeps only the fields that hold something", () => {
    expect(supportUrl({})).toBe("/support");
    expect(supportUrl({ query: "", categoryId: "" })).toBe("/support");
    expect(supportUrl({ query: "dome & bullet" })).toBe("/support?q=dome+%26+bullet");
    expect(supportUrl({ query: "x", categoryId: "c1" })).toBe("/support?q=x&category=c1");
    expect(supportUrl({ categoryId: "c1" })).toBe("/support?category=c1");
  });
});

describe("/support's messages", () => {
  const none = { query: "", categoryName: null };
  const text = { query: "xyz", categoryName: null };
  const category = { query: "", categoryName: "Dome Cameras" };
  const both = { query: "xyz", categoryName: "Dome Cameras" };

  it("says what found nothing", () => {
    expect(noDownloadsMatch(text)).toBe("No downloads match “xyz”.");
    expect(noDownloadsMatch(both)).toBe("No downloads match “xyz” in Dome Cameras.");
    expect(noDownloadsMatch(category)).toBe("No downloads in Dome Cameras.");
  });

  it("counts the products in view, one or many", () => {
    expect(productsInView(46, none)).toBe("46 products with downloads.");
    expect(productsInView(1, text)).toBe("1 product matches “xyz”.");
    expect(productsInView(3, text)).toBe("3 products match “xyz”.");
    expect(productsInView(8, category)).toBe("8 products with downloads in Dome Cameras.");
    expect(productsInView(2, both)).toBe("2 products in Dome Cameras match “xyz”.");
  });

  it("knows a narrowed view", () => {
    expect([none, text, category, both].map(isFiltered)).toEqual([false, true, true, true]);
  });
});
