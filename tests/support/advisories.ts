import type { AdvisoryInput } from "#app/server/admin/advisories.server";

/** An advisory's form for a test: a final, critical advisory of `products`, published when saved. */
export function advisoryInput(
  trackingId: string,
  products: AdvisoryInput["products"],
  overrides: Partial<AdvisoryInput> = {},
): AdvisoryInput {
  return {
    trackingId,
    title: `Advisory ${trackingId}`,
    summary: "An attacker on the network can sign in without a password.",
    details: "",
    cveIds: [],
    cvssV31: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvssV40: "",
    workaround: "",
    acknowledgments: "",
    advisoryStatus: "final",
    products,
    revisionNote: "",
    ...overrides,
  };
}
