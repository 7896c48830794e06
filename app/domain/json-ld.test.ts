import { describe, expect, it } from "vitest";
import { specPropertiesJsonLd } from "./json-ld";
import { testAttribute } from "#tests/support/spec-attributes";

const attribute = testAttribute;

describe("specPropertiesJsonLd", () => {
  it("writes each typed value as a PropertyValue with its unit's UN/CEFACT code", () => {
    expect(
      specPropertiesJsonLd([
        { attribute: attribute({ name: "IR range", unit: "m" }), value: 30 },
        { attribute: attribute({ name: "Focal length", type: "range", unit: "mm", precision: 1 }), value: [2.8, 12] },
        { attribute: attribute({ name: "Lens", type: "range", unit: "mm", precision: 1 }), value: [4, 4] },
        { attribute: attribute({ name: "Frame rate", unit: "fps" }), value: 30 },
        {
          attribute: attribute({
            name: "Compression",
            type: "choice",
            multiple: true,
            choices: [
              { id: "a", label: "H.264" },
              { id: "b", label: "H.265" },
            ],
          }),
          value: ["a", "b"],
        },
        { attribute: attribute({ name: "Audio", type: "boolean" }), value: false },
        { attribute: attribute({ name: "Channels" }), value: 8 },
      ]),
    ).toEqual([
      { "@type": "PropertyValue", name: "IR range", value: 30, unitCode: "MTR", unitText: "m" },
      { "@type": "PropertyValue", name: "Focal length", minValue: 2.8, maxValue: 12, unitCode: "MMT", unitText: "mm" },
      { "@type": "PropertyValue", name: "Lens", value: 4, unitCode: "MMT", unitText: "mm" },
      // No common code for frames a second: the symbol says it.
      { "@type": "PropertyValue", name: "Frame rate", value: 30, unitText: "fps" },
      { "@type": "PropertyValue", name: "Compression", value: "H.264, H.265" },
      { "@type": "PropertyValue", name: "Audio", value: false },
      { "@type": "PropertyValue", name: "Channels", value: 8 },
    ]);
  });
});
