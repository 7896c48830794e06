import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "#app/server/admin/audit.server";
import { account, auditLog, invitations, user } from "#app/server/db/schema";
import { OIDC_CALLBACK_PATH } from "#app/server/people/auth.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { startOidcProvider, type TestOidcProvider } from "#tests/support/oidc-provider";

const SITE = "http://vantage.test";

/** The Cookie header of `setCookies`' cookies, after those `before` held. */
function withCookies(before: Map<string, string>, setCookies: string[]): Map<string, string> {
  for (const cookie of setCookies) {
    const [pair] = cookie.split(";");
    const at = pair?.indexOf("=") ?? -1;
    if (pair && at > 0) before.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return before;
}

function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * What a browser does at the provider from `url` on, signing in as `login` on its development pages
 * and consenting: the address it is sent back to the site with.
 */
async function throughProvider(url: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next: { url: string; form?: Record<string, string> } = { url };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(next.url, {
      method: next.form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: cookieHeader(cookies),
        ...(next.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: next.form ? new URLSearchParams(next.form) : undefined,
    });
    withCookies(cookies, response.headers.getSetCookie());
    const location = response.headers.get("location");
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin === SITE) return target;
      next = { url: target.toString() };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
    if (!action) throw new Error(`The provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? "consent";
    next = {
      url: new URL(action, next.url).toString(),
      form: prompt === "login" ? { prompt, login, password: "any password" } : { prompt },
    };
  }
  throw new Error("The provider never sent the browser back");
}

describe.each(DATABASE_KINDS)("single sign-on on %s", (kind) => {
  let provider: TestOidcProvider;
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;

  /** A whole single sign-on as `login`: where the site sends the browser at the end, and who it signed in. */
  async function signOn(login: string) {
    const started = await runtime.auth.startSso("/dashboard", new Headers());
    const siteCookies = withCookies(new Map(), started.headers.getSetCookie());
    const back = await throughProvider(started.url, login);
    expect(back.pathname).toBe(OIDC_CALLBACK_PATH);
    const answer = await runtime.auth.finishSso(back, new Headers({ cookie: cookieHeader(siteCookies) }), "192.0.2.70");
    withCookies(siteCookies, answer.headers.getSetCookie());
    const signedIn = await runtime.auth.getUser(new Headers({ cookie: cookieHeader(siteCookies) }));
    return { location: answer.headers.get("location") ?? "", signedIn };
  }

  async function auditOf(kind: string) {
    return runtime.database.db
      .select({ details: auditLog.details, email: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.kind, kind));
  }

  beforeAll(async () => {
    provider = await startOidcProvider(`${SITE}${OIDC_CALLBACK_PATH}`);
    test = await startTestRuntime(kind, { PUBLIC_URL: SITE, ...provider.env("Test IdP") });
    runtime = test.runtime;
    await runtime.admins.create("owner@vantage.test", "owner-password", "owner", COMMAND_LINE);
  });
  afterAll(async () => {
    await test?.close();
    await provider?.stop();
  });

  it("makes an invited address a person with the invitation's role, using the invitation up", async () => {
    const owner = await runtime.admins.findByEmail("owner@vantage.test");
    if (!owner) throw new Error("No owner");
    await runtime.services.invitations.invite("Lead@Vantage.test", "owner", {
      userId: owner.id,
      email: owner.email,
      clientAddress: "192.0.2.1",
    });
    const { location, signedIn } = await signOn("lead@vantage.test");
    expect(location).toBe("/dashboard");
    expect(signedIn).toMatchObject({ email: "lead@vantage.test", role: "owner", signedInWith: "sso" });
    expect(
      await runtime.database.db.select().from(invitations).where(eq(invitations.email, "lead@vantage.test")),
    ).toEqual([]);
    expect((await auditOf("invitation-accepted")).at(-1)).toEqual({
      details: { role: "owner", signedInWith: "Test IdP" },
      email: "lead@vantage.test",
    });
    expect((await auditOf("sign-in")).at(-1)).toEqual({
      details: { singleSignOn: "Test IdP" },
      email: "lead@vantage.test",
    });
  });

  it("signs in a person already here by their verified address, linking the provider's account once", async () => {
    const owner = await runtime.admins.findByEmail("owner@vantage.test");
    const first = await signOn("owner@vantage.test");
    expect(first.signedIn?.id).toBe(owner?.id);
    const again = await signOn("owner@vantage.test");
    expect(again.signedIn?.id).toBe(owner?.id);
    const linked = await runtime.database.db
      .select({ providerId: account.providerId })
      .from(account)
      .where(and(eq(account.userId, owner?.id ?? ""), eq(account.providerId, "oidc")));
    expect(linked).toHaveLength(1);
  });

  it("makes an editor of an allowed domain's person, and nobody of an unknown or unverified address", async () => {
    const refused = await signOn("someone@partner.test");
    expect(refused.signedIn).toBeNull();
    expect(refused.location).toMatch(/^\/login\?error=not_invited/);
    expect(await runtime.admins.findByEmail("someone@partner.test")).toBeUndefined();

    const owner = await runtime.admins.findByEmail("owner@vantage.test");
    await runtime.admins.setSignInPolicy(
      { requireTwoFactor: false, ssoDomains: ["partner.test"] },
      { userId: owner?.id ?? null, email: "owner@vantage.test", clientAddress: "192.0.2.1" },
    );
    const unverified = await signOn("unverified:other@partner.test");
    expect(unverified.signedIn).toBeNull();
    expect(unverified.location).toMatch(/^\/login\?error=email_not_verified/);

    const admitted = await signOn("someone@partner.test");
    expect(admitted.signedIn).toMatchObject({ email: "someone@partner.test", role: "editor" });
    expect((await auditOf("person-added")).at(-1)?.details).toEqual({ role: "editor", signedInWith: "Test IdP" });
    const [row] = await runtime.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, "someone@partner.test"));
    expect(row?.role).toBe("editor");
  });

  it("turns passwords off for single sign-on, and the command line turns them on again", async () => {
    const owner = await runtime.admins.findByEmail("owner@vantage.test");
    const actor = { userId: owner?.id ?? null, email: "owner@vantage.test", clientAddress: "192.0.2.1" };
    const password = { email: "owner@vantage.test", password: "owner-password", clientAddress: "192.0.2.80" };
    expect((await runtime.auth.signIn({ ...password, headers: new Headers() })).ok).toBe(true);
    await runtime.admins.setSignInPolicy({ requireTwoFactor: false, passwordSignIn: false }, actor);
    expect(await runtime.auth.passwordsOn()).toBe(false);
    expect(await runtime.auth.signIn({ ...password, headers: new Headers() })).toEqual({
      ok: false,
      reason: "passwords-off",
    });
    // Single sign-on still signs the owner in.
    expect((await signOn("owner@vantage.test")).signedIn?.email).toBe("owner@vantage.test");

    await runtime.admins.turnPasswordSignInOn(COMMAND_LINE);
    expect(await runtime.auth.passwordsOn()).toBe(true);
    expect((await runtime.auth.signIn({ ...password, headers: new Headers() })).ok).toBe(true);
    expect((await auditOf("sign-in-policy-changed")).map((entry) => entry.details?.passwordSignIn)).toEqual([
      undefined,
      "off",
      "on",
    ]);
  });
});
