import { describe, expect, it } from "vitest";
import { SSO_DOMAINS_MAX, ssoDomainsOf } from "./auth-messages";

describe("ssoDomainsOf", () => {
  it("reads domains separated by commas, spaces or lines, each once, lower-cased, an @ before one ignored", () => {
    expect(ssoDomainsOf("Example.com, @partner.co.uk\nexample.com; sub.example.org")).toEqual({
      domains: ["example.com", "partner.co.uk", "sub.example.org"],
    });
    expect(ssoDomainsOf("  ")).toEqual({ domains: [] });
  });

  it("names what is not a domain, and refuses too many", () => {
    expect(ssoDomainsOf("example.com, not a domain")).toEqual({
      error: '"not" is not an e-mail domain such as example.com.',
    });
    expect(ssoDomainsOf("localhost")).toEqual({ error: '"localhost" is not an e-mail domain such as example.com.' });
    expect(ssoDomainsOf("-bad.example.com")).toHaveProperty("error");
    const many = Array.from({ length: SSO_DOMAINS_MAX + 1 }, (_, at) => `d${at}.example.com`).join(",");
    expect(ssoDomainsOf(many)).toEqual({ error: `At most ${SSO_DOMAINS_MAX} domains.` });
  });
});
