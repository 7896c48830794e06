import { describe, expect, it } from "vitest";
import {
  translatedLanguages,
  translatedText,
  translationOf,
  translationState,
  type RecordTranslations,
} from "./translations";

const translations: RecordTranslations = {
  de: { name: { text: "Kuppelkamera", source: "aaaa" }, description: { text: "  ", source: "bbbb" } },
  "de-CH": { name: { text: "Kuppelkamera (CH)", source: "aaaa" } },
  fr: { description: { text: "Caméra dôme", source: "cccc" } },
};

describe("translatedText", () => {
  it("takes the first language of the reader's chain the field is translated into, field by field", () => {
    const swissReader = ["de-CH", "de", "fr", "en"];
    expect(translatedText("Dome camera", "name", translations, swissReader)).toEqual({
      text: "Kuppelkamera (CH)",
      language: "de-CH",
    });
    // German's description is blank: the next language of the chain has one.
    expect(translatedText("A dome.", "description", translations, swissReader)).toEqual({
      text: "Caméra dôme",
      language: "fr",
    });
  });

  it("falls back to the English text, and stops at English even where a later language has one", () => {
    expect(translatedText("A dome.", "description", translations, ["de", "en"])).toEqual({
      text: "A dome.",
      language: "en",
    });
    expect(translatedText("A dome.", "description", translations, ["de", "en", "fr"])).toEqual({
      text: "A dome.",
      language: "en",
    });
    expect(translatedText("Dome", "name", undefined, ["de", "en"])).toEqual({ text: "Dome", language: "en" });
    expect(translatedText("Dome", "name", null, ["de", "en"])).toEqual({ text: "Dome", language: "en" });
  });

  it("shows nothing for a field whose English text is empty, whatever its translations", () => {
    expect(translatedText("", "name", translations, ["de", "en"])).toEqual({ text: "", language: "en" });
  });
});

describe("translationState", () => {
  it("is missing without a text, current when made from the source now, outdated when not", () => {
    expect(translationState(undefined, "aaaa")).toBe("missing");
    expect(translationState(translationOf(translations, "de", "description"), "bbbb")).toBe("missing");
    expect(translationState(translationOf(translations, "de", "name"), "aaaa")).toBe("current");
    expect(translationState(translationOf(translations, "de", "name"), "ffff")).toBe("outdated");
  });
});

describe("translatedLanguages", () => {
  it("lists the languages with at least one field of text, in order", () => {
    expect(translatedLanguages(translations)).toEqual(["de", "de-CH", "fr"]);
    expect(translatedLanguages({ ja: { name: { text: "", source: "a" } } })).toEqual([]);
    expect(translatedLanguages(undefined)).toEqual([]);
  });
});
