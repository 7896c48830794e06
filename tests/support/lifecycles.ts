/** A product discontinued on 1 Mar 2026 after its end of sale on 31 Dec 2025, its firmware updated until 1 Mar 2031. */
export const DISCONTINUED = {
  stage: "discontinued",
  endOfSaleOn: "2025-12-31",
  discontinuedOn: "2026-03-01",
  firmwareUntil: "2031-03-01",
  repairsUntil: null,
} as const;
