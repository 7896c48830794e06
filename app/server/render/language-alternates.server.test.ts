import { describe, expect, it } from "vitest";
import { languageAlternates } from "./language-alternates.server";

const languages = [
  { tag: "en", name: "English", base: "" },
  { tag: "de", name: "Deutsch", base: "/de" },
  { tag: "de-CH", name: "Schweizer Hochdeutsch", base: "/de-ch" },
];

describe("the links to a page in the site's other languages", () => {
  it("names the page at every language's prefix, and English for every other language", () => {
    const after = languageAlternates({ publicUrl: "https://vantage.example/", base: "/de-ch", languages });
    expect(after?.("https://vantage.example/de-ch/catalog?q=a&b=%22")).toBe(
      '<link rel="alternate" hreflang="en" href="https://vantage.example/catalog?q=a&amp;b=%22"/>' +
        '<link rel="alternate" hreflang="de" href="https://vantage.example/de/catalog?q=a&amp;b=%22"/>' +
        '<link rel="alternate" hreflang="de-CH" href="https://vantage.example/de-ch/catalog?q=a&amp;b=%22"/>' +
        '<link rel="alternate" hreflang="x-default" href="https://vantage.example/catalog?q=a&amp;b=%22"/>',
    );
    const english = languageAlternates({ publicUrl: "https://vantage.example", base: "", languages });
    expect(english?.("https://vantage.example/")).toContain('hreflang="de" href="https://vantage.example/de/"');
  });

  it("writes none while English is the only language, nor for an address not of this page's language", () => {
    expect(languageAlternates({ publicUrl: "https://vantage.example", base: "", languages: [] })).toBeUndefined();
    expect(languageAlternates(undefined)).toBeUndefined();
    const german = languageAlternates({ publicUrl: "https://vantage.example", base: "/de", languages });
    expect(german?.("https://vantage.example/catalog")).toBe("");
    expect(german?.("https://elsewhere.example/de/catalog")).toBe("");
  });
});
