import { describe, expect, it } from "vitest";
import { securityTxt } from "./security-policy";

describe("securityTxt", () => {
  it("names the contact, the policy, the languages and itself, and expires under a year after today", () => {
    const text = securityTxt({
      publicUrl: "https://cams.example",
      securityEmail: "psirt@cams.example",
      policyPath: "/support/vulnerability-disclosure",
      reportFormAnchor: "report",
      csafPath: "/.well-known/csaf/provider-metadata.json",
      today: "2026-12-05",
    });
    expect(text).toBe(
      [
        "Contact: mailto:psirt@cams.example",
        "Contact: https://cams.example/support/vulnerability-disclosure#report",
        "Expires: 2027-12-04T00:00:00Z",
        "Policy: https://cams.example/support/vulnerability-disclosure",
        "Preferred-Languages: en",
        "Canonical: https://cams.example/.well-known/security.txt",
        "CSAF: https://cams.example/.well-known/csaf/provider-metadata.json",
        "",
      ].join("\n"),
    );
    // A leap year's day: still under a year (RFC 9116, 2.5.5).
    expect(
      securityTxt({
        publicUrl: "",
        securityEmail: "a@b.example",
        policyPath: "/p",
        reportFormAnchor: "r",
        csafPath: "/c",
        today: "2027-03-01",
      }),
    ).toContain("Expires: 2028-02-28T00:00:00Z");
  });
});
