import { describe, expect, it } from "vitest";
import { naturalCompare } from "#app/domain/format";
import {
  affectedInWords,
  fixStatusInWords,
  scoreInWords,
  severityInWords,
  versionsInWords,
} from "./advisory-words.server";

const AFFECTED = { affectedVersions: ">=2.0.0|<2.4.3", fixedIn: { releaseId: "r", version: "2.4.3", url: "/f" } };
const UNFIXED = { affectedVersions: "<2.4.3", fixedIn: null };

describe("an advisory in words", () => {
  /** Whether the latest stable firmware `latest` fixes `product`, said in `chain`'s language. */
  const fix = (product: typeof AFFECTED | typeof UNFIXED, latest?: string, workaround = false, chain = ["en"]) =>
    fixStatusInWords(product, latest, workaround, naturalCompare, chain);

  it("says in English, word for word as before, whether a product's latest firmware fixes it", () => {
    expect(fix(AFFECTED, "2.4.3")).toBe("Fixed in firmware 2.4.3, the latest firmware.");
    expect(fix(AFFECTED, "2.10.0")).toBe("Fixed in firmware 2.4.3; the latest firmware, 2.10.0, includes the fix.");
    expect(fix(AFFECTED, "2.4.1")).toBe(
      "Fixed in firmware 2.4.3; the latest stable firmware, 2.4.1, does not include it yet.",
    );
    expect(fix(AFFECTED)).toBe("Fixed in firmware 2.4.3.");
    expect(fix(UNFIXED, "2.5.0")).toBe("The latest firmware, 2.5.0, is not affected.");
    expect(fix(UNFIXED, "2.4.0", true)).toBe("No fixed firmware yet: apply the workaround.");
    expect(fix(UNFIXED, "2.4.0")).toBe("No fixed firmware yet.");
  });

  it("says the versions, severity and score in English as before, and in the page's language", () => {
    expect(versionsInWords(">=2.0.0|<2.4.3")).toBe("2.0.0 and later, before 2.4.3");
    expect(versionsInWords(">2.0|<=2.4|!=2.2|2.9")).toBe("after 2.0, up to 2.4, except 2.2, 2.9");
    const cvss = { v31: null, v40: { version: "4.0" as const, vector: "", score: 9, severity: "Critical" as const } };
    expect(severityInWords({ severity: "Critical", cvss })).toBe("Critical (CVSS 4.0: 9.0)");
    expect(severityInWords({ severity: "Low", cvss: { v31: null, v40: null } })).toBe("Low");
    expect(scoreInWords(8.75, ["en"])).toBe("8.8");
    expect(affectedInWords({ ...AFFECTED, productId: "p", model: "VNT-D4M", name: "" })).toBe(
      "VNT-D4M: 2.0.0 and later, before 2.4.3; fixed in firmware 2.4.3",
    );
    expect(affectedInWords({ ...UNFIXED, productId: "p", model: "VNT-D4M", name: "" })).toBe(
      "VNT-D4M: before 2.4.3; no fixed firmware yet",
    );
    // German writes a decimal comma, and its own words around the same values.
    expect(scoreInWords(9.8, ["de", "en"])).toBe("9,8");
    expect(severityInWords({ severity: "Critical", cvss }, ["de", "en"])).toMatch(/^Kritisch \(CVSS 4\.0: 9,0\)$/);
    expect(versionsInWords(">=2.0.0|<2.4.3", ["de", "en"])).toMatch(/2\.0\.0.*2\.4\.3/);
    expect(versionsInWords(">=2.0.0|<2.4.3", ["de", "en"])).not.toContain("later");
    expect(fix(AFFECTED, "2.4.3", false, ["de", "en"])).toContain("2.4.3");
    expect(fix(AFFECTED, "2.4.3", false, ["de", "en"])).not.toContain("Fixed");
  });
});
