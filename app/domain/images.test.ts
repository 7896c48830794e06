import { describe, expect, it } from "vitest";
import {
  cropSize,
  croppedVariantSize,
  hasVariants,
  isCropRatio,
  isVariantWidth,
  MAX_VARIANT_INPUT_PIXELS,
  variantCandidates,
  variantOutputWidth,
  variantSrcSet,
  variantUrl,
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

describe("cropped variants", () => {
  it("names only the listed shapes", () => {
    expect(isCropRatio("16x9")).toBe(true);
    expect(isCropRatio("4x3")).toBe(true);
    for (const other of ["1x1", "16:9", "toString", "__proto__", ""]) expect(isCropRatio(other)).toBe(false);
    expect(variantUrl(FILE_ID, 640, "16x9")).toBe(`/images/${FILE_ID}/16x9/640.webp`);
  });

  it("cuts the largest centred box of the shape out of the picture", () => {
    expect(cropSize({ width: 1200, height: 1200 }, "16x9")).toEqual({ width: 1200, height: 675 });
    expect(cropSize({ width: 600, height: 1200 }, "4x3")).toEqual({ width: 600, height: 450 });
    expect(cropSize({ width: 1600, height: 600 }, "16x9")).toEqual({ width: 1067, height: 600 });
    expect(cropSize({ width: 1920, height: 1080 }, "16x9")).toEqual({ width: 1920, height: 1080 });
    expect(cropSize({ width: 1, height: 1000 }, "16x9")).toEqual({ width: 1, height: 1 });
  });

  it("gives each width the crop's shape, and the crop's own size at or above its width", () => {
    const square = { width: 1200, height: 1200 };
    expect(croppedVariantSize(320, square, "16x9")).toEqual({ width: 320, height: 180 });
    expect(croppedVariantSize(960, square, "16x9")).toEqual({ width: 960, height: 540 });
    expect(croppedVariantSize(1280, square, "16x9")).toEqual({ width: 1200, height: 675 });
    expect(croppedVariantSize(1600, square, "16x9")).toEqual({ width: 1200, height: 675 });
    expect(croppedVariantSize(480, { width: 4000, height: 1000 }, "4x3")).toEqual({ width: 480, height: 360 });
  });

  it("offers the widths up to the crop's, under the shape's URLs", () => {
    expect(variantSrcSet(FILE_ID, { width: 1200, height: 1200 }, "16x9")).toBe(
      [320, 480, 640, 960]
        .map((width) => `/images/${FILE_ID}/16x9/${width}.webp ${width}w`)
        .concat(`/images/${FILE_ID}/16x9/1280.webp 1200w`)
        .join(", "),
    );
    // A wide picture's crop is narrower than the picture: fewer widths are worth offering.
    expect(variantCandidates({ width: 1600, height: 600 }, "16x9").at(-1)).toEqual({ width: 1280, served: 1067 });
  });
});
