import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, freshNonce } from "./security";

describe("CSP nonces", () => {
  it("are 128 random bits in base64, never the same twice, also across refills of the pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("end up in the policy's script-src", () => {
    const nonce = freshNonce();
    expect(contentSecurityPolicy([`'nonce-${nonce}'`], false)).toContain(`script-src 'self' 'nonce-${nonce}'`);
  });
});
