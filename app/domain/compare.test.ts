import type { CategoryAttribute, ProductSpec } from "./spec-attributes";
import { describe, expect, it } from "vitest";
import { englishPart } from "../messages/en";
import { compareRows, comparedIds, comparePath, isComparePath, MAX_COMPARED, specRows } from "./compare";

/** The comparison's own rows named as an English page names them. */
const LABELS = englishPart("compare");

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("comparedIds and comparePath", () => {
  it("reads ids from a comma list and from a form's repeated fields, in order, once each, at most four", () => {
    expect(comparedIds(new URLSearchParams(`p=${ID(1)},${ID(2)}`))).toEqual([ID(1), ID(2)]);
    expect(comparedIds(new URLSearchParams(`p=${ID(2)}&p=${ID(1)}&p=${ID(2)}`))).toEqual([ID(2), ID(1)]);
    expect(comparedIds(new URLSearchParams(`p=${ID(1).toUpperCase()},nonsense,,<b>`))).toEqual([ID(1)]);
    const many = Array.from({ length: 6 }, (_, index) => ID(index + 1)).join(",");
    expect(comparedIds(new URLSearchParams(`p=${many}`))).toHaveLength(MAX_COMPARED);
  });

  it("writes one URL per comparison, commas unescaped", () => {
    expect(comparePath([ID(1), ID(2)])).toBe(`/compare?p=${ID(1)},${ID(2)}`);
    expect(comparePath([ID(1)], true)).toBe(`/compare?p=${ID(1)}&only=1`);
    expect(comparePath([])).toBe("/compare");
  });
});

describe("specRows", () => {
  it("reads Name: value lines and table rows by their first cell, keeping other lines together", () => {
    expect(
      specRows(
        {
          specs: "Resolution: 4 MP\nLens: 2.8 mm\nWeatherproof housing for outdoor use\n\nhttps://example.com/x",
          specsTable: [["Power", "PoE", "12 V DC"], ["", "ignored"], ["Only a name"]],
        },
        "Other specifications",
      ),
    ).toEqual([
      ["Resolution", "4 MP"],
      ["Lens", "2.8 mm"],
      ["Power", "PoE / 12 V DC"],
      ["Other specifications", "Weatherproof housing for outdoor use\nhttps://example.com/x"],
    ]);
  });
});

describe("compareRows", () => {
  const product = (
    specs: string,
    overrides: { ndaa?: boolean; features?: string[]; table?: string[][]; specValues?: ProductSpec[] } = {},
  ) => ({
    category: { id: "c", name: "Dome Cameras" },
    ndaa: overrides.ndaa ?? true,
    features: (overrides.features ?? ["PoE"]).map((label) => ({ id: label, label })),
    specs,
    specsTable: overrides.table ?? null,
    specValues: overrides.specValues ?? [],
  });

  it("aligns rows by name across text and tables, and marks the rows that differ", () => {
    const rows = compareRows(
      [
        product("Resolution: 4 MP\nLens: 2.8 mm\nOutdoor housing"),
        product("resolution : 4 mp\nIR range: 30 m", { ndaa: false }),
        product("", { table: [["Resolution", "8 MP"]], features: [] }),
      ],
      LABELS,
    );
    expect(rows).toEqual([
      // The comparison's own rows say what of them is in the page's language; the specifications are content.
      {
        name: "Category",
        values: ["Dome Cameras", "Dome Cameras", "Dome Cameras"],
        differs: false,
        pageLanguage: "name",
      },
      { name: "NDAA compliant", values: ["Yes", "No", "Yes"], differs: true, pageLanguage: "row" },
      { name: "Lifecycle", values: ["Active", "Active", "Active"], differs: false, pageLanguage: "name" },
      { name: "Features", values: ["PoE", "PoE", null], differs: true, pageLanguage: "name" },
      { name: "Resolution", values: ["4 MP", "4 mp", "8 MP"], differs: true },
      { name: "Lens", values: ["2.8 mm", null, null], differs: true },
      { name: "Other specifications", values: ["Outdoor housing", null, null], differs: true, pageLanguage: "name" },
      { name: "IR range", values: [null, "30 m", null], differs: true },
    ]);
    // Named in another language, the same rows.
    const german = compareRows([product("Gehäuse für draußen", { ndaa: false })], {
      ...LABELS,
      category: "Kategorie",
      ndaa: "NDAA-konform",
      yes: "Ja",
      no: "Nein",
      otherSpecifications: "Weitere Angaben",
    });
    expect(german.map((row) => [row.name, row.values[0]])).toEqual([
      ["Kategorie", "Dome Cameras"],
      ["NDAA-konform", "Nein"],
      ["Lifecycle", "Active"],
      ["Features", "PoE"],
      ["Weitere Angaben", "Gehäuse für draußen"],
    ]);
    // Letter case and spacing alone are no difference.
    expect(compareRows([product("Resolution: 4 MP"), product("Resolution:  4 mp")], LABELS)[4]?.differs).toBe(false);
  });

  it("aligns typed values by attribute in their groups, with units, before the text's rows and their heading", () => {
    const attribute = (name: string, group: string, unit: CategoryAttribute["unit"], type: "number" | "range") => ({
      id: name,
      slug: name,
      name,
      group,
      type,
      unit,
      precision: 1,
      choices: [],
      multiple: false,
      coverageRole: null,
      required: false,
      filter: true,
    });
    const ir = attribute("IR range", "Image", "m", "number");
    const focal = attribute("Focal length", "Lens", "mm", "range");
    const power = attribute("Power draw", "Power", "W", "number");
    const rows = compareRows(
      [
        product("Weight: 400 g", {
          specValues: [
            { attribute: focal, value: [2.8, 12] },
            { attribute: ir, value: 30 },
          ],
        }),
        product("", {
          specValues: [
            { attribute: power, value: 6.5 },
            { attribute: focal, value: [2.8, 12] },
          ],
        }),
      ],
      LABELS,
    ).slice(4);
    // Without the page's words a typed value is written in English, as the content is.
    expect(rows).toEqual([
      { name: "Focal length", values: ["2.8\u201312 mm", "2.8\u201312 mm"], differs: false, group: "Lens" },
      { name: "IR range", values: ["30 m (98.4 ft)", null], differs: true, group: "Image" },
      { name: "Power draw", values: [null, "6.5 W"], differs: true, group: "Power" },
      // The specifications as written under a heading of their own, not the last group's.
      { name: "Weight", values: ["400 g", null], differs: true, group: "More specifications", ownGroup: true },
    ]);
  });
});

describe("isComparePath", () => {
  it("takes a comma however it was escaped, and nothing else", () => {
    const ids = [ID(1), ID(2)];
    expect(isComparePath(new URL(`http://x/compare?p=${ID(1)},${ID(2)}`), ids, false)).toBe(true);
    expect(isComparePath(new URL(`http://x/compare?p=${ID(1)}%2C${ID(2)}`), ids, false)).toBe(true);
    expect(isComparePath(new URL(`http://x/compare?p=${ID(1)}&p=${ID(2)}`), ids, false)).toBe(false);
    expect(isComparePath(new URL(`http://x/compare?p=${ID(1)},${ID(2)}&x=1`), ids, false)).toBe(false);
    expect(isComparePath(new URL(`http://x/compare?p=${ID(1)},${ID(2)}&only=1`), ids, true)).toBe(true);
    expect(isComparePath(new URL("http://x/compare"), [], false)).toBe(true);
  });
});
