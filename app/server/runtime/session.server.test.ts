import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./session.server";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/dashboard/products/?page=2")).toBe("/dashboard/products/?page=2");
  });

  it("refuses anything that could leave the site", () => {
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/dashboard\\..\\\\evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      expect(safeRedirectPath(target)).toBe("/dashboard");
    }
    expect(safeRedirectPath(null, "/")).toBe("/");
  });
});
