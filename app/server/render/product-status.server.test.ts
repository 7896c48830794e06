import { describe, expect, it } from "vitest";
import { ACTIVE_LIFECYCLE, lifecycleLine } from "#app/domain/lifecycle";
import { VALUE_MARK } from "#app/domain/languages";
import { DISCONTINUED as DISCONTINUED_LIFECYCLE } from "#tests/support/lifecycles";
import { lifecycleWording, productStatusWords, valueWordsIn } from "./page-languages.server";

const DISCONTINUED = { ...DISCONTINUED_LIFECYCLE, replacements: [{ model: "VNT-D4M-AI28" }] };
const END_OF_SALE = {
  stage: "end-of-sale",
  endOfSaleOn: "2026-12-31",
  discontinuedOn: null,
  firmwareUntil: "2029-12-31",
  repairsUntil: "2030-06-30",
  replacements: [],
} as const;

describe("productStatusWords", () => {
  it("words a retiring product's notice as English always has, the replacements' place marked", () => {
    expect(productStatusWords(DISCONTINUED, "en", "2026-12-05").notice).toBe(
      `Discontinued on 1 Mar 2026 — replaced by ${VALUE_MARK}; firmware updates until 1 Mar 2031.`,
    );
    expect(productStatusWords(END_OF_SALE, "en", "2026-12-05").notice).toBe(
      "End of sale on 31 Dec 2026; firmware updates until 31 Dec 2029, repairs until 30 Jun 2030.",
    );
    expect(
      productStatusWords({ ...END_OF_SALE, repairsUntil: null, firmwareUntil: null }, "en", "2027-01-01").notice,
    ).toBe("Sale ended on 31 Dec 2026.");
    // Sold as usual, or retiring with no day said: nothing to state.
    expect(productStatusWords({ ...ACTIVE_LIFECYCLE, replacements: [] }, "en").notice).toBe("");
    expect(productStatusWords({ ...DISCONTINUED, discontinuedOn: null }, "en").notice).toBe("");
    expect(productStatusWords(DISCONTINUED, "en").ndaaYes).toMatch(
      /^NDAA compliant: this product complies with Section 889/,
    );
  });

  it("words it in German, its days as German writes them", () => {
    const german = productStatusWords(DISCONTINUED, "de", "2026-12-05");
    expect(german.notice).toContain("1. März 2026");
    expect(german.notice).toContain("1. März 2031");
    expect(german.notice).toContain(VALUE_MARK);
    expect(german.notice).not.toMatch(/Discontinued|replaced|firmware updates/);
    expect(german.ndaaNo).toMatch(/NDAA/);
    expect(german.ndaaNo).not.toContain("Not NDAA compliant");
    expect(productStatusWords(DISCONTINUED, "ja").separator).toBe("、");
  });
});

describe("lifecycleWording", () => {
  const lifecycles = [
    ACTIVE_LIFECYCLE,
    DISCONTINUED,
    { ...DISCONTINUED, discontinuedOn: null, endOfSaleOn: null },
    { ...DISCONTINUED, endOfSaleOn: "2026-01-31", repairsUntil: "2032-03-01" },
    END_OF_SALE,
    { ...END_OF_SALE, endOfSaleOn: null, firmwareUntil: null },
    { ...END_OF_SALE, repairsUntil: null },
  ];

  it("writes in English the line History and the datasheet write", () => {
    for (const today of ["2026-12-05", "2027-01-01"]) {
      for (const lifecycle of lifecycles) {
        for (const models of [[], ["VNT-D4M-AI28"], ["A-1", "B-2"]]) {
          expect(lifecycleWording("en", today)?.(lifecycle, models)).toBe(lifecycleLine(lifecycle, today, models));
        }
      }
    }
  });

  it("writes it in German, its days as German writes them", () => {
    expect(lifecycleWording("de", "2026-12-05")?.(END_OF_SALE, [])).toBe(
      "Vertriebsende am 31. Dez. 2026; Firmware-Updates bis 31. Dez. 2029; Reparaturen bis 30. Juni 2030",
    );
    expect(lifecycleWording("de")?.(ACTIVE_LIFECYCLE, [])).toBe("Aktiv");
    expect(lifecycleWording("de")?.({ ...END_OF_SALE, endOfSaleOn: null }, [])).toMatch(/^Vertriebsende angekündigt; /);
  });
});

describe("a part's values and lifecycles in one language", () => {
  it("has none for a language whose catalog lacks their words: they are then English, marked as content", () => {
    // Swedish is no catalog of the site's: its pages' parts fall back to English whole.
    expect(lifecycleWording("sv")).toBeUndefined();
    expect(valueWordsIn("sv")).toBeUndefined();
    expect(valueWordsIn("de")).toMatchObject({ locale: "de", yes: "Ja", rightToLeft: false });
    expect(valueWordsIn("ar")).toMatchObject({ locale: "ar", rightToLeft: true });
    expect(valueWordsIn("en")).toMatchObject({ locale: "en-US", yes: "Yes" });
  });
});
