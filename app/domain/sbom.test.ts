import { describe, expect, it } from "vitest";
import { sbomFormatOfText } from "./sbom";

const cycloneDx = {
  bomFormat: "CycloneDX",
  specVersion: "1.6",
  version: 1,
  metadata: { component: { type: "firmware", name: "VNT-IPC", version: "2.5.4" } },
  components: [{ type: "library", name: "openssl", version: "3.0.15" }],
};

const spdx = {
  spdxVersion: "SPDX-2.3",
  SPDXID: "SPDXRef-DOCUMENT",
  dataLicense: "CC0-1.0",
  name: "VNT-NVR firmware 4.2.7",
  documentNamespace: "https://vantage.example/spdx/vnt-nvr-4.2.7",
  creationInfo: { created: "2026-03-01T00:00:00Z", creators: ["Organization: Vantage"] },
  packages: [{ SPDXID: "SPDXRef-busybox", name: "busybox" }],
};

describe("sbomFormatOfText", () => {
  it("names a CycloneDX or SPDX document by its format and version", () => {
    expect(sbomFormatOfText(JSON.stringify(cycloneDx))).toBe("CycloneDX 1.6");
    expect(sbomFormatOfText(JSON.stringify(spdx))).toBe("SPDX 2.3");
    expect(
      sbomFormatOfText(
        JSON.stringify({
          "@context": "https://spdx.org/rdf/3.0.1/spdx-context.jsonld",
          "@graph": [{ type: "software_Package", name: "busybox" }],
        }),
      ),
    ).toBe("SPDX 3.0");
  });

  it("refuses what is no SBOM: other JSON, a document missing what its standard requires, not JSON at all", () => {
    expect(sbomFormatOfText(JSON.stringify({ name: "package.json", version: "1.0.0" }))).toBeNull();
    expect(sbomFormatOfText(JSON.stringify({ ...cycloneDx, specVersion: "2.0" }))).toBeNull();
    expect(sbomFormatOfText(JSON.stringify({ ...spdx, dataLicense: "MIT" }))).toBeNull();
    expect(sbomFormatOfText(JSON.stringify([cycloneDx]))).toBeNull();
    expect(sbomFormatOfText("<bom xmlns='http://cyclonedx.org/schema/bom/1.6'/>")).toBeNull();
    expect(sbomFormatOfText("")).toBeNull();
  });
});
