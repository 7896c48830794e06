import { describe, expect, it } from "vitest";
import { compareIgnoringCase, countNoun, formatDate, formatFileSize, naturalCompare, sortNaturallyBy } from "./format";

describe("formatFileSize (requirements §5 thresholds)", () => {
  it.each([
    [0, "0 bytes"],
    [999, "999 bytes"],
    [1_000, "1 KB"],
    [999_999, "999 KB"],
    [1_000_000, "1 MB"],
    [20_000_000, "20 MB"],
    [999_999_999, "999 MB"],
    [1_000_000_000, "WAY TOO BIG!"],
  ])("%i bytes reads %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("ordering", () => {
  it("sorts features naturally, numbers by value", () => {
    const labels = ["12mm", "2.8mm", "4mm", "IR Night Vision", "8MP (4K)", "4MP"];
    expect(sortNaturallyBy(labels, (label) => label)).toEqual([
      "2.8mm",
      "4mm",
      "4MP",
      "8MP (4K)",
      "12mm",
      "IR Night Vision",
    ]);
    expect(naturalCompare("Camera 2", "camera 10")).toBeLessThan(0);
  });

  it("compares names ignoring letter case, yet deterministically", () => {
    expect(["bullet", "Dome", "accessories"].sort(compareIgnoringCase)).toEqual(["accessories", "bullet", "Dome"]);
    expect(compareIgnoringCase("dome", "Dome")).not.toBe(0);
  });

  it("counts with singular or plural nouns", () => {
    expect(countNoun(1, "product")).toBe("1 product");
    expect(countNoun(0, "product")).toBe("0 products");
    expect(countNoun(2, "category", "categories")).toBe("2 categories");
    expect(countNoun(10_000, "product")).toBe("10,000 products");
  });
});

describe("formatDate", () => {
  it("writes the day in UTC, whatever the time zone of the machine", () => {
    expect(formatDate("2026-03-12T23:30:00.000Z")).toBe("12 Mar 2026");
    expect(formatDate("2026-03-13T00:30:00.000+02:00")).toBe("12 Mar 2026");
  });
});
