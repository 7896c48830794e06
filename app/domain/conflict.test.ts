import { describe, expect, it } from "vitest";
import { changedValues, valueAtName } from "./conflict";

describe("what a conflict keeps of the admin's form", () => {
  const payload = {
    name: "Renamed",
    description: "Old description, untouched",
    features: [{ label: "4MP" }, { label: "Night vision" }],
    changedFields: "name\nfeatures[1].label",
  };

  it("reads a field by its form name, nested as the form library reads it", () => {
    expect(valueAtName(payload, "features[1].label")).toBe("Night vision");
    expect(valueAtName(payload, "features.0.label")).toBe("4MP");
    expect(valueAtName(payload, "features[7].label")).toBeUndefined();
    expect(valueAtName(null, "name")).toBeUndefined();
  });

  it("keeps only the fields the admin changed, by their whole names", () => {
    const kept = changedValues(payload, payload.changedFields);
    expect(kept).toEqual({ name: "Renamed", "features[1].label": "Night vision" });
    expect(valueAtName(kept, "features[1].label")).toBe("Night vision");
    expect(valueAtName(kept, "description")).toBeUndefined();
    expect(changedValues(payload, "")).toEqual({});
  });

  it("keeps every field of a form sent without the list (no JavaScript)", () => {
    expect(changedValues(payload, null)).toBe(payload);
  });
});
