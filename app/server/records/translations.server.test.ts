import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RecordTranslations, TranslatableField } from "#app/domain/translations";
import { sourceDigest, translationLines, translationStates, withLanguageSaved } from "./translations.server";

const FIELDS: TranslatableField<"name" | "description">[] = [
  { field: "name", label: "Name", maxLength: 120, multiline: false },
  { field: "description", label: "Description", maxLength: 5000, multiline: true },
];

describe("sourceDigest", () => {
  it("is the first 16 hex digits of the text's SHA-256, the same for equal texts", () => {
    expect(sourceDigest("Dome camera")).toBe(createHash("sha256").update("Dome camera").digest("hex").slice(0, 16));
    expect(sourceDigest("Kamera für Außen")).toHaveLength(16);
    expect(sourceDigest("a")).not.toBe(sourceDigest("b"));
  });
});

describe("withLanguageSaved", () => {
  const sources = { name: "Dome camera", description: "A dome for outdoors." };
  const old = sourceDigest("Dome");

  it("takes new and changed texts as made from the source now, and keeps an unchanged one's source", () => {
    const before: RecordTranslations = {
      de: { name: { text: "Kuppel", source: old }, description: { text: "Eine Kuppel.", source: old } },
      fr: { name: { text: "Dôme", source: old } },
    };
    const saved = withLanguageSaved(before, "de", FIELDS, sources, { name: "Kuppel", description: "Neu." }, []);
    expect(saved).toEqual({
      de: {
        name: { text: "Kuppel", source: old },
        description: { text: "Neu.", source: sourceDigest(sources.description) },
      },
      fr: { name: { text: "Dôme", source: old } },
    });
    // The input is not changed: a write that fails leaves nothing half-made.
    expect(before.de?.description?.text).toBe("Eine Kuppel.");
  });

  it("takes an unchanged text the editor says is still right as made from the source now", () => {
    const before: RecordTranslations = { de: { name: { text: "Kuppel", source: old } } };
    const saved = withLanguageSaved(before, "de", FIELDS, sources, { name: " Kuppel " }, ["name"]);
    expect(saved.de?.name).toEqual({ text: "Kuppel", source: sourceDigest(sources.name) });
  });

  it("drops an emptied field, and the language with its last field", () => {
    const before: RecordTranslations = { de: { name: { text: "Kuppel", source: old } } };
    expect(withLanguageSaved(before, "de", FIELDS, sources, { name: "  " }, [])).toEqual({});
    expect(withLanguageSaved({}, "ja", FIELDS, sources, {}, [])).toEqual({});
  });
});

describe("translationStates", () => {
  it("says each field's state in the language against its source now", () => {
    const translations: RecordTranslations = {
      de: { name: { text: "Kuppel", source: sourceDigest("Dome camera") }, description: { text: "X", source: "0" } },
    };
    const sources = { name: "Dome camera", description: "A dome." };
    expect(translationStates(FIELDS, sources, translations, "de")).toEqual({
      name: "current",
      description: "outdated",
    });
    expect(translationStates(FIELDS, sources, translations, "fr")).toEqual({ name: "missing", description: "missing" });
    // A field with no source text has nothing to translate.
    expect(translationStates(FIELDS, { ...sources, description: " " }, translations, "de")).toEqual({
      name: "current",
      description: null,
    });
  });
});

describe("translationLines", () => {
  it("names each translated field by its label and its language's name, language by language", () => {
    const translations: RecordTranslations = {
      fr: { description: { text: "Un dôme.", source: "0" } },
      de: { name: { text: "Kuppel", source: "0" }, description: { text: "", source: "0" } },
    };
    expect(translationLines(FIELDS, translations)).toEqual([
      ["Name (Deutsch)", "Kuppel"],
      ["Description (Français)", "Un dôme."],
    ]);
  });
});
