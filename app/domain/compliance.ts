/**
 * A product's NDAA §889 status in words, as its page and its datasheet state it (a badge alone says
 * nothing to a buyer who must justify the purchase). Read on the server only: pages get the sentence.
 */
export const NDAA_STATEMENT = {
  yes: "NDAA compliant: this product complies with Section 889 of the U.S. National Defense Authorization Act for Fiscal Year 2019. It contains no video surveillance or telecommunications equipment or components made by Huawei, ZTE, Hytera, Hikvision or Dahua, or their subsidiaries and affiliates.",
  no: "Not NDAA compliant: this product is not offered as compliant with Section 889 of the U.S. National Defense Authorization Act for Fiscal Year 2019; a U.S. federal agency or contractor should choose a model marked NDAA compliant.",
} as const;

export function ndaaStatement(ndaa: boolean): string {
  return ndaa ? NDAA_STATEMENT.yes : NDAA_STATEMENT.no;
}
