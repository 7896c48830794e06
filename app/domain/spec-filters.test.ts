import { describe, expect, it } from "vitest";
import { IP_RATING, testAttribute } from "#tests/support/spec-attributes";
import { englishPart } from "#app/messages/en";
import { VALUE_MARK } from "./languages";
import { specFilterParams, specFiltersOf, specSortOf, specView } from "./spec-filters";

/** An attribute whose id is its slug, as the filters name it. */
const attribute = (overrides: Parameters<typeof testAttribute>[0] & { slug: string }) =>
  testAttribute({ id: overrides.slug, ...overrides });

const ir = attribute({ name: "IR range", slug: "ir-range", unit: "m" });
const focal = attribute({ name: "Focal length", slug: "focal-length", type: "range", unit: "mm", precision: 1 });
const ip = { ...IP_RATING, id: IP_RATING.slug };
const audio = attribute({ name: "Audio", slug: "audio", type: "boolean" });
const hidden = attribute({ name: "Weight", slug: "weight", unit: "g", filter: false });
const attributes = [ir, focal, ip, audio, hidden];

/** The listing's English words, the orders' names with the mark where the specification's name goes. */
const englishWords = {
  ...englishPart("listing"),
  sortHighest: `${VALUE_MARK}, highest first`,
  sortLowest: `${VALUE_MARK}, lowest first`,
};

describe("specFiltersOf", () => {
  it("reads bounds in the attribute's unit (or another of its kind), values by label, and leaves out the rest", () => {
    const filters = specFiltersOf(
      new URLSearchParams(
        "ir-range-min=98 ft&focal-length-min=12&focal-length-max=6&ip-rating=ip67&ip-rating=IP99&audio=yes&weight-min=5&page=2",
      ),
      attributes,
    );
    expect(filters.map(({ attribute: { slug }, ...rest }) => ({ slug, ...rest }))).toEqual([
      { slug: "ir-range", kind: "between", min: expect.closeTo(29.87, 2) },
      // Given the wrong way round, the same span.
      { slug: "focal-length", kind: "between", min: 6, max: 12 },
      { slug: "ip-rating", kind: "any", values: ["IP67"] },
      { slug: "audio", kind: "any", values: ["yes"] },
    ]);
    expect(specFilterParams(filters.slice(1))).toEqual([
      ["focal-length-min", "6"],
      ["focal-length-max", "12"],
      ["ip-rating", "IP67"],
      ["audio", "yes"],
    ]);
  });

  it("ignores bounds that are not numbers", () => {
    expect(specFiltersOf(new URLSearchParams("ir-range-min=far&ir-range-max="), attributes)).toEqual([]);
  });
});

describe("specSortOf and specView", () => {
  it("sorts by filter numbers and ranges only, and says what the page shows", () => {
    expect(specSortOf("ir-range-desc", attributes)).toEqual({ attribute: ir, descending: true });
    expect(specSortOf("focal-length-asc", attributes)).toEqual({ attribute: focal, descending: false });
    expect(specSortOf("weight-desc", attributes)).toBeUndefined();
    expect(specSortOf("ip-rating-desc", attributes)).toBeUndefined();

    const filters = specFiltersOf(new URLSearchParams("ir-range-min=30&ip-rating=IP67"), attributes);
    const view = specView(
      attributes,
      filters,
      { "ip-rating": { IP66: 2, IP67: 3 } },
      { "ir-range": [20, 50] },
      englishWords,
    );
    expect(view.fields.map((field) => field.name)).toEqual(["IR range", "Focal length", "IP rating", "Audio"]);
    expect(view.fields[0]).toMatchObject({ min: "30", max: "", span: "20\u201350 m (66\u2013164 ft)", unit: "m" });
    expect(view.fields[2]).toMatchObject({
      options: [
        { key: "IP66", count: 2, checked: false },
        { key: "IP67", count: 3, checked: true },
      ],
    });
    expect(view.chips).toEqual([
      { label: "IR range", value: " \u2265 30 m (98 ft)", without: [["ip-rating", "IP67"]] },
      { label: "IP rating: IP67", value: "", without: [["ir-range-min", "30"]] },
    ]);
    expect(view.sorts.map((sort) => sort.label)).toEqual([
      "IR range, highest first",
      "IR range, lowest first",
      "Focal length, highest first",
      "Focal length, lowest first",
    ]);
  });

  it("gives a number field a negative bound as it takes one, with a hyphen", () => {
    const filters = specFiltersOf(new URLSearchParams("ir-range-min=-2.5"), attributes);
    const view = specView(attributes, filters, {}, {}, englishWords);
    expect(view.fields[0]).toMatchObject({ min: "-2.5" });
    expect(view.chips[0]).toMatchObject({ label: "IR range", value: " \u2265 \u22123 m (\u22128 ft)" });
  });

  it("names Yes, No and the orders in the words of the page's language", () => {
    const german = {
      yes: "Ja",
      no: "Nein",
      sortHighest: `${VALUE_MARK}, absteigend`,
      sortLowest: `${VALUE_MARK}, aufsteigend`,
    };
    const filters = specFiltersOf(
      new URLSearchParams("audio=yes&focal-length-min=2.5&focal-length-max=10"),
      attributes,
    );
    const view = specView(attributes, filters, { audio: { yes: 4, no: 1 } }, { "focal-length": [2.8, 12.5] }, german, {
      locale: "de",
      range: ["", " bis ", ""],
      rightToLeft: false,
    });
    expect(view.fields[3]).toMatchObject({
      yesOrNo: true,
      options: [
        { key: "yes", label: "Ja", count: 4, checked: true },
        { key: "no", label: "Nein", count: 1, checked: false },
      ],
    });
    expect(view.fields[2]).toMatchObject({ yesOrNo: false });
    // The numbers as German writes them; the attribute's name is the catalog's.
    expect(view.fields[1]).toMatchObject({ min: "2.5", max: "10", span: "2,8\u201312,5 mm" });
    expect(view.chips.map(({ label, value }) => [label, value])).toEqual([
      ["Focal length", " 2,5\u201310 mm"],
      ["Audio:", " Ja"],
    ]);
    expect(view.sorts.map((sort) => sort.label)).toEqual([
      "IR range, absteigend",
      "IR range, aufsteigend",
      "Focal length, absteigend",
      "Focal length, aufsteigend",
    ]);
  });
});
