import { describe, expect, it } from "vitest";
import { downloadLine, revisionChanges, type RevisionView } from "./revisions";

const view = (overrides: Partial<RevisionView> = {}): RevisionView => ({
  fields: [
    ["Model", "VX-100"],
    ["NDAA", "Yes"],
  ],
  lists: [
    ["Features", ["Night vision", "PoE"]],
    ["Downloads", ["Manual — manual.pdf"]],
  ],
  table: [
    ["Resolution", "4 MP"],
    ["Lens", "2.8 mm"],
  ],
  ...overrides,
});

describe("revisionChanges", () => {
  it("finds nothing between equal revisions", () => {
    expect(revisionChanges(view(), view())).toEqual([]);
  });

  it("lists a translation added, changed and emptied as a change of its field in its language", () => {
    const before = view({
      translations: [
        ["Name (Deutsch)", "Kuppel"],
        ["Description (Deutsch)", "Alt."],
      ],
    });
    const after = view({
      translations: [
        ["Name (Deutsch)", "Kuppelkamera"],
        ["Name (Français)", "Dôme"],
      ],
    });
    expect(revisionChanges(before, after)).toEqual([
      { kind: "changed", label: "Name (Deutsch)", before: "Kuppel", after: "Kuppelkamera" },
      { kind: "changed", label: "Name (Français)", before: "", after: "Dôme" },
      { kind: "changed", label: "Description (Deutsch)", before: "Alt.", after: "" },
    ]);
    // Revisions from before translations have none: a record translated since shows what was added.
    expect(revisionChanges(view(), view({ translations: [] }))).toEqual([]);
  });

  it("names changed fields with both values, list items added and removed, and table rows", () => {
    const after = view({
      fields: [
        ["Model", "VX-200"],
        ["NDAA", "Yes"],
      ],
      lists: [
        ["Features", ["PoE", "Audio"]],
        ["Downloads", ["Manual — manual-v2.pdf"]],
      ],
      table: [
        ["Resolution", "8 MP"],
        ["Lens", "2.8 mm"],
      ],
    });
    expect(revisionChanges(view(), after)).toEqual([
      { kind: "changed", label: "Model", before: "VX-100", after: "VX-200" },
      { kind: "added", label: "Features", items: ["Audio"] },
      { kind: "removed", label: "Features", items: ["Night vision"] },
      { kind: "added", label: "Downloads", items: ["Manual — manual-v2.pdf"] },
      { kind: "removed", label: "Downloads", items: ["Manual — manual.pdf"] },
      { kind: "table", added: ["Resolution | 8 MP"], removed: ["Resolution | 4 MP"] },
    ]);
  });

  it("counts repeated items, so removing one of two equal rows is seen", () => {
    const before = view({ table: [["A"], ["A"]] });
    expect(revisionChanges(before, view({ table: [["A"]] }))).toEqual([{ kind: "table", added: [], removed: ["A"] }]);
  });

  it("lists what a first revision was made with", () => {
    expect(revisionChanges(null, view({ table: null, lists: [["Features", ["PoE"]]] }))).toEqual([
      { kind: "changed", label: "Model", before: "", after: "VX-100" },
      { kind: "changed", label: "NDAA", before: "", after: "Yes" },
      { kind: "added", label: "Features", items: ["PoE"] },
    ]);
  });

  it("reads a field kept since an earlier revision as what every record had then, and others as no change", () => {
    const before = view({});
    const withStatus = (status: string, extra: [string, string][] = []): RevisionView => ({
      ...before,
      fields: [...before.fields, ["Status", status], ...extra],
    });
    expect(revisionChanges(before, withStatus("Published"))).toEqual([]);
    expect(revisionChanges(before, withStatus("Draft", [["Later field", "x"]]))).toEqual([
      { kind: "changed", label: "Status", before: "Published", after: "Draft" },
    ]);
  });

  it("reads a download's type, kept since downloads have types, as no change, and a changed type as one", () => {
    const before = view();
    const typed = (kind: "other" | "manual") =>
      view({
        lists: [
          ["Features", ["Night vision", "PoE"]],
          ["Downloads", [downloadLine("Manual — manual.pdf", kind)]],
        ],
      });
    expect(downloadLine("Manual — manual.pdf", "manual")).toBe("Manual — manual.pdf · Manual");
    expect(revisionChanges(before, typed("manual"))).toEqual([]);
    expect(revisionChanges(typed("other"), typed("manual"))).toEqual([
      { kind: "added", label: "Downloads", items: ["Manual — manual.pdf · Manual"] },
      { kind: "removed", label: "Downloads", items: ["Manual — manual.pdf · Other"] },
    ]);
  });
});
