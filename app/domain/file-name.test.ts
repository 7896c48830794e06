import { describe, expect, it } from "vitest";
import { fileNameSegments } from "./file-name";

describe("fileNameSegments", () => {
  it.each([
    ["Vantage_Product_Catalog_2026.pdf", ["Vantage_", "Product_", "Catalog_", "2026.pdf"]],
    ["VNT-D4M-AI28_Datasheet.pdf", ["VNT-", "D4M-", "AI28_", "Datasheet.pdf"]],
    ["VmsClientSetup.exe", ["Vms", "Client", "Setup.exe"]],
    ["Straße_Über_Größe.pdf", ["Straße_", "Über_", "Größe.pdf"]],
    ["überCamera", ["über", "Camera"]],
  ])("cuts %s after separators and between a lower-case and an upper-case letter", (name, segments) => {
    expect(fileNameSegments(name)).toEqual(segments);
  });

  it("keeps a run of separators together, at the end of its segment", () => {
    expect(fileNameSegments("a__b--c..d_e")).toEqual(["a__", "b--", "c..", "d_", "e"]);
    expect(fileNameSegments("notes_")).toEqual(["notes_"]);
  });

  it("never cuts before the first letter, inside a number or before a short extension", () => {
    expect(fileNameSegments(".htaccess")).toEqual([".htaccess"]);
    expect(fileNameSegments("-_draft")).toEqual(["-_draft"]);
    expect(fileNameSegments("Firmware_v2.4.1_Notes.txt")).toEqual(["Firmware_", "v2.4.1_", "Notes.txt"]);
    expect(fileNameSegments("lens-2.8mm.pdf")).toEqual(["lens-", "2.8mm.pdf"]);
    expect(fileNameSegments("release-2.txt")).toEqual(["release-", "2.txt"]);
    // Other dots still are wrap points: between words, and before what is more than an extension.
    expect(fileNameSegments("vms.client.setup.exe")).toEqual(["vms.", "client.", "setup.exe"]);
    expect(fileNameSegments("backup.tar.gz")).toEqual(["backup.", "tar.gz"]);
    expect(fileNameSegments("notes.markdown")).toEqual(["notes.", "markdown"]);
  });

  it("leaves a name without wrap points whole: upper-case runs, digits, one long token", () => {
    expect(fileNameSegments("ABCdef")).toEqual(["ABCdef"]);
    expect(fileNameSegments("IMG20260114")).toEqual(["IMG20260114"]);
    const token = "x".repeat(80);
    expect(fileNameSegments(token)).toEqual([token]);
    expect(fileNameSegments("")).toEqual([]);
  });

  it("gives back every character, in order", () => {
    for (const name of ["A_b-C.d", "My Report (final)_v2.PDF", "日本語_ファイル.txt", "--__..", "aB_"]) {
      expect(fileNameSegments(name).join(""), name).toBe(name);
    }
  });
});
