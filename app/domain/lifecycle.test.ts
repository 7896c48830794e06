import { describe, expect, it } from "vitest";
import { DISCONTINUED } from "#tests/support/lifecycles";
import { ACTIVE_LIFECYCLE, checkedLifecycle, isIsoDay, lifecycleHeadline, lifecycleSupport } from "./lifecycle";

describe("checkedLifecycle", () => {
  it("keeps an active product's nothing, and a retiring one's days, its stage's day required", () => {
    expect(checkedLifecycle({ ...DISCONTINUED, stage: "active" })).toEqual({ ok: true, lifecycle: ACTIVE_LIFECYCLE });
    expect(checkedLifecycle(DISCONTINUED)).toEqual({ ok: true, lifecycle: DISCONTINUED });
    // An end of sale keeps no day of a discontinuation it has not reached.
    expect(checkedLifecycle({ ...DISCONTINUED, stage: "end-of-sale" })).toEqual({
      ok: true,
      lifecycle: { ...DISCONTINUED, stage: "end-of-sale", discontinuedOn: null },
    });
    expect(checkedLifecycle({ ...DISCONTINUED, discontinuedOn: null })).toMatchObject({
      field: "discontinuedOn",
      message: "Enter the date it was discontinued",
    });
    expect(checkedLifecycle({ ...DISCONTINUED, stage: "end-of-sale", endOfSaleOn: null })).toMatchObject({
      field: "endOfSaleOn",
    });
  });

  it("refuses days that do not exist, a discontinuation before the end of sale and support that ends first", () => {
    expect(checkedLifecycle({ ...DISCONTINUED, repairsUntil: "2031-02-29" })).toMatchObject({
      field: "repairsUntil",
      message: "Enter a date such as 2026-03-01",
    });
    expect(checkedLifecycle({ ...DISCONTINUED, discontinuedOn: "2025-06-01" })).toMatchObject({
      field: "discontinuedOn",
      message: "The date it was discontinued cannot be before the end of sale",
    });
    expect(checkedLifecycle({ ...DISCONTINUED, firmwareUntil: "2026-02-28" })).toMatchObject({
      field: "firmwareUntil",
      message: "Firmware updates cannot end before the product's end of sale or discontinuation",
    });
    expect([isIsoDay("2028-02-29"), isIsoDay("2027-02-29"), isIsoDay("1 March 2026")]).toEqual([true, false, false]);
  });
});

describe("lifecycleHeadline and lifecycleSupport", () => {
  it("say what a page says first, an end of sale in the past as ended", () => {
    expect(lifecycleHeadline(DISCONTINUED, "2026-12-05")).toBe("Discontinued on 1 Mar 2026");
    const endOfSale = { ...DISCONTINUED, stage: "end-of-sale", discontinuedOn: null } as const;
    expect(lifecycleHeadline(endOfSale, "2025-12-31")).toBe("End of sale on 31 Dec 2025");
    expect(lifecycleHeadline(endOfSale, "2026-01-01")).toBe("Sale ended on 31 Dec 2025");
    expect(lifecycleHeadline(ACTIVE_LIFECYCLE, "2026-01-01")).toBeNull();
    expect(lifecycleSupport(DISCONTINUED)).toEqual(["firmware updates until 1 Mar 2031"]);
  });
});
