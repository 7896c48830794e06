import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CRITERIA } from "./accessibility-report";

/** WCAG 2.2's success criteria of levels A and AA (4.1.1 Parsing was removed from 2.2). */
const WCAG_22_A = [
  "1.1.1",
  "1.2.1",
  "1.2.2",
  "1.2.3",
  "1.3.1",
  "1.3.2",
  "1.3.3",
  "1.4.1",
  "1.4.2",
  "2.1.1",
  "2.1.2",
  "2.1.4",
  "2.2.1",
  "2.2.2",
  "2.3.1",
  "2.4.1",
  "2.4.2",
  "2.4.3",
  "2.4.4",
  "2.5.1",
  "2.5.2",
  "2.5.3",
  "2.5.4",
  "3.1.1",
  "3.2.1",
  "3.2.2",
  "3.2.6",
  "3.3.1",
  "3.3.2",
  "3.3.7",
  "4.1.2",
];
const WCAG_22_AA = [
  "1.2.4",
  "1.2.5",
  "1.3.4",
  "1.3.5",
  "1.4.3",
  "1.4.4",
  "1.4.5",
  "1.4.10",
  "1.4.11",
  "1.4.12",
  "1.4.13",
  "2.4.5",
  "2.4.6",
  "2.4.7",
  "2.4.11",
  "2.5.7",
  "2.5.8",
  "3.1.2",
  "3.2.3",
  "3.2.4",
  "3.3.3",
  "3.3.4",
  "3.3.8",
  "4.1.3",
];

describe("the accessibility conformance report", () => {
  it("reports every WCAG 2.2 A and AA criterion once, at its level", () => {
    expect(CRITERIA.filter((criterion) => criterion.level === "A").map((criterion) => criterion.id)).toEqual(WCAG_22_A);
    expect(CRITERIA.filter((criterion) => criterion.level === "AA").map((criterion) => criterion.id)).toEqual(
      WCAG_22_AA,
    );
  });

  it("names, for every criterion, tests that exist in the repository", () => {
    const missing: string[] = [];
    for (const criterion of CRITERIA) {
      if (criterion.heldBy.length === 0) missing.push(`${criterion.id} names no test`);
      for (const held of criterion.heldBy) {
        const file = path.join(process.cwd(), held.file);
        const source = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
        if (!source.includes(held.test)) missing.push(`${criterion.id}: ${held.file} has no test "${held.test}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
