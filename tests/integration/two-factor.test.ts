import { TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "#app/server/admin/audit.server";
import type { Runtime } from "#app/server/runtime/runtime.server";
import { DATABASE_KINDS, startTestRuntime } from "#tests/support/database";

/** The Cookie header a browser would send after `setCookies`, over `before`. */
function cookiesAfter(setCookies: Headers, before = ""): Headers {
  const jar = new Map(
    before
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const cookie of setCookies.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") });
}

describe.each(DATABASE_KINDS)("two factors on %s", (kind) => {
  let test: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  let runtime: Runtime;
  const email = "owner@vantage.test";
  const password = "owner-password";
  const clientAddress = "192.0.2.10";

  beforeAll(async () => {
    test = await startTestRuntime(kind);
    runtime = test.runtime;
    await runtime.admins.create(email, password, "owner", COMMAND_LINE);
  });
  afterAll(async () => {
    await test?.close();
  });

  it("turns on with the password and a first code; then sign-in asks for a code or a recovery code", async () => {
    const { auth } = runtime;
    const first = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
    expect(first).toMatchObject({ ok: true, secondFactor: false });
    const session = cookiesAfter(first.ok ? first.headers : new Headers());

    expect(await auth.startTwoFactor("wrong-password", session)).toBeNull();
    const started = await auth.startTwoFactor(password, session);
    expect(started?.backupCodes).toHaveLength(10);
    const totp = URI.parse(started?.totpURI ?? "");
    expect(totp).toBeInstanceOf(TOTP);
    expect(totp.issuer).toBe("Vantage");
    // Not on until a first code confirms it: the password alone still signs in.
    const before = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
    expect(before).toMatchObject({ ok: true, secondFactor: false });
    const actor = { userId: null, email, clientAddress };
    expect(await auth.confirmTwoFactor("000000", session, actor)).toBeNull();
    const replaced = await auth.confirmTwoFactor(totp.generate(), session, actor);
    expect(replaced).not.toBeNull();

    // The password is the first step only.
    const step = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
    expect(step).toMatchObject({ ok: true, secondFactor: true });
    const pending = cookiesAfter(step.ok ? step.headers : new Headers());
    expect(await auth.getUser(pending)).toBeNull();
    const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, "0");
    expect(
      await auth.verifySecondFactor({ email, code: wrong, recovery: false, clientAddress, headers: pending }),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
    const signedIn = await auth.verifySecondFactor({
      email,
      code: totp.generate(),
      recovery: false,
      clientAddress,
      headers: pending,
    });
    expect(signedIn.ok).toBe(true);
    const cookies = cookiesAfter(signedIn.ok ? signedIn.headers : new Headers(), pending.get("cookie") ?? "");
    expect((await auth.getUser(cookies))?.email).toBe(email);

    // A code of the app confirms it is them before a sensitive action, as the password does.
    const me = await auth.getUser(cookies);
    if (!me) throw new Error("Not signed in");
    const confirming = { code: wrong, headers: cookies, sessionId: me.sessionId, actor: { ...actor, userId: me.id } };
    expect(await auth.confirmIdentityWithCode(confirming)).toEqual({ ok: false, reason: "invalid" });
    expect(await auth.confirmIdentityWithCode({ ...confirming, code: totp.generate() })).toEqual({ ok: true });
    expect((await auth.getUser(cookies))?.passwordGivenAt.getTime()).toBeGreaterThan(me.passwordGivenAt.getTime());

    // A recovery code works once.
    const recovery = started?.backupCodes[0] ?? "";
    for (const expected of [true, false]) {
      const again = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
      const waiting = cookiesAfter(again.ok ? again.headers : new Headers());
      const answer = await auth.verifySecondFactor({
        email,
        code: recovery,
        recovery: true,
        clientAddress,
        headers: waiting,
      });
      expect(answer.ok).toBe(expected);
    }

    // New recovery codes need the password, and the old ones stop working; turning off needs both.
    expect(await auth.newRecoveryCodes("wrong-password", cookies, actor)).toBeNull();
    const renewed = await auth.newRecoveryCodes(password, cookies, actor);
    expect(renewed).toHaveLength(10);
    const stale = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
    const staleAnswer = await auth.verifySecondFactor({
      email,
      code: started?.backupCodes[1] ?? "",
      recovery: true,
      clientAddress,
      headers: cookiesAfter(stale.ok ? stale.headers : new Headers()),
    });
    expect(staleAnswer.ok).toBe(false);
    expect(await auth.turnOffTwoFactor(password, "000000", cookies, actor)).toBeNull();
    expect(await auth.turnOffTwoFactor("wrong-password", totp.generate(), cookies, actor)).toBeNull();
    expect(await auth.turnOffTwoFactor(password, totp.generate(), cookies, actor)).not.toBeNull();
    const after = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
    expect(after).toMatchObject({ ok: true, secondFactor: false });
    // A new password: the wrong current one changes nothing; the right one ends the other sessions.
    // (Turning two factors off replaced `cookies`' session: `after` is the one to change it from.)
    const here = after.ok ? cookiesAfter(after.headers) : new Headers();
    const second = await auth.signIn({ email, password, clientAddress, headers: new Headers() });
    const other = second.ok ? cookiesAfter(second.headers) : new Headers();
    expect(await auth.getUser(other)).not.toBeNull();
    expect(await auth.changePassword("wrong-password", "a brand new passphrase", here, actor)).toBeNull();
    const changed = await auth.changePassword(password, "a brand new passphrase", here, actor);
    expect(changed).not.toBeNull();
    expect(await auth.getUser(other)).toBeNull();
    expect((await auth.getUser(cookiesAfter(changed ?? new Headers(), here.get("cookie") ?? "")))?.email).toBe(email);
    const kinds = (await runtime.services.auditLog.list({ person: email }, 1)).items.map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["two-factor-on", "recovery-codes-made", "two-factor-off", "password-changed"]),
    );
  });
});
