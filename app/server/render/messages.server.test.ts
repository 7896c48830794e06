import { describe, expect, it } from "vitest";
import { aroundValue, formatMessage, messageLanguages } from "./messages.server";

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
});
