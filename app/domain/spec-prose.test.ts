import { describe, expect, it } from "vitest";
import type { AttributeDefinition } from "./spec-attributes";
import { testAttribute } from "#tests/support/spec-attributes";
import { valueInProse } from "./spec-prose";

const attribute = (overrides: Partial<AttributeDefinition>) =>
  testAttribute({ name: "A", filter: false, ...overrides });

const read = (overrides: Partial<AttributeDefinition>, prose: string) => valueInProse(attribute(overrides), prose);

describe("valueInProse", () => {
  it.each([
    [{ unit: "MP" }, "1920 × 1080 (2MP)", 2],
    [{ unit: "MP", precision: 2 }, "Uncooled VOx microbolometer, 640 × 512, 12 µm", 0.33],
    [{ unit: "px" }, "3840 × 2160 (8MP)", 3840],
    // The picture's size first: "1440 pixels" is its height.
    [{ unit: "px" }, "2560 × 1440 pixels", 2560],
    [{ unit: "px" }, "1,920 pixels across", 1920],
    [{ unit: "m" }, "IR up to 1,000 ft", 305],
    [{ unit: "px" }, "Uncooled VOx microbolometer, 256 × 192, 12 µm, 8–14 µm", 256],
    [{ unit: "m" }, "Smart IR, up to 30 m", 30],
    [{ unit: "m" }, "IR up to 98 ft", 30],
    [{ unit: "W", precision: 1 }, "PoE (802.3af, Class 3), 12 V DC ±25%; max 9.5 W", 9.5],
    // Where several are given, the last: the draw after the supply.
    [{ unit: "W" }, "Hi-PoE (60 W), 24 V AC; max 45 W", 45],
    // In the attribute's own unit or one kept for reading only: a lens's "4 mm" is no IR range.
    [{ unit: "m" }, '4MP, 1/2.7" CMOS, 4 mm lens, 20 m IR', 20],
    [{}, "8 channels", 8],
  ] as const)("reads %o from %s", (overrides, prose, value) => {
    expect(read(overrides, prose)).toEqual({ ok: true, value });
  });

  it.each([
    [{ type: "range", unit: "mm", precision: 1 }, "2.8–12 mm motorized varifocal, F1.4, auto focus", [2.8, 12]],
    [{ type: "range", unit: "mm", precision: 1 }, "2.8 mm fixed, F2.0", [2.8, 2.8]],
    [{ type: "range", unit: "deg", precision: 1 }, "103°–30° (H), 55°–17° (V)", [30, 103]],
    [{ type: "range", unit: "deg" }, "106° (H), 57° (V), 125° (D)", [106, 106]],
    [{ type: "range", unit: "degC" }, "-30 °C to +60 °C, humidity 95% or less (non-condensing)", [-30, 60]],
    [{ type: "range", unit: "degC" }, "−30 °C ~ +60 °C", [-30, 60]],
    [{ type: "range", unit: "degC" }, "-22 °F to 140 °F", [-30, 60]],
  ] as const)("reads the range %o from %s", (overrides, prose, value) => {
    expect(read(overrides, prose)).toEqual({ ok: true, value });
  });

  it("finds a choice's labels as words, and refuses a line naming none or too many", () => {
    const ip: Partial<AttributeDefinition> = {
      type: "choice",
      choices: [
        { id: "66", label: "IP66" },
        { id: "67", label: "IP67" },
        { id: "68", label: "IP68" },
      ],
    };
    expect(read(ip, "IP67, TVS 6000 V surge protection")).toEqual({ ok: true, value: ["67"] });
    expect(read(ip, "IP667")).toEqual({ ok: false, message: "None of its values named" });
    expect(read(ip, "IP66 and IP67")).toEqual({ ok: false, message: "More than one of its values named" });
    expect(read({ ...ip, multiple: true }, "IP66 and IP67")).toEqual({ ok: true, value: ["66", "67"] });
  });

  it("reads yes and no, keeps text, and says what it could not find", () => {
    expect(read({ type: "boolean" }, "Yes, two-way")).toEqual({ ok: true, value: true });
    expect(read({ type: "boolean" }, "None")).toEqual({ ok: true, value: false });
    expect(read({ type: "text" }, " Aluminium ")).toEqual({ ok: true, value: "Aluminium" });
    expect(read({ unit: "m" }, "Smart IR")).toEqual({ ok: false, message: "No value in m found" });
    expect(read({ unit: "m" }, '4MP, 1/2.7" CMOS, 4 mm lens')).toEqual({ ok: false, message: "No value in m found" });
    expect(read({ type: "range", unit: "mm" }, "motorized")).toEqual({ ok: false, message: "No range in mm found" });
  });
});
