import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "#app/server/admin/audit.server";
import { auditLog, session, twoFactor, user } from "#app/server/db/schema";
import { AdminError, TWO_FACTOR_FIRST } from "#app/server/people/admins.server";
import { browserOf } from "#app/server/people/auth.server";
import { mustConfirmIdentity } from "#app/server/runtime/session.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";

const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** The Cookie header a browser sends after a sign-in answered with `setCookies`. */
function cookiesOf(setCookies: Headers): Headers {
  const pairs = setCookies
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="));
  return new Headers({ cookie: pairs.join("; ") });
}

describe("browserOf", () => {
  it("names the browser, its major version and the system", () => {
    expect(browserOf(CHROME_ON_LINUX)).toBe("Chrome 140 on Linux");
    expect(browserOf(FIREFOX_ON_WINDOWS)).toBe("Firefox 133 on Windows");
    expect(browserOf(null)).toBe("Unknown browser");
    expect(browserOf("curl/8.5.0")).toMatch(/^curl|^Unknown browser/);
  });
});

describe.each(DATABASE_KINDS)("sessions on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  const owner = { email: "owner@vantage.test", password: "owner-password" };
  const editor = { email: "editor@vantage.test", password: "editor-password" };

  /** A sign-in from a browser (`userAgent`) at `clientAddress`: its session's cookies. */
  async function signIn(person: typeof owner, userAgent: string, clientAddress: string, sent: HeadersInit = {}) {
    const headers = new Headers(sent);
    headers.set("user-agent", userAgent);
    const result = await runtime.auth.signIn({ ...person, clientAddress, headers });
    if (!result.ok) throw new Error(`The sign-in of ${person.email} was refused`);
    return cookiesOf(result.headers);
  }

  async function sessionIdOf(cookies: Headers): Promise<string> {
    const user = await runtime.auth.getUser(cookies);
    if (!user) throw new Error("Not signed in");
    return user.sessionId;
  }

  async function auditKinds(): Promise<string[]> {
    return (await runtime.database.db.select({ kind: auditLog.kind }).from(auditLog)).map((row) => row.kind);
  }

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    await runtime.admins.create(owner.email, owner.password, "owner", COMMAND_LINE);
    await runtime.admins.create(editor.email, editor.password, "editor", COMMAND_LINE);
  });
  afterAll(async () => {
    await test?.close();
  });

  it("lists a person's sessions with browser and address, this one first, and ends another at once", async () => {
    const here = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    // An address the client claims for itself is not the one recorded.
    const there = await signIn(owner, FIREFOX_ON_WINDOWS, "198.51.100.7", {
      "x-vantage-client-address": "203.0.113.66",
      "x-forwarded-for": "203.0.113.67",
    });
    const me = await runtime.auth.getUser(here);
    if (!me) throw new Error("Not signed in");
    const thereId = await sessionIdOf(there);

    const listed = await runtime.auth.listSessions(me.id, me.sessionId);
    expect(listed.map(({ browser, address, current }) => ({ browser, address, current }))).toEqual([
      { browser: "Chrome 140 on Linux", address: "192.0.2.10", current: true },
      { browser: "Firefox 133 on Windows", address: "198.51.100.7", current: false },
    ]);
    for (const row of listed) expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(row.signedInAt.getTime());

    const actor = { userId: me.id, email: me.email, clientAddress: "192.0.2.10" };
    expect(await runtime.auth.endSession(me.id, thereId, actor)).toBe(true);
    expect(await runtime.auth.getUser(there)).toBeNull();
    expect(await runtime.auth.getUser(here)).not.toBeNull();
    expect(await runtime.auth.endSession(me.id, thereId, actor)).toBe(false);
    expect((await runtime.auth.listSessions(me.id, me.sessionId)).map((row) => row.current)).toEqual([true]);
    expect(await auditKinds()).toContain("session-ended");
  });

  it("lists the other sessions latest seen first, one never used since it signed in by when it did", async () => {
    const here = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    const used = await signIn(owner, FIREFOX_ON_WINDOWS, "198.51.100.1");
    await signIn(owner, FIREFOX_ON_WINDOWS, "198.51.100.2");
    const me = await runtime.auth.getUser(here);
    if (!me) throw new Error("Not signed in");
    const usedId = await sessionIdOf(used);
    // The unused one signed in ten minutes ago and was never seen since; the used one was seen just now.
    const unusedId = (await runtime.database.db.select().from(session)).find(
      (row) => row.ipAddress === "198.51.100.2",
    )?.id;
    if (!unusedId) throw new Error("No unused session");
    await runtime.database.db
      .update(session)
      .set({ lastSeenAt: null, createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(session.id, unusedId));
    const listed = await runtime.auth.listSessions(me.id, me.sessionId);
    const others = listed.filter((row) => row.id === usedId || row.id === unusedId).map((row) => row.id);
    expect(listed[0]?.current).toBe(true);
    expect(others).toEqual([usedId, unusedId]);
  });

  it("never ends another person's session from one's own account", async () => {
    const mine = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    const theirs = await signIn(editor, FIREFOX_ON_WINDOWS, "198.51.100.7");
    const me = await runtime.auth.getUser(mine);
    if (!me) throw new Error("Not signed in");
    const actor = { userId: me.id, email: me.email, clientAddress: "192.0.2.10" };
    expect(await runtime.auth.endSession(me.id, await sessionIdOf(theirs), actor)).toBe(false);
    expect(await runtime.auth.getUser(theirs)).not.toBeNull();
  });

  it("ends every other session of the person, and only theirs", async () => {
    const here = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    const others = [
      await signIn(owner, FIREFOX_ON_WINDOWS, "198.51.100.7"),
      await signIn(owner, FIREFOX_ON_WINDOWS, "198.51.100.8"),
    ];
    const editorSession = await signIn(editor, CHROME_ON_LINUX, "192.0.2.20");
    const me = await runtime.auth.getUser(here);
    if (!me) throw new Error("Not signed in");
    const ended = await runtime.auth.endOtherSessions(me.id, me.sessionId, {
      userId: me.id,
      email: me.email,
      clientAddress: "192.0.2.10",
    });
    // Those of the tests before this one too.
    expect(ended).toBeGreaterThanOrEqual(2);
    for (const other of others) expect(await runtime.auth.getUser(other)).toBeNull();
    expect(await runtime.auth.getUser(here)).not.toBeNull();
    expect(await runtime.auth.getUser(editorSession)).not.toBeNull();
    expect(await auditKinds()).toContain("other-sessions-ended");
  });

  it("writes when a session was last seen, at most every five minutes", async () => {
    const cookies = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    const id = await sessionIdOf(cookies);
    const seenAt = async () =>
      (await runtime.database.db.select({ at: session.lastSeenAt }).from(session).where(eq(session.id, id)))[0]?.at;
    const first = await seenAt();
    expect(first).toBeInstanceOf(Date);
    await runtime.auth.getUser(cookies);
    expect((await seenAt())?.getTime()).toBe(first?.getTime());
    // Six minutes later, as far as the session knows.
    await runtime.database.db
      .update(session)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(session.id, id));
    await runtime.auth.getUser(cookies);
    expect(Date.now() - ((await seenAt())?.getTime() ?? 0)).toBeLessThan(60 * 1000);
  });

  it("lets an owner end all of someone's sessions from People, counted there", async () => {
    const editorSessions = [
      await signIn(editor, CHROME_ON_LINUX, "192.0.2.20"),
      await signIn(editor, FIREFOX_ON_WINDOWS, "192.0.2.21"),
    ];
    const person = (await runtime.admins.list()).find((listed) => listed.email === editor.email);
    if (!person) throw new Error("The editor is not listed");
    expect(person.sessions).toBeGreaterThanOrEqual(2);
    const ownerCookies = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    const me = await runtime.auth.getUser(ownerCookies);
    if (!me) throw new Error("Not signed in");
    const ended = await runtime.admins.endSessionsOf(person.id, {
      userId: me.id,
      email: me.email,
      clientAddress: "192.0.2.10",
    });
    expect(ended).toBe(person.sessions);
    for (const cookies of editorSessions) expect(await runtime.auth.getUser(cookies)).toBeNull();
    expect(await runtime.auth.getUser(ownerCookies)).not.toBeNull();
    expect((await runtime.admins.list()).find((listed) => listed.email === editor.email)?.sessions).toBe(0);
    const [entry] = await runtime.database.db
      .select({ label: auditLog.recordLabel, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.kind, "sessions-ended"));
    expect(entry).toMatchObject({ label: editor.email, details: { sessions: String(ended) } });
  });

  it("asks for the password again 15 minutes after it was last given, throttled and audited", async () => {
    const cookies = await signIn(owner, CHROME_ON_LINUX, "192.0.2.10");
    const me = await runtime.auth.getUser(cookies);
    if (!me) throw new Error("Not signed in");
    expect(mustConfirmIdentity(me)).toBe(false);
    expect(mustConfirmIdentity(me, Date.now() + 16 * 60 * 1000)).toBe(true);
    await runtime.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(session.id, me.sessionId));
    const aged = await runtime.auth.getUser(cookies);
    if (!aged) throw new Error("Not signed in");
    expect(mustConfirmIdentity(aged)).toBe(true);

    const actor = { userId: me.id, email: me.email, clientAddress: "192.0.2.99" };
    expect(
      await runtime.auth.confirmIdentity({ password: "wrong", headers: cookies, sessionId: me.sessionId, actor }),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(mustConfirmIdentity((await runtime.auth.getUser(cookies)) ?? aged)).toBe(true);
    expect(
      await runtime.auth.confirmIdentity({
        password: owner.password,
        headers: cookies,
        sessionId: me.sessionId,
        actor,
      }),
    ).toEqual({
      ok: true,
    });
    const confirmed = await runtime.auth.getUser(cookies);
    if (!confirmed) throw new Error("Not signed in");
    expect(mustConfirmIdentity(confirmed)).toBe(false);
    expect(Date.now() - confirmed.passwordGivenAt.getTime()).toBeLessThan(60 * 1000);
    expect(await auditKinds()).toContain("identity-confirmed");

    // Wrong passwords here count as the sign-in's do: enough of them and even the right one waits.
    let answer: Awaited<ReturnType<typeof runtime.auth.confirmIdentity>> | undefined;
    for (let attempt = 0; attempt < 20 && answer?.reason !== "rate-limited"; attempt++) {
      answer = await runtime.auth.confirmIdentity({
        password: "wrong",
        headers: cookies,
        sessionId: me.sessionId,
        actor,
      });
    }
    expect(answer).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(
      await runtime.auth.confirmIdentity({
        password: owner.password,
        headers: cookies,
        sessionId: me.sessionId,
        actor,
      }),
    ).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
  });

  it("requires two factors of everyone only once the owner has them, and says so in the audit log", async () => {
    const owner = await runtime.admins.findByEmail("owner@vantage.test");
    if (!owner) throw new Error("No owner");
    const actor = { userId: owner.id, email: owner.email, clientAddress: "192.0.2.10" };
    expect(await runtime.admins.signInPolicy()).toEqual({
      requireTwoFactor: false,
      ssoDomains: [],
      passwordSignIn: true,
    });
    await expect(runtime.admins.setSignInPolicy({ requireTwoFactor: true }, actor)).rejects.toThrow(
      new AdminError(TWO_FACTOR_FIRST),
    );
    expect(await runtime.admins.signInPolicy()).toEqual({
      requireTwoFactor: false,
      ssoDomains: [],
      passwordSignIn: true,
    });
    await runtime.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, owner.id));
    await runtime.admins.setSignInPolicy({ requireTwoFactor: true }, actor);
    expect(await runtime.admins.signInPolicy()).toEqual({
      requireTwoFactor: true,
      ssoDomains: [],
      passwordSignIn: true,
    });
    await runtime.admins.setSignInPolicy({ requireTwoFactor: false }, actor);
    expect(await runtime.admins.signInPolicy()).toEqual({
      requireTwoFactor: false,
      ssoDomains: [],
      passwordSignIn: true,
    });
    const entries = await runtime.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.kind, "sign-in-policy-changed"));
    expect(entries.map((entry) => entry.details?.twoFactor)).toEqual(["required", "not required"]);
    // Single sign-on's domains are kept by a form that has them, and left as they are by one that has not.
    await runtime.admins.setSignInPolicy({ requireTwoFactor: false, ssoDomains: ["partner.test"] }, actor);
    await runtime.admins.setSignInPolicy({ requireTwoFactor: false }, actor);
    expect(await runtime.admins.signInPolicy()).toEqual({
      requireTwoFactor: false,
      ssoDomains: ["partner.test"],
      passwordSignIn: true,
    });
    await runtime.admins.setSignInPolicy({ requireTwoFactor: false, ssoDomains: [] }, actor);
    const domains = await runtime.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.kind, "sign-in-policy-changed"));
    expect(domains.map((entry) => entry.details?.singleSignOnDomains)).toEqual([
      undefined,
      undefined,
      "partner.test",
      undefined,
      "none",
    ]);
    expect((await runtime.admins.list()).find((person) => person.id === owner.id)?.twoFactor).toBe(true);
  });

  it("lets the operator turn a person's two factors off from the command line, signing them out", async () => {
    const cookies = await signIn(editor, CHROME_ON_LINUX, "192.0.2.20");
    const person = await runtime.admins.findByEmail(editor.email);
    if (!person) throw new Error("No editor");
    await runtime.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, person.id));
    await runtime.database.db
      .insert(twoFactor)
      .values({ id: "two-factor-of-the-editor", secret: "sealed", backupCodes: "sealed", userId: person.id });
    await runtime.admins.turnOffTwoFactorByEmail("Editor@Vantage.test", COMMAND_LINE);
    expect((await runtime.admins.findByEmail(editor.email))?.twoFactorEnabled).toBe(false);
    expect(await runtime.database.db.select().from(twoFactor).where(eq(twoFactor.userId, person.id))).toEqual([]);
    expect(await runtime.auth.getUser(cookies)).toBeNull();
    await expect(runtime.admins.turnOffTwoFactorByEmail("nobody@vantage.test", COMMAND_LINE)).rejects.toThrow(
      "No admin with the email nobody@vantage.test.",
    );
    const [entry] = await runtime.database.db
      .select({ label: auditLog.recordLabel, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.kind, "two-factor-off"));
    expect(entry?.label).toBe(editor.email);
  });
});
