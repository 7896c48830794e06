import { describe, expect, it } from "vitest";
import {
  convert,
  formatMeasure,
  formatNumber,
  formatRange,
  readMeasure,
  readRange,
  roundTo,
  unitOfText,
} from "./units";

describe("convert", () => {
  it.each([
    [30, "m", "ft", 98.425],
    [98, "ft", "m", 29.87],
    [12, "mm", "m", 0.012],
    [-40, "degC", "degF", -40],
    [60, "degC", "degF", 140],
    [212, "degF", "degC", 100],
    [1.2, "kg", "lb", 2.646],
    [450, "g", "oz", 15.873],
  ] as const)("%d %s is %d %s", (value, from, to, expected) => {
    expect(convert(value, from, to)).toBeCloseTo(expected, 2);
  });

  it("refuses units of different quantities", () => {
    expect(() => convert(1, "m", "kg")).toThrow("m does not convert to kg");
  });
});

describe("unitOfText", () => {
  it.each([
    ["m", "m"],
    ["M", "m"],
    ["metres", "m"],
    ["ft", "ft"],
    ["feet", "ft"],
    ["°C", "degC"],
    ["° C", "degC"],
    ["℃", "degC"],
    ["°", "deg"],
    ["MP", "MP"],
    ["mm", "mm"],
    ["lx", "lux"],
    ["W", "W"],
    ["dB", "dB"],
  ])("%s names %s", (text, unit) => {
    expect(unitOfText(text)).toBe(unit);
  });

  it("names nothing for a word that is no unit", () => {
    expect(unitOfText("apples")).toBeUndefined();
  });
});

describe("formatting", () => {
  it("groups thousands, drops trailing zeros and uses a true minus", () => {
    expect(formatNumber(1920, 0)).toBe("1,920");
    expect(formatNumber(2.8, 1)).toBe("2.8");
    expect(formatNumber(12, 1)).toBe("12");
    expect(formatNumber(-30, 0)).toBe("\u221230");
    expect(formatNumber(-0.2, 0)).toBe("0");
  });

  it("shows feet beside metres and Fahrenheit beside Celsius, and nothing beside millimetres", () => {
    expect(formatMeasure(30, "m", 0)).toBe("30 m (98 ft)");
    expect(formatMeasure(2.8, "mm", 1)).toBe("2.8 mm");
    expect(formatMeasure(110, "deg", 0)).toBe("110°");
    expect(formatMeasure(1.2, "kg", 2)).toBe("1.2 kg (2.65 lb)");
    expect(formatMeasure(4, undefined, 0)).toBe("4");
  });

  it("writes a range with a dash, in words when an end is negative, one value when both ends are one", () => {
    expect(formatRange(2.8, 12, "mm", 1)).toBe("2.8\u201312 mm");
    expect(formatRange(-40, 60, "degC", 0)).toBe("\u221240 to 60 °C (\u221240 to 140 °F)");
    expect(formatRange(2.8, 2.8, "mm", 1)).toBe("2.8 mm");
    expect(formatRange(10, 30, "m", 0)).toBe("10\u201330 m (33\u201398 ft)");
  });

  it("writes numbers and a range's words as the page's language does", () => {
    const german = { locale: "de", range: ["", " bis ", ""], rightToLeft: false } as const;
    expect(formatNumber(1920.5, 1, "de")).toBe("1.920,5");
    expect(formatNumber(-0.2, 0, "de")).toBe("0");
    expect(formatNumber(-0.04, 1, "ar")).toMatch(/^\u200e?0$/);
    // An end that rounds to zero is written as no negative: a dash, no words.
    expect(formatRange(-0.3, 20, "degC", 0, german)).toBe("0\u201320 °C (31\u201368 °F)");
    expect(formatMeasure(1.2, "kg", 2, german)).toBe("1,2 kg (2,65 lb)");
    expect(formatRange(2.8, 12, "mm", 1, german)).toBe("2,8\u201312 mm");
    expect(formatRange(-40, 60, "degC", 0, german)).toBe("\u221240 bis 60 °C (\u221240 bis 140 °F)");
    // Arabic's numbers come with a left-to-right mark before their sign: the sign is still a true minus.
    expect(formatNumber(-3, 0, "ar")).toMatch(/^\u200e?\u22123$/);
    const japanese = { locale: "ja", range: ["", "\uff5e", ""], rightToLeft: false } as const;
    // Right to left, each number with its unit is one left-to-right run: "30 m" does not read "m 30".
    const arabic = { locale: "ar", range: ["من ", " إلى ", ""], rightToLeft: true } as const;
    const run = (text: string) => `\u2066${text}\u2069`;
    expect(formatMeasure(30, "m", 0, arabic)).toBe(`${run("30 m")} (${run("98 ft")})`);
    expect(formatMeasure(4, undefined, 0, arabic)).toBe(run("4"));
    expect(formatRange(2.8, 12, "mm", 1, arabic)).toBe(run("2.8\u201312 mm"));
    expect(formatRange(-30, 60, "degC", 0, arabic)).toMatch(
      /^من \u2066\u200e?\u221230\u2069 إلى \u206660 °C\u2069 \(من \u2066\u200e?\u221222\u2069 إلى \u2066140 °F\u2069\)$/,
    );
    expect(formatRange(-10, 50, "degC", 0, japanese)).toBe("\u221210\uff5e50 °C (14\u2013122 °F)");
  });
});

