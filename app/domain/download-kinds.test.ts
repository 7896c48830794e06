import { describe, expect, it } from "vitest";
import { groupByKind, guessDownloadKind } from "./download-kinds";

describe("guessDownloadKind", () => {
  it("reads what a file is from its description or name", () => {
    expect(guessDownloadKind("Datasheet", "VNT-D4M_Datasheet.pdf")).toBe("datasheet");
    expect(guessDownloadKind("", "vnt-b2m_100%_manual.pdf")).toBe("manual");
    expect(guessDownloadKind("Quick Start Guide")).toBe("manual");
    expect(guessDownloadKind("EU Declaration of Conformity")).toBe("declaration");
    expect(guessDownloadKind("UL certificate", "ul.pdf")).toBe("certificate");
    expect(guessDownloadKind("A&E Specification")).toBe("ae-specification");
    expect(guessDownloadKind("", "VNT-D4M.dwg")).toBe("cad");
    expect(guessDownloadKind("Software bill of materials", "firmware-2.4.cdx.json")).toBe("sbom");
    expect(guessDownloadKind("VMS client", "setup.exe")).toBe("software");
    expect(guessDownloadKind("Firmware 2.4 release notes", "notes.txt")).toBe("other");
  });
});

describe("groupByKind", () => {
  it("groups in the kinds' order, each group in the order given, with no empty group", () => {
    const items = [
      { id: "m1", kind: "manual" },
      { id: "d1", kind: "datasheet" },
      { id: "m2", kind: "manual" },
    ] as const;
    expect(groupByKind(items).map((group) => [group.name, group.items.map((item) => item.id)])).toEqual([
      ["datasheet", ["d1"]],
      ["manual", ["m1", "m2"]],
    ]);
  });
});
