import { describe, expect, it } from "vitest";
import { DEMO_KNOWN_MODELS } from "#tests/support/demo-models";
import { catalogProblems, DEMO_CATALOG, DEMO_PRODUCTS, type DemoCatalog } from "./demo-catalog";
import { generalDocument, productDocument } from "./documents";
import { buildPdf, pdfString, wrap } from "./pdf";
import { createRandom } from "./random";
import { scoreCvss } from "#app/domain/cvss";
import { versionInRange } from "#app/domain/advisory";
import { naturalCompare } from "#app/domain/format";

function product(model: string) {
  const found = DEMO_PRODUCTS.find((candidate) => candidate.model === model);
  if (!found) throw new Error(`no ${model}`);
  return found;
}

/** Checks what a PDF reader relies on: the header, the cross-reference offsets and the stream lengths. */
function pdfStructureProblems(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes).toString("latin1");
  const problems: string[] = [];
  if (!text.startsWith("%PDF-1.4\n")) problems.push("header");
  if (!text.endsWith("%%EOF\n")) problems.push("trailer");
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  if (!text.startsWith("xref\n", startxref)) problems.push("startxref");
  const entries = text.slice(startxref).match(/^\d{10} 00000 n \n/gm) ?? [];
  entries.forEach((entry, index) => {
    if (!text.startsWith(`${index + 1} 0 obj\n`, Number(entry.slice(0, 10)))) problems.push(`offset of ${index + 1}`);
  });
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    if (!text.startsWith("\nendstream", start + Number(match[1]))) problems.push("stream length");
  }
  return problems;
}

describe("the demo catalog data", () => {
  it("is consistent: known categories, features, accessories and replacements, no model twice", () => {
    expect(catalogProblems(DEMO_CATALOG)).toEqual([]);
    expect(DEMO_CATALOG.categories.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(40);
    for (const model of Object.values(DEMO_KNOWN_MODELS)) expect(() => product(model)).not.toThrow();
  });

  it("reports what is wrong with a broken catalog", () => {
    const first = DEMO_PRODUCTS[0];
    if (!first) throw new Error("no products");
    const broken: DemoCatalog = {
      ...DEMO_CATALOG,
      products: [
        ...DEMO_PRODUCTS,
        { ...first, model: first.model.toLowerCase() },
        {
          ...first,
          model: "VNT-X",
          features: ["Teleportation"],
          accessories: ["VNT-NOPE", "VNT-X"],
          lifecycle: {
            stage: "discontinued",
            endOfSaleOn: null,
            discontinuedOn: null,
            firmwareUntil: null,
            repairsUntil: null,
            replacedBy: ["VNT-X", "VNT-GONE"],
          },
        },
      ],
    };
    expect(catalogProblems(broken)).toEqual([
      `Model ${first.model.toLowerCase()} is listed twice`,
      `VNT-X: ${first.category} has no feature Teleportation`,
      "VNT-X: unknown accessory VNT-NOPE",
      "VNT-X: is its own accessory",
      "VNT-X: replaces itself",
      "VNT-X: unknown replacement VNT-GONE",
      "VNT-X: Enter the date it was discontinued",
    ]);
  });
});

describe("the demo documents", () => {
  it("are valid PDF files, the same bytes on every run", () => {
    const dome = product(DEMO_KNOWN_MODELS.dome);
    for (const kind of [
      "datasheet",
      "manual",
      "quickstart",
      "installation",
      "declaration",
      "ae-specification",
    ] as const) {
      const file = productDocument(dome, "dome", kind);
      expect(file.fileName).toMatch(/\.pdf$/);
      expect(pdfStructureProblems(file.bytes)).toEqual([]);
      expect(productDocument(dome, "dome", kind).bytes).toEqual(file.bytes);
    }
    for (const download of DEMO_CATALOG.generalDownloads) {
      const file = generalDocument(download, DEMO_CATALOG);
      if (file.fileName.endsWith(".pdf")) expect(pdfStructureProblems(file.bytes)).toEqual([]);
      else expect(Buffer.from(file.bytes).toString("utf8")).toContain("443");
    }
  });

  it("spreads a long document over several pages", () => {
    const catalog = DEMO_CATALOG.generalDownloads.find((download) => download.kind === "product-catalog");
    if (!catalog) throw new Error("no product catalog download");
    const text = Buffer.from(generalDocument(catalog, DEMO_CATALOG).bytes).toString("latin1");
    const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`(${DEMO_KNOWN_MODELS.thermal})`);
  });

  it("names firmware release notes after a stable version", () => {
    const file = productDocument(product(DEMO_KNOWN_MODELS.dome), "dome", "firmware");
    expect(file.description).toMatch(/^Firmware 2\.4\.\d release notes$/);
    expect(file.fileName).toMatch(/^VNT-D4M-AI28_V2\.4\.\d_build26\d{4}_Release_Notes\.txt$/);
    expect(productDocument(product(DEMO_KNOWN_MODELS.dome), "dome", "firmware")).toEqual(file);
  });

  it("writes text the way the standard fonts can show it", () => {
    expect(pdfString("a (b) \\ c")).toBe("(a \\(b\\) \\\\ c)");
    expect(pdfString('-30 °C – 1/2.8" × 4')).toBe('(-30 \\260C \\226 1/2.8" \\327 4)');
    expect(pdfString("日本")).toBe("(\\077\\077)");
  });

  it("wraps text to the line width without losing words", () => {
    const text = "Smart IR reaches 30 m in total darkness and H.265 keeps storage needs low";
    const lines = wrap(text, 20);
    expect(lines.every((line) => line.length <= 20)).toBe(true);
    expect(lines.join(" ")).toBe(text);
    expect(wrap("", 20)).toEqual([""]);
  });

  it("builds a document with a table", () => {
    const bytes = buildPdf({ title: "T", blocks: [{ kind: "table", rows: [["Lens", "2.8 mm"]] }] });
    expect(pdfStructureProblems(bytes)).toEqual([]);
  });
});

