import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SECURITY } from "#app/domain/security-policy";
import { DATABASE_KINDS, testDatabaseConfig } from "#tests/support/database";
import { startServer, type RunningServer } from "#tests/support/server";

describe.each(DATABASE_KINDS)("/.well-known/security.txt on %s", (kind) => {
  let server: RunningServer | undefined;
  let cleanup = () => {};
  const publicUrl = "https://cams.example";

  beforeAll(async () => {
    const config = await testDatabaseConfig(kind);
    cleanup = config.cleanup;
    server = await startServer({
      DATA_DIR: config.dataDir,
      PUBLIC_URL: publicUrl,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await server?.stop();
    cleanup();
  });

  it("names the team, the report form, the policy, the languages, itself and the CSAF metadata, and expires under a year ahead", async () => {
    const answer = await fetch(`${server?.url}/.well-known/security.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await answer.text())
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)] as const);
    expect(lines.map(([field]) => field)).toEqual([
      "Contact",
      "Contact",
      "Expires",
      "Policy",
      "Preferred-Languages",
      "Canonical",
      "CSAF",
    ]);
    const fields = new Map(lines.filter(([field]) => field !== "Contact"));
    expect(lines.filter(([field]) => field === "Contact").map(([, value]) => value)).toEqual([
      `mailto:${DEFAULT_SECURITY.securityEmail}`,
      `${publicUrl}/support/vulnerability-disclosure#report`,
    ]);
    expect(fields.get("Policy")).toBe(`${publicUrl}/support/vulnerability-disclosure`);
    expect(fields.get("Preferred-Languages")).toBe("en");
    expect(fields.get("Canonical")).toBe(`${publicUrl}/.well-known/security.txt`);
    expect(fields.get("CSAF")).toBe(`${publicUrl}/.well-known/csaf/provider-metadata.json`);
    // RFC 9116: at most a year ahead, and in the future.
    const expires = Date.parse(fields.get("Expires") ?? "");
    expect(fields.get("Expires")).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(expires).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 365 * 86_400_000);
  });
});
