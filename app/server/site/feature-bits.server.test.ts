import { describe, expect, it } from "vitest";
import { createRandom } from "../../../demo/random";
import { countOf, FeatureBits, positionsOf } from "./feature-bits.server";

/** Resolutions and lenses are groups ("any of" within each); the rest stand alone. */
function groupOf(id: string): string {
  const number = Number(id.split("-")[1]);
  return number < 4 ? "Resolution" : number < 7 ? "Lens" : "";
}

/**
 * What the bits must agree with: the products walked one by one, each wanted group (a feature in
 * none its own) matched by any of its wanted features; a feature's count, over the products the
 * filter with its group narrowed to it leaves.
 */
function walked(products: { featureIds: Set<string> }[], featureIds: string[], wanted: string[]) {
  const known = new Set(featureIds);
  const keyOf = (id: string) => (known.has(id) && groupOf(id) !== "" ? groupOf(id) : `alone ${id}`);
  const passes = (product: { featureIds: Set<string> }, filter: string[]) => {
    const groups = new Map<string, string[]>();
    for (const id of filter) groups.set(keyOf(id), [...(groups.get(keyOf(id)) ?? []), id]);
    return [...groups.values()].every((ids) => ids.some((id) => known.has(id) && product.featureIds.has(id)));
  };
  const matching = products.flatMap((product, index) => (passes(product, wanted) ? [index] : []));
  const counts: Record<string, number> = {};
  for (const id of featureIds) {
    const narrowed = [...wanted.filter((other) => keyOf(other) !== keyOf(id)), id];
    const count = products.filter((product) => passes(product, narrowed)).length;
    if (count > 0) counts[id] = count;
  }
  return { matching, counts };
}

describe("a category's products by feature, as bits", () => {
  it("filters, counts and pages exactly as walking the products does, at every word boundary", () => {
    const random = createRandom(46);
    const featureIds = Array.from({ length: 12 }, (_, index) => `feature-${index}`);
    // Sizes around the 32-bit words' edges, and one the size of a large category.
    for (const size of [0, 1, 31, 32, 33, 63, 64, 65, 2_000]) {
      // Each product has some of the category's features, some many, and now and then one of another
      // category's (which the filter never offers, and which must not be counted).
      const products = Array.from({ length: size }, () => ({
        featureIds: new Set([
          ...random.sample(featureIds, random.int(0, random.next() < 0.2 ? 12 : 4)),
          ...(random.next() < 0.05 ? ["elsewhere"] : []),
        ]),
      }));
      const bits = new FeatureBits(featureIds.map((id) => ({ id, group: groupOf(id) })));
      for (const product of products) bits.add(product.featureIds);
      const combinations = [
        [],
        ["feature-0"],
        ["feature-11", "feature-3"],
        ["feature-0", "feature-1"],
        ["feature-0", "feature-1", "feature-5", "feature-4", "feature-9"],
        ["unknown"],
        ["feature-1", "unknown"],
        ...Array.from({ length: 30 }, () => random.sample(featureIds, random.int(1, 5))),
      ];
      for (const wanted of combinations) {
        const expected = walked(products, featureIds, wanted);
        const matching = bits.having(wanted);
        const all = Array.from({ length: size }, (_, index) => index);
        expect(matching ? countOf(matching) : size).toBe(expected.matching.length);
        expect(bits.countsOf(wanted), wanted.join()).toEqual(expected.counts);
        for (const [skip, limit] of [
          [0, 24],
          [24, 24],
          [5, 1],
          [expected.matching.length - 1, 24],
          [expected.matching.length, 24],
        ] as const) {
          const page = matching ? positionsOf(matching, Math.max(0, skip), limit) : all.slice(skip, skip + limit);
          expect(page).toEqual(expected.matching.slice(Math.max(0, skip), Math.max(0, skip) + limit));
        }
      }
    }
  });

  it("finds a product in the highest bit of a word, and the counts keep the category's order", () => {
    const products = Array.from({ length: 64 }, (_, index) => ({
      featureIds: index === 31 || index === 63 ? ["b", "a"] : index === 0 ? ["a"] : [],
    }));
    const bits = new FeatureBits([
      { id: "b", group: "" },
      { id: "a", group: "" },
    ]);
    for (const product of products) bits.add(product.featureIds);
    const matching = bits.having(["a", "b"]);
    expect(matching && positionsOf(matching, 0, 10)).toEqual([31, 63]);
    expect(Object.entries(bits.countsOf([]))).toEqual([
      ["b", 2],
      ["a", 3],
    ]);
  });
});
