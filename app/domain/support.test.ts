import { describe, expect, it } from "vitest";
import { isFiltered, supportUrl } from "./support";

describe("supportUrl", () => {
  it("keeps only the fields that hold something", () => {
    expect(supportUrl({})).toBe("/support");
    expect(supportUrl({ query: "", categoryId: "" })).toBe("/support");
    expect(supportUrl({ query: "dome & bullet" })).toBe("/support?q=dome+%26+bullet");
    expect(supportUrl({ query: "x", categoryId: "c1" })).toBe("/support?q=x&category=c1");
    expect(supportUrl({ categoryId: "c1" })).toBe("/support?category=c1");
    expect(supportUrl({ query: "x", kind: "datasheet" })).toBe("/support?q=x&type=datasheet");
  });
});

describe("isFiltered", () => {
  it("knows a narrowed view", () => {
    const none = { query: "", categoryName: null, kind: null };
    expect(isFiltered(none)).toBe(false);
    expect(isFiltered({ ...none, query: "xyz" })).toBe(true);
    expect(isFiltered({ ...none, categoryName: "Dome Cameras" })).toBe(true);
    expect(isFiltered({ ...none, kind: "datasheet" })).toBe(true);
  });
});
