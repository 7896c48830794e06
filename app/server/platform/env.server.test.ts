import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("fills in the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DEMO_DATA).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe("http://127.0.0.1:3000");
  });

  it("names every bad variable in one message", () => {
    const attempt = () =>
      parseEnv({ PORT: "seventy", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", METRICS_TOKEN: "short" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL[\s\S]*METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  it("takes a whole number of render threads, 0 for none", () => {
    expect(parseEnv({}).RENDER_THREADS).toBeUndefined();
    expect(parseEnv({ RENDER_THREADS: "0" }).RENDER_THREADS).toBe(0);
    expect(parseEnv({ RENDER_THREADS: "3" }).RENDER_THREADS).toBe(3);
    expect(() => parseEnv({ RENDER_THREADS: "-1" })).toThrow(/RENDER_THREADS/);
    expect(() => parseEnv({ RENDER_THREADS: "1.5" })).toThrow(/RENDER_THREADS/);
  });

  it("wants the four OIDC settings together, the issuer a web address", () => {
    const oidc = {
      OIDC_ISSUER_URL: "https://login.example.com/tenant/v2.0",
      OIDC_CLIENT_ID: "vantage",
      OIDC_CLIENT_SECRET: "s3cret",
      OIDC_NAME: "Microsoft",
    };
    expect(parseEnv(oidc)).toMatchObject(oidc);
    expect(() => parseEnv({ ...oidc, OIDC_NAME: undefined })).toThrow(
      /OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME must be set together/,
    );
    expect(() => parseEnv({ ...oidc, OIDC_ISSUER_URL: "login.example.com" })).toThrow(/OIDC_ISSUER_URL/);
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.example" })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.example", ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
  });

  it("reads DEMO_DATA=0 as off and takes PUBLIC_URL without its trailing slash", () => {
    const env = parseEnv({ DEMO_DATA: "0", PUBLIC_URL: "https://cams.example/" });
    expect(env.DEMO_DATA).toBe(false);
    expect(env.publicUrl).toBe("https://cams.example");
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("trusts no proxy, a number of hops or named addresses, never every hop", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).TRUST_PROXY).toBe("loopback,10.0.0.0/8,::1");
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: trusting every proxy/);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(EnvError);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/not a number of proxies.*10\.0\.0\.0\/33/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.example" })).toThrow(/proxy\.example/);
  });
});
