import { describe, expect, it } from "vitest";
import type { AdvisoryDocument } from "#app/domain/advisory";
import { scoreCvss, type CvssScore } from "#app/domain/cvss";
import { csafDocument, csafFileName } from "#app/server/render/csaf.server";
import { csafProblems } from "#tests/support/csaf";

function score(version: "3.1" | "4.0", vector: string): CvssScore {
  const scored = scoreCvss(version, vector);
  if ("problem" in scored) throw new Error(scored.problem);
  return scored;
}

const PUBLISHER = {
  name: "Vantage Security Systems",
  namespace: "https://cams.example",
  contactDetails: "security@cams.example",
};

const critical: AdvisoryDocument = {
  id: "VSA-2026-004",
  title: "Authentication bypass in the web interface",
  summary: "An attacker on the network can sign in to the camera's web interface without a password.",
  details: "## Impact\n\nFull control of the camera.\n\n## Affected\n\n- VNT-D4M-AI28 before 2.4.3",
  cves: ["CVE-2026-12345"],
  cvss: {
    v31: score("3.1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"),
    v40: score("4.0", "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N"),
  },
  severity: "Critical",
  workaround: "",
  acknowledgments: ["R. Searcher, Example Labs"],
  status: "final",
  affected: [
    {
      productId: "p1",
      model: "VNT-D4M-AI28",
      name: "4MP Starlight AI Dome Camera",
      affectedVersions: ">=2.0.0|<2.4.3",
      fixedIn: { releaseId: "r1", version: "2.4.3", url: "https://cams.example/support/firmware/r1" },
    },
    {
      productId: "p2",
      model: "VNT-B4M-AIZ",
      name: "",
      affectedVersions: "<2.4.3",
      fixedIn: { releaseId: "r1", version: "2.4.3", url: "https://cams.example/support/firmware/r1" },
    },
  ],
  revisions: [
    { number: 1, date: "2026-03-01T09:00:00.000Z", note: "Initial release." },
    { number: 2, date: "2026-03-15T09:00:00.000Z", note: "VNT-B4M-AIZ added." },
  ],
};

const urls = {
  advisoryUrl: "https://cams.example/support/security/vsa-2026-004",
  csafUrl: "https://cams.example/.well-known/csaf/white/2026/vsa-2026-004.json",
};

describe("an advisory as a CSAF 2.0 document", () => {
  it("passes the CSAF validator's schema and mandatory tests, with a fix, or a workaround only, or nothing yet", async () => {
    const document = csafDocument(critical, { publisher: PUBLISHER, ...urls });
    expect(await csafProblems(document)).toEqual([]);
    const workaroundOnly: AdvisoryDocument = {
      ...critical,
      id: "VSA-2026-005",
      cves: [],
      cvss: { v31: null, v40: score("4.0", "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N") },
      severity: "Medium",
      workaround: "Turn off UPnP in Network → Advanced.",
      acknowledgments: [],
      status: "interim",
      affected: critical.affected.map((product) => ({ ...product, fixedIn: null })),
      revisions: [{ number: 1, date: "2026-04-01T09:00:00.000Z", note: "Initial release." }],
    };
    expect(await csafProblems(csafDocument(workaroundOnly, { publisher: PUBLISHER, ...urls }))).toEqual([]);
    const nothingYet = {
      ...workaroundOnly,
      id: "VSA-2026-006",
      workaround: "",
      cves: ["CVE-2026-1", "CVE-2026-22222"],
    };
    // Not a CVE id the standard allows: the validator says so (the advisory's form refuses it first).
    expect(await csafProblems(csafDocument(nothingYet, { publisher: PUBLISHER, ...urls }))).not.toEqual([]);
    const twoCves = { ...nothingYet, cves: ["CVE-2026-11111", "CVE-2026-22222"] };
    expect(await csafProblems(csafDocument(twoCves, { publisher: PUBLISHER, ...urls }))).toEqual([]);
    // A revision missing from the history: the mandatory test 6.1.21 finds it.
    const gap: AdvisoryDocument = {
      ...critical,
      revisions: [
        { number: 1, date: "2026-03-01T09:00:00.000Z", note: "Initial release." },
        { number: 3, date: "2026-03-15T09:00:00.000Z", note: "VNT-B4M-AIZ added." },
      ],
    };
    expect(await csafProblems(csafDocument(gap, { publisher: PUBLISHER, ...urls }))).toContainEqual(
      expect.stringContaining("mandatoryTest_6_1_21"),
    );
  });

  it("carries the revisions, the products' ranges and fixes, and the CVSS 3.1 score", () => {
    const document = csafDocument(critical, { publisher: PUBLISHER, ...urls }) as {
      document: { tracking: { version: string; revision_history: unknown[]; current_release_date: string } };
      vulnerabilities: { cve: string; scores: { cvss_v3: { baseScore: number; baseSeverity: string } }[] }[];
      product_tree: { branches: { branches: { name: string; branches: { category: string; name: string }[] }[] }[] };
    };
    expect(document.document.tracking).toMatchObject({
      version: "2",
      current_release_date: "2026-03-15T09:00:00.000Z",
      revision_history: [
        { number: "1", date: "2026-03-01T09:00:00.000Z", summary: "Initial release." },
        { number: "2", date: "2026-03-15T09:00:00.000Z", summary: "VNT-B4M-AIZ added." },
      ],
    });
    expect(document.vulnerabilities.map((vulnerability) => vulnerability.cve)).toEqual(["CVE-2026-12345"]);
    expect(document.vulnerabilities[0]?.scores[0]?.cvss_v3).toMatchObject({ baseScore: 9.8, baseSeverity: "CRITICAL" });
    expect(document.product_tree.branches[0]?.branches.map((product) => [product.name, product.branches])).toEqual([
      [
        "VNT-D4M-AI28",
        [
          { category: "product_version_range", name: "vers:generic/>=2.0.0|<2.4.3", product: expect.anything() },
          { category: "product_version", name: "2.4.3", product: expect.anything() },
        ],
      ],
      [
        "VNT-B4M-AIZ",
        [
          { category: "product_version_range", name: "vers:generic/<2.4.3", product: expect.anything() },
          { category: "product_version", name: "2.4.3", product: expect.anything() },
        ],
      ],
    ]);
    expect(csafFileName("VSA-2026-004")).toBe("vsa-2026-004.json");
    expect(csafFileName("Acme Advisory 7")).toBe("acme_advisory_7.json");
  });
});
