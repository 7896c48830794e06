import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "#app/domain/auth-messages";
import { COMMAND_LINE } from "#app/server/admin/audit.server";
import { auditLog, passkey, session } from "#app/server/db/schema";
import { AdminError, TWO_FACTOR_FIRST } from "#app/server/people/admins.server";
import { BACK_OFF_AFTER_FAILURES } from "#app/server/people/sign-in-throttle.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";
import { SoftwarePasskey } from "#tests/support/software-passkey";

/** The Cookie header a browser sends after an answer with `setCookies`. */
function cookiesOf(setCookies: Headers, sent = new Headers()): Headers {
  const pairs = setCookies
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="));
  const before = sent.get("cookie");
  return new Headers({ cookie: [before, ...pairs].filter(Boolean).join("; ") });
}

describe.each(DATABASE_KINDS)("passkeys on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  let site: URL;
  const owner = { email: "owner@vantage.test", password: "owner-password" };
  const editor = { email: "editor@vantage.test", password: "editor-password" };

  async function idOf(email: string): Promise<string> {
    const found = await runtime.admins.findByEmail(email);
    if (!found) throw new Error(`No ${email}`);
    return found.id;
  }

  /** A passkey of the person with `userId`, as registering it would have kept it. */
  async function keep(userId: string, name: string): Promise<{ key: SoftwarePasskey; id: string }> {
    const key = new SoftwarePasskey(site);
    const id = crypto.randomUUID();
    await runtime.database.db.insert(passkey).values({
      id,
      name,
      publicKey: key.publicKey,
      userId,
      credentialID: key.credentialId,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      transports: "internal",
      createdAt: new Date(),
    });
    return { key, id };
  }

  /** Both steps of a sign-in with `key`, as the sign-in page's script takes them. */
  async function signInWith(
    key: SoftwarePasskey,
    clientAddress: string,
    sign: Parameters<SoftwarePasskey["sign"]>[1] = {},
  ) {
    const { options, headers } = await runtime.auth.passkeyAuthenticationOptions(new Headers());
    const cookies = cookiesOf(headers);
    const response = key.sign(options.challenge, sign);
    return {
      response,
      cookies,
      result: await runtime.auth.signInWithPasskey({ response, clientAddress, headers: cookies }),
    };
  }

  async function lastAudit(kind: string) {
    const rows = await runtime.database.db
      .select({ details: auditLog.details, email: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.kind, kind));
    return rows.at(-1);
  }

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    site = new URL(runtime.env.publicUrl);
    await runtime.admins.create(owner.email, owner.password, "owner", COMMAND_LINE);
    await runtime.admins.create(editor.email, editor.password, "editor", COMMAND_LINE);
  });
  afterAll(async () => {
    await test?.close();
  });

  it("signs in with a passkey as two factors at once, notes its last use and audits it", async () => {
    const editorId = await idOf(editor.email);
    const { key } = await keep(editorId, "Phone");
    expect(await runtime.admins.hasTwoFactors(editorId)).toBe(true);
    expect((await runtime.admins.list()).find((person) => person.id === editorId)?.twoFactor).toBe(true);
    const { result } = await signInWith(key, "192.0.2.30");
    if (!result.ok) throw new Error("The passkey did not sign in");
    const signedIn = await runtime.auth.getUser(cookiesOf(result.headers));
    expect(signedIn).toMatchObject({ email: editor.email, signedInWith: "passkey" });
    const [listed] = await runtime.auth.listPasskeys(editorId);
    expect(listed?.name).toBe("Phone");
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);
    expect(await lastAudit("sign-in")).toEqual({ details: { passkey: "Phone" }, email: editor.email });
  });

  it("refuses a passkey that did not check its person, one signed for another site, a replay and an unknown one", async () => {
    const { key } = await keep(await idOf(editor.email), "Key without a PIN");
    const unchecked = await signInWith(key, "192.0.2.31", { userVerified: false });
    expect(unchecked.result).toEqual({ ok: false, reason: "invalid", error: PASSKEY_MESSAGES.notVerified });
    expect((await lastAudit("sign-in-failed"))?.details).toEqual({ reason: "passkey not accepted" });

    const elsewhere = await signInWith(key, "192.0.2.31", { origin: "https://vantage.example.net" });
    expect(elsewhere.result).toMatchObject({ ok: false, error: PASSKEY_MESSAGES.signInFailed });

    // A challenge is good for one answer: the same answer again signs no one in.
    const first = await signInWith(key, "192.0.2.32");
    expect(first.result.ok).toBe(true);
    const again = await runtime.auth.signInWithPasskey({
      response: first.response,
      clientAddress: "192.0.2.32",
      headers: first.cookies,
    });
    expect(again).toMatchObject({ ok: false, reason: "invalid" });

    const stranger = await signInWith(new SoftwarePasskey(site), "192.0.2.33");
    expect(stranger.result).toMatchObject({ ok: false, reason: "invalid" });
    expect((await lastAudit("sign-in-failed"))?.details).toEqual({ reason: "unknown passkey" });
  });

  it("slows down a client failing with a person's passkey, as it does for a password", async () => {
    const { key } = await keep(await idOf(owner.email), "Throttled");
    for (let attempt = 0; attempt < BACK_OFF_AFTER_FAILURES; attempt += 1) {
      expect((await signInWith(key, "198.51.100.40", { userVerified: false })).result).toMatchObject({ ok: false });
    }
    expect((await signInWith(key, "198.51.100.40")).result).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("counts a passkey as two factors for the owners' policy, and keeps the last one while it is required", async () => {
    const ownerId = await idOf(owner.email);
    const actor = { userId: ownerId, email: owner.email, clientAddress: "192.0.2.50" };
    await runtime.database.db.delete(passkey).where(eq(passkey.userId, ownerId));
    await expect(runtime.admins.setSignInPolicy({ requireTwoFactor: true }, actor)).rejects.toThrow(
      new AdminError(TWO_FACTOR_FIRST),
    );
    const only = await keep(ownerId, "Only one");
    await runtime.admins.setSignInPolicy({ requireTwoFactor: true }, actor);
    expect(await runtime.auth.removePasskey(ownerId, only.id, actor, true)).toEqual({
      ok: false,
      error: PASSKEY_MESSAGES.lastSecondFactor,
    });
    const second = await keep(ownerId, "Second one");
    expect(await runtime.auth.removePasskey(ownerId, only.id, actor, true)).toEqual({ ok: true });
    expect((await lastAudit("passkey-removed"))?.details).toEqual({ name: "Only one" });
    await runtime.admins.setSignInPolicy({ requireTwoFactor: false }, actor);

    // Another person's passkey is neither renamed nor removed.
    const editorId = await idOf(editor.email);
    const editorActor = { userId: editorId, email: editor.email, clientAddress: "192.0.2.51" };
    expect(await runtime.auth.renamePasskey(editorId, second.id, "Mine now", editorActor)).toBe(false);
    expect(await runtime.auth.removePasskey(editorId, second.id, editorActor, false)).toEqual({
      ok: false,
      error: PASSKEY_MESSAGES.gone,
    });
    expect(await runtime.auth.renamePasskey(ownerId, second.id, "  Desk key  ", actor)).toBe(true);
    expect((await runtime.auth.listPasskeys(ownerId)).map((listed) => listed.name)).toEqual(["Desk key"]);
    expect((await lastAudit("passkey-renamed"))?.details).toEqual({ from: "Second one", to: "Desk key" });
  });

  it("confirms it is the person with their own passkey, and ends the session the library made for it", async () => {
    const ownerId = await idOf(owner.email);
    const { key } = await keep(ownerId, "Confirming");
    const signedIn = await runtime.auth.signIn({ ...owner, clientAddress: "192.0.2.60", headers: new Headers() });
    if (!signedIn.ok) throw new Error("No sign-in");
    const cookies = cookiesOf(signedIn.headers);
    const me = await runtime.auth.getUser(cookies);
    if (!me) throw new Error("Not signed in");
    const sessions = async () =>
      (await runtime.database.db.select().from(session).where(eq(session.userId, ownerId))).length;
    const before = await sessions();
    const actor = { userId: ownerId, email: owner.email, clientAddress: "192.0.2.60" };

    const confirmWith = async (signer: SoftwarePasskey) => {
      const { options, headers } = await runtime.auth.passkeyAuthenticationOptions(cookies);
      return runtime.auth.confirmIdentityWithPasskey({
        response: signer.sign(options.challenge),
        headers: cookiesOf(headers, cookies),
        sessionId: me.sessionId,
        actor,
      });
    };
    const { key: editorsKey } = await keep(await idOf(editor.email), "Not the owner's");
    expect(await confirmWith(editorsKey)).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmWith(key)).toEqual({ ok: true });
    expect(await sessions()).toBe(before);
    const [row] = await runtime.database.db
      .select({ confirmedAt: session.confirmedAt })
      .from(session)
      .where(and(eq(session.id, me.sessionId), eq(session.userId, ownerId)));
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect((await lastAudit("identity-confirmed"))?.details).toEqual({ with: "passkey" });
  });

  it("lets the operator remove a person's passkeys with their two factors from the command line", async () => {
    const editorId = await idOf(editor.email);
    expect((await runtime.auth.listPasskeys(editorId)).length).toBeGreaterThan(0);
    await runtime.admins.turnOffTwoFactorByEmail(editor.email, COMMAND_LINE);
    expect(await runtime.auth.listPasskeys(editorId)).toEqual([]);
    expect(await runtime.admins.hasTwoFactors(editorId)).toBe(false);
  });
});
