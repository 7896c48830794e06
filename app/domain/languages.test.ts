import { describe, expect, it } from "vitest";
import { languageBase, localizedLink } from "./languages";

describe("a language's addresses", () => {
  it("puts a language's pages under its prefix in lower case, and English's under none", () => {
    expect(languageBase("en")).toBe("");
    expect(languageBase("de")).toBe("/de");
    expect(languageBase("zh-Hant-TW")).toBe("/zh-hant-tw");
  });

  it("leads an editor's link to a page every language has in the page's language, and leaves the rest", () => {
    expect(localizedLink("/catalog/products/vnt-1?x=1#specs", "/de")).toBe("/de/catalog/products/vnt-1?x=1#specs");
    expect(localizedLink("/", "/de")).toBe("/de/");
    expect(localizedLink("/support/firmware", "/ja")).toBe("/ja/support/firmware");
    for (const link of [
      "/support/firmware.atom",
      "/catalog/products/vnt-1/datasheet.pdf",
      "/files/abc/manual.pdf",
      "/dashboard",
      "//cdn.example/a",
      "https://example.com/catalog",
      "mailto:info@vantage.example",
    ]) {
      expect(localizedLink(link, "/de")).toBe(link);
    }
    expect(localizedLink("/catalog", "")).toBe("/catalog");
  });
});