describe("readMeasure", () => {
  it.each([
    ["30 m", "m", 30],
    ["30m", "m", 30],
    ["30", "m", 30],
    ["98 ft", "m", 29.87],
    ["-30 °C", "degC", -30],
    ["\u221230 °C", "degC", -30],
    ["+60 °C", "degC", 60],
    ["1,920 px", "px", 1920],
    ["0.01 lux", "lux", 0.01],
    ["140 °F", "degC", 60],
  ] as const)("reads %s as %d %s", (text, unit, value) => {
    const reading = readMeasure(text, unit);
    expect(reading.ok).toBe(true);
    if (reading.ok) expect(reading.value).toBeCloseTo(value, 2);
  });

  it.each([
    ["thirty", "m", "Enter a number in m (or mm, ft, in)"],
    ["30 kg", "m", "Enter a number in m (or mm, ft, in)"],
    ["30 apples", "W", "Enter a number in W"],
    ["", "W", "Enter a number in W"],
  ] as const)("refuses %s for %s", (text, unit, message) => {
    expect(readMeasure(text, unit)).toEqual({ ok: false, message });
  });
});

describe("readRange", () => {
  it.each([
    ["2.8\u201312 mm", "mm", 2.8, 12],
    ["2.8-12mm", "mm", 2.8, 12],
    ["2.8 mm - 12 mm", "mm", 2.8, 12],
    ["\u221230 °C ~ +60 °C", "degC", -30, 60],
    ["-40 to 60 °C", "degC", -40, 60],
    ["-40 °F to 140 °F", "degC", -40, 60],
    ["-40--10 °C", "degC", -40, -10],
    ["12\u20132.8 mm", "mm", 2.8, 12],
    ["2.8 mm", "mm", 2.8, 2.8],
    ["10 m \u2013 98 ft", "m", 10, 29.87],
  ] as const)("reads %s as %d to %d %s", (text, unit, low, high) => {
    const reading = readRange(text, unit);
    expect(reading.ok).toBe(true);
    if (reading.ok) {
      expect(reading.value[0]).toBeCloseTo(low, 2);
      expect(reading.value[1]).toBeCloseTo(high, 2);
    }
  });

  it("refuses what is no range", () => {
    expect(readRange("wide", "mm")).toEqual({
      ok: false,
      message: "Enter a value or a range, for example 2.8\u201312 mm",
    });
    expect(readRange("2.8\u201312 kg", "mm").ok).toBe(false);
  });
});

describe("roundTo", () => {
  it("keeps as many decimals as asked", () => {
    expect(roundTo(29.8704, 1)).toBe(29.9);
    expect(roundTo(29.8704, 0)).toBe(30);
  });
});
