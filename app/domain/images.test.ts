import { describe, expect, it } from "vitest";
import {
  hasVariants,
  isVariantWidth,
  MAX_VARIANT_INPUT_PIXELS,
  variantCandidates,
  variantOutputWidth,
  variantSrcSet,
  VARIANT_WIDTHS,
} from "./images";

const FILE_ID = "0b9e6a62-5f0c-4f4e-9a41-2b1f1c1d7a10";

describe("isVariantWidth", () => {
  it("accepts only the listed widths", () => {
    for (const width of VARIANT_WIDTHS) expect(isVariantWidth(width)).toBe(true);
    for (const width of [0, 100, 321, 2000, Number.NaN]) expect(isVariantWidth(width)).toBe(false);
  });
});

describe("variantOutputWidth", () => {
  it("never makes a variant wider than the original", () => {
    expect(variantOutputWidth(640, 800)).toBe(640);
    expect(variantOutputWidth(960, 800)).toBe(800);
    expect(variantOutputWidth(1600, 800)).toBe(800);
    expect(variantOutputWidth(320, 200)).toBe(200);
  });
});

describe("hasVariants", () => {
  it("needs known dimensions within the pixel limit", () => {
    expect(hasVariants({ width: 800, height: 600 })).toBe(true);
    expect(hasVariants({ width: null, height: 600 })).toBe(false);
    expect(hasVariants({ width: 800, height: 0 })).toBe(false);
    expect(hasVariants({ width: MAX_VARIANT_INPUT_PIXELS / 1000, height: 1000 })).toBe(true);
    expect(hasVariants({ width: MAX_VARIANT_INPUT_PIXELS / 1000, height: 1001 })).toBe(false);
  });
});

describe("variantCandidates and variantSrcSet", () => {
  it("offers the narrower widths and the original's own width under the next URL up", () => {
    expect(variantCandidates({ width: 800, height: 600 })).toEqual([
      { width: 320, served: 320 },
      { width: 480, served: 480 },
      { width: 640, served: 640 },
      { width: 960, served: 800 },
    ]);
    expect(variantSrcSet(FILE_ID, { width: 800, height: 600 })).toBe(
      [
        `/images/${FILE_ID}/320.webp 320w`,
        `/images/${FILE_ID}/480.webp 480w`,
        `/images/${FILE_ID}/640.webp 640w`,
        `/images/${FILE_ID}/960.webp 800w`,
      ].join(", "),
    );
  });

  it("stops at a listed width that equals the original's", () => {
    expect(variantCandidates({ width: 640, height: 480 }).map((candidate) => candidate.width)).toEqual([320, 480, 640]);
  });

  it("offers every width, up to the largest, for a large original", () => {
    expect(variantCandidates({ width: 4000, height: 3000 })).toEqual(
      VARIANT_WIDTHS.map((width) => ({ width, served: width })),
    );
  });

  it("offers a small original once, at its own width", () => {
    expect(variantSrcSet(FILE_ID, { width: 64, height: 48 })).toBe(`/images/${FILE_ID}/320.webp 64w`);
  });

  it("offers nothing when no variant can be made", () => {
    expect(variantSrcSet(FILE_ID, { width: null, height: null })).toBeUndefined();
    expect(variantSrcSet(FILE_ID, { width: 10_000, height: 10_000 })).toBeUndefined();
  });
});
