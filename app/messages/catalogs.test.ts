import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { MESSAGE_CATALOGS } from "./catalogs";
import { en, type MessageKey } from "./en";

const KEYS = Object.keys(en) as MessageKey[];

/** The names of the values a message takes, at any depth (plurals' and selects' branches too). */
function argumentsOf(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.literal || element.type === TYPE.pound) return [];
    const own = "value" in element && typeof element.value === "string" ? [element.value] : [];
    const branches =
      "options" in element ? Object.values(element.options).flatMap((option) => argumentsOf(option.value)) : [];
    const children = "children" in element ? argumentsOf(element.children) : [];
    return [...own, ...branches, ...children];
  });
}

const argumentNames = (message: string) => [...new Set(argumentsOf(parse(message)))].sort();

describe("the interface's message catalogs", () => {
  it("are each ICU MessageFormat of English's keys, taking the values English's message takes", () => {
    for (const [language, messages] of Object.entries(MESSAGE_CATALOGS)) {
      for (const [key, message] of Object.entries(messages)) {
        expect(KEYS, `${language}: "${key}" is no message of English's`).toContain(key);
        const english = en[key as MessageKey];
        expect([language, key, argumentNames(message ?? "")]).toEqual([language, key, argumentNames(english)]);
      }
    }
  });

  it("name each link, in every language, with words that hold what the link shows (as axe asks)", () => {
    // A link's name for screen readers, and the text it shows.
    const pairs: [name: MessageKey, shown: MessageKey][] = [
      ["product.datasheetLabel", "product.datasheet"],
      ["product.compareLabel", "product.compare"],
      ["listing.viewDetailsLabel", "listing.viewDetails"],
      ["compare.removeLabel", "compare.remove"],
    ];
    for (const [language, messages] of Object.entries(MESSAGE_CATALOGS)) {
      for (const [name, shown] of pairs) {
        const label = messages[name];
        const text = messages[shown];
        if (label === undefined || text === undefined) continue;
        expect(label.toLowerCase(), `${language}: ${name}`).toContain(text.toLowerCase());
      }
    }
  });

  it("lists what each catalog lacks: those messages are shown in the next language of the reader's chain", () => {
    const missing = Object.entries(MESSAGE_CATALOGS).flatMap(([language, messages]) =>
      KEYS.filter((key) => messages[key] === undefined).map((key) => `${language}: ${key}`),
    );
    if (missing.length > 0) console.warn(`Messages not translated yet:\n${missing.join("\n")}`);
    // English is every message's source: it lacks none.
    expect(missing.filter((line) => line.startsWith("en: "))).toEqual([]);
  });
});
