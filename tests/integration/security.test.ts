import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FORM_BODY_BYTES } from "#app/domain/limits";
import { adminEnv, sendRaw, signIn, TEST_ADMIN } from "#tests/support/http";
import { startServer, type RunningServer } from "#tests/support/server";

const PAGES = [
  { path: "/", status: 200 },
  { path: "/login", status: 200 },
  { path: "/no/such/page", status: 404 },
];

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

function loginForm(origin: string): RequestInit {
  return {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password, redirectTo: "/dashboard" }),
  };
}

describe("over plain http", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(adminEnv());
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each(PAGES)("the page $path", ({ path, status }) => {
    it("carries a CSP that allows exactly its own inline scripts, and never hands a nonce out twice", async () => {
      const nonces: string[] = [];
      for (let request = 0; request < 3; request++) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status).toBe(status);
        const csp = directives(response.headers.get("content-security-policy"));
        const scriptSources = csp.get("script-src") ?? [];
        expect(scriptSources).not.toContain("'unsafe-inline'");
        expect(scriptSources).not.toContain("'unsafe-eval'");
        expect(csp.get("object-src")).toEqual(["'none'"]);
        expect(csp.get("base-uri")).toEqual(["'none'"]);
        expect(csp.get("frame-ancestors")).toEqual(["'none'"]);

        const html = await response.text();
        const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
        // React Router hydrates through inline scripts: without them the test would prove nothing.
        expect(scripts.length).toBeGreaterThan(0);
        for (const earlier of nonces) expect(html).not.toContain(earlier);
        const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(
          scriptSources.find((source) => source.startsWith("'nonce-")) ?? "",
        )?.[1];
        if (nonce) {
          // Rendered for this request: every script carries its fresh nonce.
          for (const [, attributes] of scripts) expect(attributes).toContain(` nonce="${nonce}"`);
          nonces.push(nonce);
        } else {
          // Served from the page cache (decision 007): the same bytes for all, each inline script by its hash.
          expect(response.headers.get("x-cache")).toBe("hit");
          for (const [, attributes = "", text = ""] of scripts) {
            if (/\bsrc=/.test(attributes)) continue;
            const hash = createHash("sha256").update(text, "utf8").digest("base64");
            expect(scriptSources).toContain(`'sha256-${hash}'`);
          }
        }
      }
      expect(new Set(nonces).size).toBe(nonces.length);
      expect(nonces.length).toBeGreaterThan(0);
    });

    it("allows its inline stylesheet by hash, and no other inline style", async () => {
      // Twice: the first answer is rendered, the second may come from the page cache.
      for (let request = 0; request < 2; request++) {
        const response = await fetch(`${server.url}${path}`);
        const styleSources = directives(response.headers.get("content-security-policy")).get("style-src") ?? [];
        expect(styleSources).not.toContain("'unsafe-inline'");
        const html = await response.text();
        const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
        expect(styles.length).toBeGreaterThan(0);
        for (const [, text = ""] of styles) {
          expect(styleSources).toContain(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
        }
        // A style attribute in the HTML would be blocked: the pages must not depend on one.
        expect(html).not.toMatch(/<[a-z][^>]*\sstyle="/i);
      }
    });

    it("tells the browser not to sniff, to keep referrers short and to deny powerful features", async () => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const permissions = response.headers.get("permissions-policy") ?? "";
      for (const feature of ["camera=()", "microphone=()", "geolocation=()"]) expect(permissions).toContain(feature);
      // HSTS over plain http would be ignored at best and lock out a misconfigured site at worst.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    });
  });

  it("protects stored files with the same headers plus a sandbox", async () => {
    const { cookie } = await signIn(server.url);
    const uploaded = await fetch(`${server.url}/uploads?name=notes.txt`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: cookie },
      body: "plain notes",
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(directives(response.headers.get("content-security-policy")).get("default-src")).toEqual(["'none'"]);
    expect(directives(response.headers.get("content-security-policy")).has("sandbox")).toBe(true);
    // A stored file is never framed by another site either.
    expect(directives(response.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, and not Secure over http", async () => {
    const { setCookies } = await signIn(server.url);
    const session = setCookies.find((header) => header.includes("session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  it("sends a signed-out visitor to the login page and back to the page asked for, whichever way it was asked", async () => {
    const back = `/login?redirectTo=${encodeURIComponent("/dashboard/products?page=2")}`;
    const asDocument = await fetch(`${server.url}/dashboard/products?page=2&index`, { redirect: "manual" });
    expect(asDocument.status).toBe(302);
    expect(asDocument.headers.get("location")).toBe(back);
    // A client-side navigation asks for the page's data: the way back is the page, not its data address.
    const asData = await fetch(`${server.url}/dashboard/products.data?page=2&_routes=routes%2Fdashboard%2Flayout`, {
      redirect: "manual",
    });
    const body = await asData.text();
    expect(body).toContain(JSON.stringify(back));
    expect(body).not.toContain(".data");
    expect(body).not.toContain("_routes");
  });

  it("refuses a sign-in posted from another site, and accepts the same form from the site itself", async () => {
    const crossSite = await fetch(`${server.url}/login`, loginForm("http://evil.example"));
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);

    const sameSite = await fetch(`${server.url}/login`, loginForm(server.url));
    expect(sameSite.status).toBe(302);
    expect(sameSite.headers.get("location")).toBe("/dashboard");
    expect(sameSite.headers.getSetCookie().some((header) => header.includes("session_token="))).toBe(true);
  });

  it("refuses a cross-site post without an Origin header when the browser says it is cross-site", async () => {
    const response = await fetch(`${server.url}/login`, {
      ...loginForm(server.url),
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a sign-out posted from another site, so the session survives it", async () => {
    const { cookie } = await signIn(server.url);
    const crossSite = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "http://evil.example", Cookie: cookie },
    });
    expect(crossSite.status).toBe(403);
    const stillSignedIn = await fetch(`${server.url}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(stillSignedIn.status).toBe(200);

    const sameSite = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: cookie },
    });
    expect(sameSite.status).toBe(302);
    const signedOut = await fetch(`${server.url}/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login/);
  });

  it("refuses a form post over the form size limit with 413 before reading it", async () => {
    const body = Buffer.alloc(MAX_FORM_BODY_BYTES + 1, "a");
    const response = await sendRaw(`${server.url}/login`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(body.byteLength),
      },
      body,
    });
    expect(response.status).toBe(413);
  });

  it("lets only upload posts past the form size limit, not other methods on the upload path", async () => {
    const body = Buffer.alloc(MAX_FORM_BODY_BYTES + 1, "a");
    const response = await sendRaw(`${server.url}/uploads?name=x.bin`, {
      method: "PUT",
      headers: { Origin: server.url, "Content-Length": String(body.byteLength) },
      body,
    });
    expect(response.status).toBe(413);
  });

  it("refuses a form post of unknown length with 411", async () => {
    const response = await sendRaw(`${server.url}/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: (async function* () {
        yield Buffer.from("email=a%40b.example&");
        yield Buffer.from("password=whatever");
      })(),
    });
    expect(response.status).toBe(411);
  });
});

describe("behind https (PUBLIC_URL=https://…)", () => {
  const publicOrigin = "https://vantage.example";
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ ...adminEnv(), PUBLIC_URL: publicOrigin });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends Strict-Transport-Security on pages and files", async () => {
    for (const path of ["/", "/login", "/healthz", `/files/${crypto.randomUUID()}/x`]) {
      const response = await fetch(`${server.url}${path}`);
      // Two years, subdomains and preload: what the browsers' preload lists ask for.
      expect(response.headers.get("strict-transport-security"), path).toBe(
        "max-age=63072000; includeSubDomains; preload",
      );
    }
  });

  it("accepts a sign-in from the public origin and sets a Secure, HttpOnly, SameSite=Lax cookie", async () => {
    const { setCookies } = await signIn(server.url, { origin: publicOrigin });
    const session = setCookies.find((header) => header.includes("session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });

  it("still refuses a sign-in from another site", async () => {
    const response = await fetch(`${server.url}/login`, loginForm("https://evil.example"));
    expect(response.status).toBe(403);
  });
});
