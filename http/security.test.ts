import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, freshNonce, hashSource } from "./security";

describe("CSP nonces", () => {
  it("are 128 random bits in base64, never the same twice, also across refills of the pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("end up in the policy's script-src", () => {
    const nonce = freshNonce();
    expect(contentSecurityPolicy([`'nonce-${nonce}'`], [], false)).toContain(`script-src 'self' 'nonce-${nonce}'`);
  });
});

describe("CSP styles", () => {
  const stylesheet = "body{color:red}";

  it("allow the inline stylesheet by its hash and nothing else inline in production", () => {
    const policy = contentSecurityPolicy([], [hashSource(stylesheet)], false);
    const styleSrc = policy.split("; ").find((directive) => directive.startsWith("style-src "));
    // The hash a browser computes: SHA-256 of the element's text, in base64.
    const expected = createHash("sha256").update(stylesheet).digest("base64");
    expect(styleSrc).toBe(`style-src 'self' 'sha256-${expected}'`);
  });

  it("allow inline styles only in development, where Vite injects its own", () => {
    expect(contentSecurityPolicy([], [hashSource(stylesheet)], true)).toContain("style-src 'self' 'unsafe-inline'");
  });
});
