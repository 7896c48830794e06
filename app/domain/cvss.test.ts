import { describe, expect, it } from "vitest";
import { scoreCvss, severityOf } from "./cvss";

describe("scoreCvss", () => {
  it("scores known vectors as FIRST's calculators do", () => {
    expect(scoreCvss("3.1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toEqual({
      version: "3.1",
      vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      score: 9.8,
      severity: "Critical",
    });
    expect(scoreCvss("3.1", "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N")).toMatchObject({
      score: 6.4,
      severity: "Medium",
    });
    expect(scoreCvss("3.1", "CVSS:3.1/AV:A/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N")).toMatchObject({
      score: 1.8,
      severity: "Low",
    });
    expect(scoreCvss("4.0", "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N")).toMatchObject({
      score: 9.3,
      severity: "Critical",
    });
    expect(scoreCvss("4.0", "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N")).toMatchObject({
      score: 5.3,
      severity: "Medium",
    });
    expect(scoreCvss("4.0", "CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N")).toMatchObject({
      score: 0,
      severity: "None",
    });
  });

  it("writes a vector in the standard's order of metrics", () => {
    expect(scoreCvss("3.1", " CVSS:3.1/AC:L/AV:N/PR:N/UI:N/S:U/C:H/I:H/A:H ")).toMatchObject({
      vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    });
  });

  it("says what is wrong with a vector it cannot score", () => {
    expect(scoreCvss("3.1", "AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toEqual({
      problem: "Start the vector with CVSS:3.1/",
    });
    expect(scoreCvss("4.0", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toEqual({
      problem: "Start the vector with CVSS:4.0/",
    });
    expect(scoreCvss("3.1", "CVSS:3.1/AV:N/AC:L")).toEqual({
      problem: "Give each base metric once, and only those: AV, AC, PR, UI, S, C, I, A",
    });
    expect(scoreCvss("3.1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:P")).toHaveProperty("problem");
    expect(scoreCvss("3.1", "CVSS:3.1/AV:N/AV:N/PR:N/UI:N/S:U/C:H/I:H/A:H")).toHaveProperty("problem");
    expect(scoreCvss("3.1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:Q")).toEqual({
      problem: "A:Q is no value of the metric A",
    });
  });

  it("rates a score on FIRST's scale", () => {
    expect([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10].map(severityOf)).toEqual([
      "None",
      "Low",
      "Low",
      "Medium",
      "Medium",
      "High",
      "High",
      "Critical",
      "Critical",
    ]);
  });
});
