import { describe, expect, it } from "vitest";
import { cleanFileName, fileUrl } from "./files.server";

describe("cleanFileName", () => {
  it("keeps only the last path segment so a name can never point into another folder", () => {
    expect(cleanFileName("../../x")).toBe("x");
    expect(cleanFileName("..\\..\\windows\\evil.exe")).toBe("evil.exe");
    expect(cleanFileName("/etc/passwd")).toBe("passwd");
  });

  it("drops control characters and leading dots, and never returns an empty name", () => {
    expect(cleanFileName("re\u0000port\n.pdf")).toBe("report.pdf");
    expect(cleanFileName(".htaccess")).toBe("htaccess");
    expect(cleanFileName("../")).toBe("file");
    expect(cleanFileName("   ")).toBe("file");
  });

  it("keeps readable names, spaces and non-ASCII letters", () => {
    expect(cleanFileName("Prüfbericht 2026.pdf")).toBe("Prüfbericht 2026.pdf");
    expect(cleanFileName("a".repeat(300)).length).toBe(200);
  });
});

describe("fileUrl", () => {
  it("puts the id first and the encoded original name last", () => {
    expect(fileUrl({ id: "0b9e6a62-5f0c-4f4e-9a41-2b1f1c1d7a10", originalName: "Quick Start #1.pdf" })).toBe(
      "/files/0b9e6a62-5f0c-4f4e-9a41-2b1f1c1d7a10/Quick%20Start%20%231.pdf",
    );
  });
});
