import { describe, expect, it } from "vitest";
import {
  canonicalLanguageTag,
  languageLines,
  languageName,
  parseLanguageLines,
  storedLanguages,
  textDirection,
} from "./language-settings";

describe("the settings' languages", () => {
  it("gives each language its chain: as written, else its shorter tags the site has, English last", () => {
    expect(parseLanguageLines("de\nde-ch\n  fr  \n\npt-BR > es\nes\nja > en")).toEqual({
      languages: [
        { tag: "de", fallback: ["en"] },
        { tag: "de-CH", fallback: ["de", "en"] },
        { tag: "fr", fallback: ["en"] },
        { tag: "pt-BR", fallback: ["es", "en"] },
        { tag: "es", fallback: ["en"] },
        { tag: "ja", fallback: ["en"] },
      ],
    });
    expect(parseLanguageLines("de-AT → de-CH → de\nde-CH\nde")).toEqual({
      languages: [
        { tag: "de-AT", fallback: ["de-CH", "de", "en"] },
        { tag: "de-CH", fallback: ["de", "en"] },
        { tag: "de", fallback: ["en"] },
      ],
    });
    expect(parseLanguageLines("")).toEqual({ languages: [] });
  });

  it("refuses what no visitor could be sent to, naming the line's fault", () => {
    const errorOf = (text: string) => {
      const parsed = parseLanguageLines(text);
      return "error" in parsed ? parsed.error : null;
    };
    expect(errorOf("xx-!!")).toMatch(/^“xx-!!” is not a language tag the site takes/);
    expect(errorOf("de-DE-1996")).toMatch(/is not a language tag/);
    expect(errorOf("en")).toBe("English is the site's own language: list only the others");
    expect(errorOf("de\nDE")).toBe("de is listed twice");
    expect(errorOf("de-CH > it")).toBe("de-CH falls back to it, which is not one of the site's languages");
    expect(errorOf("de > de")).toBe("de cannot fall back to itself");
    expect(errorOf("de-CH > de > de\nde")).toBe("de-CH falls back to de twice");
    expect(errorOf("de-CH > en > de\nde")).toBe("de-CH: English comes last, after every other language");
    expect(errorOf(Array.from({ length: 21 }, (_, at) => `de-${String(at).padStart(3, "0")}`).join("\n"))).toBe(
      "At most 20 languages besides English",
    );
  });

  it("writes the stored languages back as the owner typed them, and reads only what still makes sense", () => {
    const { languages } = parseLanguageLines("de\nde-CH > de\nfr > de") as { languages: never[] };
    expect(languageLines(languages)).toBe("de\nde-CH > de\nfr > de");
    expect(storedLanguages(JSON.stringify(languages))).toEqual(languages);
    expect(storedLanguages(undefined)).toEqual([]);
    expect(storedLanguages("not json")).toEqual([]);
    expect(storedLanguages(JSON.stringify([{ tag: "de", fallback: ["en"] }, { tag: "de" }]))).toEqual([
      { tag: "de", fallback: ["en"] },
    ]);
  });

  it("names each language in itself and knows the ones written from right to left", () => {
    expect(canonicalLanguageTag("zh-hant-tw")).toBe("zh-Hant-TW");
    expect(canonicalLanguageTag("de_CH")).toBeNull();
    expect(["de", "ja", "ar", "fr"].map(languageName)).toEqual(["Deutsch", "日本語", "العربية", "Français"]);
    expect(["ar", "he", "fa-IR", "ur", "de", "ja", "az-Arab", "ku-Latn"].map(textDirection)).toEqual([
      "rtl",
      "rtl",
      "rtl",
      "rtl",
      "ltr",
      "ltr",
      "rtl",
      "ltr",
    ]);
  });
});
