import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { adminEnv, signIn } from "#tests/support/http";
import { startServer, type RunningServer } from "#tests/support/server";

// Every address of the dashboard, as app/routes.ts names them, asked for and posted to by someone not
// signed in, and by an editor: the dashboard's one guard (app/server/runtime/session.server.ts) sends the
// first to sign in, and refuses the second what only owners may see or change. A route added under
// the dashboard is walked here without being named; one whose guard is taken off fails here.

/** Every route's full path pattern, its parents' segments before its own. */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent || "/";
    return [here, ...patterns(entry.children ?? [], here === "/" ? "" : here)];
  });
}

const dashboard = [...new Set(patterns(routes).filter((pattern) => pattern.startsWith("/dashboard")))];
/** What docs/requirements.md §6 gives owners alone (a record's history: the site settings'). */
const OWNERS_ONLY = [
  "/dashboard/settings",
  "/dashboard/search-synonyms",
  "/dashboard/people",
  "/dashboard/audit",
  "/dashboard/audit.csv",
];

/** A pattern made an address: each parameter, optional ones too, a fresh id; the history's record type a real one. */
function addressOf(pattern: string): string {
  return pattern.replace(":recordType", "product").replace(/:[A-Za-z]+\??/g, () => randomUUID());
}

let server: RunningServer;
let editorCookie: string;
const EDITOR = { email: "editor@vantage.test", password: "an editor's password" };

beforeAll(async () => {
  server = await startServer({ ...adminEnv(), LOG_LEVEL: "info" });
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ["scripts/admin.js", "create", EDITOR.email, "--password", EDITOR.password, "--role", "editor"],
      { env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATA_DIR: server.dataDir, LOG_LEVEL: "silent" } },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  ({ cookie: editorCookie } = await signIn(server.url, EDITOR));
});
afterAll(async () => {
  await server?.stop();
});

function post(address: string, cookie?: string) {
  return fetch(`${server.url}${address}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: "intent=delete&version=1&name=Guarded",
  });
}

function errorLines(): string[] {
  return server
    .logs()
    .split("\n")
    .filter((line) => /"level":(5|6)\d/.test(line));
}

describe("the dashboard's one guard", () => {
  it("has the dashboard's addresses from the route table", () => {
    expect(dashboard.length).toBeGreaterThan(30);
    expect(dashboard).toContain("/dashboard/info-items");
    for (const owners of OWNERS_ONLY) expect(dashboard).toContain(owners);
  });

  it.each(dashboard)("%s asks someone not signed in to sign in, as a page, as data and for a post", async (pattern) => {
    const address = addressOf(pattern);
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
    // A write is refused before any action reads it.
    const written = await post(address);
    await written.arrayBuffer();
    expect(written.status, `POST ${address}`).toBe(302);
    expect(written.headers.get("location"), `POST ${address}`).toMatch(/^\/login\?redirectTo=%2Fdashboard/);
    expect(errorLines()).toEqual([]);
  });

  it.each(dashboard)("%s lets an editor in, or refuses them what is for owners alone", async (pattern) => {
    const address = addressOf(pattern);
    const ownersOnly = OWNERS_ONLY.includes(pattern);
    const page = await fetch(`${server.url}${address}`, { redirect: "manual", headers: { Cookie: editorCookie } });
    await page.arrayBuffer();
    if (ownersOnly) expect(page.status, address).toBe(403);
    else expect([200, 302, 404], address).toContain(page.status);
    const written = await post(address, editorCookie);
    await written.arrayBuffer();
    if (ownersOnly) expect(written.status, `POST ${address}`).toBe(403);
    else expect(written.status, `POST ${address}`).not.toBe(403);
  });

  it("refuses an editor the site settings' and search synonyms' history, not a product's", async () => {
    for (const path of ["/dashboard/history/settings/site", "/dashboard/history/synonyms/search"]) {
      const refused = await fetch(`${server.url}${path}`, { headers: { Cookie: editorCookie } });
      expect(refused.status, path).toBe(403);
      expect(await refused.text()).toContain("Only an owner of the site can open this page.");
    }
    const product = await fetch(`${server.url}/dashboard/history/product/${randomUUID()}`, {
      headers: { Cookie: editorCookie },
    });
    expect(product.status).not.toBe(403);
  });
});