describe("the seeded generator", () => {
  it("repeats its sequence for the same seed", () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const first = Array.from({ length: 5 }, () => a.int(0, 1000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1000))).toEqual(first);
    expect(createRandom(43).int(0, 1000)).not.toBe(createRandom(42).int(0, 1000));
    expect(createRandom(7).sample([1, 2, 3, 4], 4).sort()).toEqual([1, 2, 3, 4]);
  });

  it("has three advisories a security team would publish: critical and fixed, a workaround only, revised once", () => {
    const { advisories, firmware } = DEMO_CATALOG;
    const scores = advisories.map((advisory) =>
      [scoreCvss("4.0", advisory.cvssV40), scoreCvss("3.1", advisory.cvssV31)].flatMap((scored) =>
        "severity" in scored ? [scored.severity] : [],
      ),
    );
    expect(scores.map((severities) => severities[0])).toEqual(["Medium", "Critical", "High"]);
    for (const advisory of advisories) {
      for (const affected of advisory.products) {
        expect(DEMO_PRODUCTS.map((known) => known.model)).toContain(affected.model);
        if (!affected.fixedVersion) continue;
        // The fix is a release of the model's own line, outside the affected range.
        const release = firmware.find(
          (candidate) =>
            candidate.releaseVersion === affected.fixedVersion && candidate.models.includes(affected.model),
        );
        expect(release?.channel).toBe("stable");
        expect(versionInRange(affected.fixedVersion, affected.affectedVersions, naturalCompare)).toBe(false);
      }
    }
    const critical = advisories[1];
    expect(critical?.products.every((affected) => affected.fixedVersion)).toBe(true);
    expect(advisories[2]?.products.some((affected) => affected.fixedVersion)).toBe(false);
    expect(advisories[2]?.workaround).not.toBe("");
    expect(advisories.map((advisory) => advisory.revisions.length)).toEqual([2, 1, 1]);
  });
});
