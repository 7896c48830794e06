import { describe, expect, it } from "vitest";
import type { SpecValue } from "#app/domain/spec-attributes";
import type { SpecFilter } from "#app/domain/spec-filters";
import { IP_RATING, testAttribute } from "#tests/support/spec-attributes";
import { boundsOf, keyCountsOf, passingBits, placesByValue, specColumnOf } from "./spec-columns.server";

const ir = testAttribute({ id: "ir", name: "IR range", slug: "ir-range", unit: "m" });
const focal = testAttribute({
  id: "focal",
  name: "Focal length",
  slug: "focal-length",
  type: "range",
  unit: "mm",
  precision: 1,
});
const ip = IP_RATING;
const audio = testAttribute({ id: "audio", name: "Audio", slug: "audio", type: "boolean" });

/** The places whose bit is set. */
function places(bits: readonly number[], count: number): number[] {
  return Array.from({ length: count }, (_, place) => place).filter(
    (place) => ((bits[place >>> 5] ?? 0) & (1 << (place & 31))) !== 0,
  );
}

/** Bits with the given places set, over `count` places. */
function bitsOf(count: number, ...set: number[]): number[] {
  const bits = new Array<number>(Math.ceil(count / 32)).fill(0);
  for (const place of set) bits[place >>> 5] = (bits[place >>> 5] ?? 0) | (1 << (place & 31));
  return bits;
}

function passing(values: (SpecValue | undefined)[], filter: SpecFilter): number[] {
  return places(passingBits(specColumnOf(filter.attribute, values), filter), values.length);
}

describe("passingBits", () => {
  it("takes a number within the bounds, a range reaching into them, a choice holding a ticked value", () => {
    expect(passing([30, 29.9, undefined], { attribute: ir, kind: "between", min: 30 })).toEqual([0]);
    // "Focal length includes 6 mm": 6 to 6.
    const includes6 = { attribute: focal, kind: "between", min: 6, max: 6 } as const;
    expect(passing([[2.8, 12], [2.8, 2.8], [6, 6], undefined], includes6)).toEqual([0, 2]);
    expect(passing([["c67"], ["c66"], [], ["c66", "c67"]], { attribute: ip, kind: "any", values: ["IP67"] })).toEqual([
      0, 3,
    ]);
    expect(passing([true, false, undefined], { attribute: audio, kind: "any", values: ["yes"] })).toEqual([0]);
  });

  it("reads places past the first 32 and a bound on one side only", () => {
    const values = Array.from({ length: 70 }, (_, place) => place);
    expect(passing(values, { attribute: ir, kind: "between", max: 2 })).toEqual([0, 1, 2]);
    expect(passing(values, { attribute: ir, kind: "between", min: 66 })).toEqual([66, 67, 68, 69]);
  });
});

describe("keyCountsOf and boundsOf", () => {
  it("count each value and find the ends among the places asked for, or all", () => {
    const choices = specColumnOf(ip, [["c67"], ["c66", "c67"], undefined, ["c67"]]);
    expect(keyCountsOf(choices, undefined)).toEqual({ IP67: 3, IP66: 1 });
    expect(keyCountsOf(choices, bitsOf(4, 0, 2))).toEqual({ IP67: 1 });
    const ranges = specColumnOf(focal, [[2.8, 12], undefined, [4, 4], [3.6, 8]]);
    expect(boundsOf(ranges, undefined)).toEqual([2.8, 12]);
    expect(boundsOf(ranges, bitsOf(4, 2, 3))).toEqual([3.6, 8]);
    expect(boundsOf(ranges, bitsOf(4, 1))).toBeUndefined();
  });
});

describe("placesByValue", () => {
  it("puts the highest top or the lowest bottom first, products without a value last, ties in listing order", () => {
    const column = specColumnOf(focal, [[2.8, 12], undefined, [4, 4], [2.8, 8], [6, 12]]);
    expect([...placesByValue(column, true)]).toEqual([0, 4, 3, 2, 1]);
    expect([...placesByValue(column, false)]).toEqual([0, 3, 2, 4, 1]);
  });
});
