import { describe, expect, it } from "vitest";
import {
  aroundValue,
  formatMessage,
  messageLanguages,
  messageSet,
  paginationView,
  partMessages,
  shellMessages,
} from "./messages.server";
import { pageLanguages } from "./page-languages.server";
import { siteNavigation } from "./site-navigation.server";
import { en, englishPart } from "#app/messages/en";

describe("the interface's messages", () => {
  it("are taken along the reader's chain, each language before its shorter tags, English last", () => {
    expect(messageLanguages(["de-CH", "fr"])).toEqual(["de-CH", "de", "fr", "en"]);
    expect(messageLanguages(["zh-Hans-TW"])).toEqual(["zh-Hans-TW", "zh-Hans", "zh", "en"]);
    expect(formatMessage("languageNotice.decline", ["de-CH"])).toEqual({ text: "Nein, danke", language: "de" });
    // No catalog of its own: the chain's next, then English.
    expect(formatMessage("languageNotice.decline", ["sv", "fr"])).toEqual({ text: "Non merci", language: "fr" });
    expect(formatMessage("languageNotice.decline", ["sv"])).toEqual({ text: "No thanks", language: "en" });
  });

  it("formats on the server, a value's place kept for an element of the page", () => {
    expect(formatMessage("languageNotice.offer", ["ja"], { language: "日本語" }).text).toBe(
      "このページは日本語でもご覧いただけます",
    );
    expect(aroundValue("languageNotice.offer", ["fr"], "language")).toEqual({
      before: "Cette page existe aussi en ",
      after: "",
      language: "fr",
    });
  });

  it("counts per language, with its plural forms, the number written as the language writes it", () => {
    expect(formatMessage("search.summary", ["en"], { total: 0 }).text).toBe("Search returned 0 results.");
    expect(formatMessage("search.summary", ["en"], { total: 1 }).text).toBe("Search returned 1 result(s)");
    expect(formatMessage("search.summary", ["en"], { total: 12345 }).text).toBe("Search returned 12,345 result(s)");
    expect(formatMessage("search.summary", ["de"], { total: 12345 }).text).toBe("Die Suche ergab 12.345 Treffer");
    expect(formatMessage("search.summary", ["fr"], { total: 1 }).text).toBe("La recherche a donné 1 résultat");
    expect(formatMessage("search.summary", ["fr"], { total: 2 }).text).toBe("La recherche a donné 2 résultats");
    expect(formatMessage("search.summary", ["ar"], { total: 2 }).text).toBe("عثر البحث على نتيجتين");
  });

  it("names a list's pages in one language, the numbers where the language puts them", () => {
    expect(paginationView({ page: 2, pageCount: 5 }, ["en"])).toEqual({
      page: 2,
      pageCount: 5,
      label: "Pages",
      previous: "Previous",
      next: "Next",
      current: "Page 2 of 5",
      lang: "en",
      dir: "ltr",
    });
    expect(paginationView({ page: 2, pageCount: 12345 }, ["de-CH"]).current).toBe("Seite 2 von 12.345");
    expect(paginationView({ page: 2, pageCount: 5 }, ["ja"]).current).toBe("5ページ中2ページ目");
    expect(paginationView({ page: 1, pageCount: 2 }, ["ar"])).toMatchObject({
      previous: "السابق",
      lang: "ar",
      dir: "rtl",
    });
    expect(paginationView({ page: 1, pageCount: 2 }, ["sv"]).lang).toBe("en");
  });

  it("gives a part of a page all its messages in one language: the first of the chain that has every one", () => {
    const keys = ["shell.home", "shell.privacy"] as const;
    expect(messageSet(keys, ["de-CH"])).toEqual({
      language: "de",
      text: { "shell.home": "Startseite", "shell.privacy": "Datenschutz" },
    });
    // Swedish has no catalog: its readers get the chain's next, English last.
    expect(messageSet(keys, ["sv", "fr"]).language).toBe("fr");
    expect(messageSet(keys, ["sv"])).toEqual({
      language: "en",
      text: { "shell.home": "Home", "shell.privacy": "Privacy" },
    });
    // Every one of the shell's messages, each in the language it says it is in.
    const shell = shellMessages(["ja"]);
    expect(shell.language).toBe("ja");
    expect(Object.keys(shell.text).sort()).toEqual(
      Object.keys(en)
        .filter((key) => key.startsWith("shell."))
        .map((key) => key.slice("shell.".length))
        .sort(),
    );
    expect(shell.text.products).toBe("製品");
    // What a page without the root's data shows: English's words of the part, by the same names.
    expect(englishPart("error")).toEqual(partMessages("error", ["en"]).text);
    expect(englishPart("error").heading).toBe("Oops");
  });

  it("marks the shell and the content with their language where it is not the page's", () => {
    const german = pageLanguages({ tag: "de", fallback: ["en"] }, [{ tag: "de", fallback: ["en"] }]);
    expect(german.messagesLanguage).toBeUndefined();
    expect(german.contentLanguage).toEqual({ lang: "en", dir: "ltr" });
    // A language the interface has no words in: its shell is English, marked so, left to right.
    const swedish = pageLanguages({ tag: "sv", fallback: ["en"] }, [{ tag: "sv", fallback: ["en"] }]);
    expect(swedish.messagesLanguage).toEqual({ lang: "en", dir: "ltr" });
    expect(swedish.messages.home).toBe("Home");
    const arabic = pageLanguages({ tag: "ar", fallback: ["en"] }, []);
    expect([arabic.direction, arabic.messagesLanguage, arabic.messages.home]).toEqual(["rtl", undefined, "الرئيسية"]);
    const english = pageLanguages(undefined, []);
    expect([english.messagesLanguage, english.contentLanguage]).toEqual([undefined, undefined]);
  });

  it("writes the header's and the footer's links in the page's words, the dashboard's for editors alone", () => {
    const german = shellMessages(["de"]).text;
    const visitor = siteNavigation(german, "de", false);
    expect(visitor.header.map((link) => link.label)).toEqual([
      "Startseite",
      "Produkte",
      "Über uns",
      "Kontakt",
      "Support",
      "Firmware",
    ]);
    expect(visitor.header.filter((link) => link.end).map((link) => link.to)).toEqual(["/", "/support"]);
    expect(visitor.footer.at(-1)).toEqual({ to: "/login", label: "Verwaltung" });
    // An anonymous visitor's page carries no editor's words.
    expect(JSON.stringify([visitor, german])).not.toMatch(/Abmelden|Dashboard/);
    const editor = siteNavigation(german, "de", true);
    expect(editor.header.at(-1)).toEqual({ to: "/dashboard", label: "Dashboard" });
    expect(editor.footer.at(-1)).toEqual({ to: "/dashboard", label: "Verwaltung" });
    expect(editor.signOut).toBe("Abmelden");
    expect(siteNavigation(german, "de", false)).toBe(visitor);
  });
});
