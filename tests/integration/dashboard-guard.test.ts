import { randomUUID } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { startServer, type RunningServer } from "#tests/support/server";

// Every address of the dashboard, as app/routes.ts names them, asked for by someone not signed in:
// each asks them to sign in and comes back after, and none is an error in the log.

/** Every route's full path pattern, its parents' segments before its own. */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent || "/";
    return [here, ...patterns(entry.children ?? [], here === "/" ? "" : here)];
  });
}

const dashboard = [...new Set(patterns(routes).filter((pattern) => pattern.startsWith("/dashboard")))];
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
});
afterAll(async () => {
  await server?.stop();
});

describe("the dashboard, to someone not signed in", () => {
  it("has its addresses in the route table", () => {
    expect(dashboard.length).toBeGreaterThan(30);
    expect(dashboard).toContain("/dashboard/info-items");
  });

  it.each(dashboard)("%s asks them to sign in, and logs no error", async (pattern) => {
    const address = pattern.replace(/:[A-Za-z]+/g, () => randomUUID());
    const page = await fetch(`${server.url}${address}`, { redirect: "manual" });
    await page.arrayBuffer();
    expect(page.status, address).toBe(302);
    expect(page.headers.get("location"), address).toMatch(/^\/login\?redirectTo=%2Fdashboard/);
    // A client navigation's data request is told the same, inside React Router's answer.
    if (!/\.[a-z]+$/.test(address)) {
      const data = await fetch(`${server.url}${address}.data`, { redirect: "manual" });
      expect(data.status, `${address}.data`).toBeLessThan(400);
      expect(await data.text(), `${address}.data`).toContain("/login?redirectTo=%2Fdashboard");
    }
    const errors = server
      .logs()
      .split("\n")
      .filter((line) => /"level":(5|6)\d/.test(line));
    expect(errors).toEqual([]);
  });
});
