import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import Bowser from "bowser";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { APIError } from "better-auth/api";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/limits";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type SsoRefusal } from "#app/domain/auth-messages";
import { normalizeEmail } from "./admins.server";
import { recordAudit, type Actor } from "../admin/audit.server";
import type { Database } from "../db/client.server";
import {
  account,
  invitations,
  passkey,
  session,
  signInPolicy,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "../db/schema";
import type { Role } from "#app/domain/roles";
import type { Logger } from "../platform/logger.server";
import type { SendMail } from "../platform/mail.server";
import type { RateLimiter } from "../db/rate-limit.server";
import { createSignInThrottle } from "./sign-in-throttle.server";
import type { AuthenticationResponse, RegistrationResponse } from "./passkey-responses.server";

export const SESSION_COOKIE_PREFIX = "vantage";
/**
 * The two-factor plugin's cookie between a sign-in's two steps (ten minutes): its name, with the
 * `__Secure-` prefix the library adds on https.
 */
export const SECOND_FACTOR_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${SESSION_COOKIE_PREFIX}\\.two_factor=`);

/**
 * The header the sign-in library reads a new session's address from: set by our own code from the
 * client's address as the server worked it out (TRUST_PROXY), over anything the client sent.
 */
const CLIENT_ADDRESS_HEADER = "x-vantage-client-address";

/** `headers` with the client's address where the sign-in library records it for a session it makes. */
function asClient(headers: Headers, clientAddress: string | null): Headers {
  const copy = new Headers(headers);
  if (clientAddress) copy.set(CLIENT_ADDRESS_HEADER, clientAddress);
  else copy.delete(CLIENT_ADDRESS_HEADER);
  return copy;
}

/** How often, at most, a session's "last seen" is written: a dashboard page a second costs no write a second. */
const LAST_SEEN_STEP_MS = 5 * 60 * 1000;

/** One of a person's sessions, as their account page lists it. */
export interface SessionListed {
  id: string;
  /** "Chrome 140 on Linux", or "Unknown browser". */
  browser: string;
  address: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The session this list was asked in. */
  current: boolean;
}

/** One of a person's passkeys, as their account page lists it. */
export interface PasskeyListed {
  id: string;
  name: string;
  addedAt: Date | null;
  lastUsedAt: Date | null;
}

/** A browser's name, version and system in words, from its user agent. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split(".")[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(" ") : "Unknown browser";
  return os.name ? `${name} on ${os.name}` : name;
}

/** A code as people type it ("123 456"), as the plugin checks it. */
function typedCode(code: string): string {
  return code.replace(/\s+/g, "");
}
const RESET_TOKEN_SECONDS = 60 * 60;

/** Single sign-on with one OpenID Connect provider, from the environment (decision 080). */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The provider as the sign-in button names it: "Microsoft", "Okta". */
  name: string;
}

/** The sign-in library's id of the OpenID Connect provider. */
const OIDC_PROVIDER = "oidc";
/** Where the provider sends the browser back: the address to register with it, after PUBLIC_URL. */
export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";

/**
 * Why a single sign-on did not sign someone in, as the sign-in page names it (the library's error
 * codes, and ours from `validateUserInfo`); anything else reads as `failed`.
 */
const SSO_REFUSALS: Record<string, SsoRefusal> = {
  not_invited: "not-invited",
  email_not_verified: "unverified",
  account_not_linked: "unverified",
  state_mismatch: "restart",
  state_not_found: "restart",
  please_restart_the_process: "restart",
  invalid_callback_request: "restart",
};

export function ssoRefusalOf(code: string): SsoRefusal {
  return Object.hasOwn(SSO_REFUSALS, code) ? (SSO_REFUSALS[code] ?? "failed") : "failed";
}

export function createAuth(options: {
  db: Database;
  secret: string;
  publicUrl: string;
  sendMail: SendMail;
  rateLimiter: RateLimiter;
  logger: Logger;
  oidc?: OidcSettings;
}) {
  const { db, secret, publicUrl, sendMail, rateLimiter, logger, oidc } = options;
  /**
   * Who single sign-on may make a person of (decision 080): an address invited (the invitation's
   * role), else one at a domain the owners allowed (an editor); null for anyone else.
   */
  async function ssoAdmission(email: string): Promise<{ role: Role; invitationId: string | null } | null> {
    const normalized = normalizeEmail(email);
    const [invited] = await db
      .select({ id: invitations.id, role: invitations.role })
      .from(invitations)
      .where(and(eq(invitations.email, normalized), gt(invitations.expiresAt, new Date())));
    if (invited) return { role: invited.role, invitationId: invited.id };
    const [policy] = await db.select({ domains: signInPolicy.ssoDomains }).from(signInPolicy);
    const domain = normalized.slice(normalized.lastIndexOf("@") + 1);
    return policy?.domains.includes(domain) ? { role: "editor", invitationId: null } : null;
  }
  const throttle = createSignInThrottle(rateLimiter);
  /** The person an address belongs to, for entries about them (a failed sign-in, a reset asked). */
  async function actorFor(email: string, clientAddress: string): Promise<Actor> {
    const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { userId: found?.id ?? null, email, clientAddress };
  }
  /** Whether a password signs anyone in: the owners may turn it off for single sign-on (decision 080). */
  async function passwordsOn(): Promise<boolean> {
    const [policy] = await db.select({ on: signInPolicy.passwordSignIn }).from(signInPolicy);
    return policy?.on ?? true;
  }
  /** A sign-in went through: the client's failures on the account are forgotten, and it is audited. */
  async function noteSignIn(
    person: { id: string; email: string },
    clientAddress: string,
    details?: Record<string, string>,
  ): Promise<void> {
    await throttle.signedIn(normalizeEmail(person.email), clientAddress);
    const actor = { userId: person.id, email: person.email, clientAddress };
    await recordAudit(db, actor, details ? { kind: "sign-in", details } : { kind: "sign-in" });
  }
  /** A sign-in failed: counted against the client on the account (`email`, "" for none known), and audited. */
  async function noteFailedSignIn(email: string, clientAddress: string, reason: string): Promise<void> {
    await throttle.signInFailed(email, clientAddress);
    await recordAudit(db, await actorFor(email, clientAddress), { kind: "sign-in-failed", details: { reason } });
  }
  /**
   * Whether `code` is the signed-in person's app's code now (their session in `headers`), with the
   * Set-Cookie headers of the answer: the one that turns two factors on replaces the session.
   */
  async function checkCode(code: string, headers: Headers): Promise<Headers | null> {
    try {
      const result = await auth.api.verifyTOTP({
        body: { code: typedCode(code) },
        headers,
        returnHeaders: true,
      });
      return result.headers;
    } catch (error) {
      if (error instanceof APIError) return null;
      throw error;
    }
  }
  const auth = betterAuth({
    appName: "Vantage",
    secret,
    baseURL: publicUrl,
    basePath: "/api/auth",
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, twoFactor: twoFactorTable, passkey },
    }),
    // Two factors (issue: sign-in): an authenticator app's codes (RFC 6238) and ten recovery codes.
    plugins: [
      twoFactor({ issuer: "Vantage", backupCodeOptions: { amount: 10 } }),
      // Passkeys (decision 079): for this site's address only, each one found by the browser without
      // an e-mail address first, and each use checked to be its person's (a PIN, a fingerprint, a face).
      passkeyPlugin({
        rpID: new URL(publicUrl).hostname,
        rpName: "Vantage",
        origin: new URL(publicUrl).origin,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        advanced: { webAuthnChallengeCookie: "passkey" },
        registration: {
          afterVerification({ verification }) {
            if (!verification.registrationInfo?.userVerified) {
              throw new APIError("BAD_REQUEST", { message: PASSKEY_MESSAGES.notVerified });
            }
          },
        },
        authentication: {
          afterVerification({ verification }) {
            if (!verification.authenticationInfo.userVerified) {
              throw new APIError("UNAUTHORIZED", { message: PASSKEY_MESSAGES.notVerified });
            }
          },
        },
      }),
      // Single sign-on (decision 080): discovery from the issuer, ID tokens checked against its
      // keys, PKCE, and the state the library keeps; our own callback address.
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER,
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuerUrl.replace(/\/$/, "")}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  redirectURI: `${publicUrl}${OIDC_CALLBACK_PATH}`,
                },
              ],
            }),
          ]
        : []),
    ],
    // The library's error page is not served: single sign-on's refusals come back to sign-in.
    onAPIError: { errorURL: `${publicUrl}/login` },
    databaseHooks: {
      user: {
        create: {
          // Only single sign-on makes people through the library (the rest are our own inserts):
          // with the invitation's role, or as an editor of an allowed domain.
          async before(created, context) {
            if (!context?.path.startsWith("/callback/")) return undefined;
            const admitted = await ssoAdmission(created.email);
            return admitted ? { data: { ...created, role: admitted.role } } : false;
          },
          async after(created) {
            const admitted = await ssoAdmission(created.email);
            await db.transaction(async (tx) => {
              if (admitted?.invitationId) await tx.delete(invitations).where(eq(invitations.id, admitted.invitationId));
              await recordAudit(
                tx,
                { userId: created.id, email: created.email, clientAddress: null },
                {
                  kind: admitted?.invitationId ? "invitation-accepted" : "person-added",
                  record: { type: "person", id: created.id, label: created.email },
                  details: { role: admitted?.role ?? "editor", signedInWith: oidc?.name ?? "single sign-on" },
                },
              );
            });
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: recipient, token }) {
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // better-auth swallows this function's errors; log them so an operator sees a broken mail setup.
        await sendMail({
          to: recipient.email,
          subject: "Reset your Vantage password",
          text:
            `Someone asked to reset the password of the Vantage admin account ${recipient.email}.\n\n` +
            `Choose a new password here (the link works once, for one hour):\n${link}\n\n` +
            "If this was not you, ignore this message: your password stays as it is.\n",
        }).catch((error: unknown) => {
          logger.error({ err: error, to: recipient.email }, "could not send the password reset mail");
          throw error;
        });
      },
    },
    // The role is read with every session; only our own code (People, the command line) ever sets it.
    user: {
      additionalFields: { role: { type: "string", input: false, required: true, defaultValue: "editor" } },
      // Single sign-on admits an address its provider has verified, and a new person only when
      // invited or at an allowed domain (decision 080).
      async validateUserInfo({ user: incoming, source }) {
        if (source.method !== "oauth") return undefined;
        if (incoming.emailVerified !== true) return { error: "email_not_verified" };
        if (source.action === "create-user" && !(await ssoAdmission(String(incoming.email ?? "")))) {
          return { error: "not_invited" };
        }
        return undefined;
      },
    },
    session: {
      // A session is "fresh" for the library's sensitive endpoints (adding a passkey) by our own
      // rule instead: the password or a passkey given again within CONFIRM_AFTER_MINUTES.
      freshAge: 0,
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        lastSeenAt: { type: "date", input: false, required: false },
        confirmedAt: { type: "date", input: false, required: false },
        signedInWith: { type: "string", input: false, required: false },
      },
    },
    // Sign-in attempts are limited by our own database counters (see signIn), shared by all instances.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: publicUrl.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    telemetry: { enabled: false },
    // Into our JSON log instead of its own coloured console lines. Its warnings are about requests
    // ("User not found" for a reset to an unknown address): ordinary traffic here, so they are info.
    logger: {
      level: "debug",
      log(level, message, ...details: unknown[]) {
        const err = details.find((detail) => detail instanceof Error);
        const rest = details.filter((detail) => detail !== err);
        const entry = { source: "better-auth", ...(err ? { err } : {}), ...(rest.length > 0 ? { details: rest } : {}) };
        if (level === "error") logger.error(entry, message);
        else if (level === "debug") logger.debug(entry, message);
        else logger.info(entry, message);
      },
    },
  });

  return {
    auth,

    /** Single sign-on as the sign-in page offers it: the provider's name, or null when it is not set up. */
    sso: oidc ? { name: oidc.name } : null,

    /** Whether a password signs anyone in (the owners' policy, decision 080). */
    passwordsOn,

    /**
     * The first step of a single sign-on: the provider's address to send the browser to, with the
     * cookie that holds the state and PKCE verifier it must come back with; `redirectTo` afterwards.
     */
    async startSso(redirectTo: string, headers: Headers): Promise<{ url: string; headers: Headers }> {
      const { response, headers: cookies } = await auth.api.signInSocial({
        body: { provider: OIDC_PROVIDER, callbackURL: redirectTo, errorCallbackURL: "/login", disableRedirect: true },
        headers,
        returnHeaders: true,
      });
      if (!response.url) throw new Error("The single sign-on provider gave no address to sign in at");
      return { url: response.url, headers: cookies };
    },

    /**
     * The provider's answer (`url`, the callback's address): checked by the library (state, PKCE, the
     * ID token), a session made for a person it admits, and the sign-in audited. Returns the library's
     * redirect, to the page asked for or back to sign-in with the reason.
     */
    async finishSso(url: URL, headers: Headers, clientAddress: string): Promise<Response> {
      const param = (name: string) => url.searchParams.get(name) ?? undefined;
      const response = await auth.api.callbackOAuth({
        params: { id: OIDC_PROVIDER },
        query: {
          code: param("code"),
          state: param("state"),
          error: param("error"),
          error_description: param("error_description"),
          iss: param("iss"),
        },
        headers: asClient(headers, clientAddress),
        asResponse: true,
      });
      const cookies = response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0] ?? "")
        .join("; ");
      const signedIn = cookies.includes(SESSION_COOKIE_PREFIX)
        ? await auth.api.getSession({ headers: new Headers({ cookie: cookies }) })
        : null;
      if (signedIn) {
        await db.update(session).set({ signedInWith: "sso" }).where(eq(session.id, signedIn.session.id));
        const actor = { userId: signedIn.user.id, email: signedIn.user.email, clientAddress };
        await recordAudit(db, actor, { kind: "sign-in", details: { singleSignOn: oidc?.name ?? "single sign-on" } });
      }
      return response;
    },

    async getUser(headers: Headers) {
      if (!headers.get("cookie")?.includes(SESSION_COOKIE_PREFIX)) return null;
      const result = await auth.api.getSession({ headers });
      if (!result) return null;
      const role: Role = result.user.role === "owner" ? "owner" : "editor";
      const { id: sessionId, lastSeenAt, confirmedAt, createdAt, signedInWith } = result.session;
      const now = new Date();
      if (!lastSeenAt || now.getTime() - new Date(lastSeenAt).getTime() >= LAST_SEEN_STEP_MS) {
        await db.update(session).set({ lastSeenAt: now }).where(eq(session.id, sessionId));
      }
      // When the person last gave their password: signing in made the session, confirming notes it.
      const signedInAt = new Date(createdAt);
      const confirmed = confirmedAt ? new Date(confirmedAt) : null;
      const passwordGivenAt = confirmed && confirmed > signedInAt ? confirmed : signedInAt;
      return {
        ...result.user,
        role,
        sessionId,
        passwordGivenAt,
        signedInWith: signedInWith === "sso" || signedInWith === "passkey" ? signedInWith : ("password" as const),
      };
    },

    /**
     * The signed-in person (`headers`) confirms it is them before a sensitive action: their password,
     * throttled and audited as a sign-in is. True when it was right; the session notes when.
     */
    async confirmIdentity(input: {
      password: string;
      headers: Headers;
      /** The session the person confirms in (theirs, as the dashboard's guard found it). */
      sessionId: string;
      actor: Actor & { email: string };
    }) {
      const { actor } = input;
      if (!(await passwordsOn())) return { ok: false as const, reason: "passwords-off" as const };
      const clientAddress = actor.clientAddress ?? "";
      const email = normalizeEmail(actor.email);
      const wait = await throttle.waitBeforeSignIn(email, clientAddress);
      if (wait > 0) return { ok: false as const, reason: "rate-limited" as const, retryAfterSeconds: wait };
      try {
        await auth.api.verifyPassword({ body: { password: input.password }, headers: input.headers });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        await throttle.signInFailed(email, clientAddress);
        await recordAudit(db, actor, { kind: "sign-in-failed", details: { reason: "wrong password when confirming" } });
        return { ok: false as const, reason: "invalid" as const };
      }
      await db.transaction(async (tx) => {
        await tx.update(session).set({ confirmedAt: new Date() }).where(eq(session.id, input.sessionId));
        await recordAudit(tx, actor, { kind: "identity-confirmed" });
      });
      return { ok: true as const };
    },

    /**
     * The signed-in person confirms it is them with a code of their authenticator app instead of the
     * password (confirmIdentity), throttled and audited the same way.
     */
    async confirmIdentityWithCode(input: {
      code: string;
      headers: Headers;
      sessionId: string;
      actor: Actor & { email: string };
    }) {
      const { actor } = input;
      const clientAddress = actor.clientAddress ?? "";
      const email = normalizeEmail(actor.email);
      const wait = await throttle.waitBeforeSignIn(email, clientAddress);
      if (wait > 0) return { ok: false as const, reason: "rate-limited" as const, retryAfterSeconds: wait };
      if (!(await checkCode(input.code, input.headers))) {
        await throttle.signInFailed(email, clientAddress);
        await recordAudit(db, actor, {
          kind: "sign-in-failed",
          details: { reason: "wrong authentication code when confirming" },
        });
        return { ok: false as const, reason: "invalid" as const };
      }
      await db.transaction(async (tx) => {
        await tx.update(session).set({ confirmedAt: new Date() }).where(eq(session.id, input.sessionId));
        await recordAudit(tx, actor, { kind: "identity-confirmed", details: { with: "authenticator app" } });
      });
      return { ok: true as const };
    },

    /** The person's sessions that have not expired, this one (`currentId`) first, then the latest seen. */
    async listSessions(userId: string, currentId: string): Promise<SessionListed[]> {
      const rows = await db
        .select()
        .from(session)
        .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
        // Never seen since signing in: seen then (a null would sort first).
        .orderBy(desc(sql`coalesce(${session.lastSeenAt}, ${session.createdAt})`));
      const listed = rows.map((row) => ({
        id: row.id,
        browser: browserOf(row.userAgent),
        address: row.ipAddress,
        signedInAt: row.createdAt,
        lastSeenAt: row.lastSeenAt ?? row.createdAt,
        current: row.id === currentId,
      }));
      return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
    },

    /**
     * Ends one of the person's own sessions (never another person's): it is signed out at once, its
     * next request sent to sign in. False when it is already gone.
     */
    async endSession(userId: string, sessionId: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .delete(session)
          .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
          .returning({ userAgent: session.userAgent, ipAddress: session.ipAddress });
        if (!ended) return false;
        await recordAudit(tx, actor, {
          kind: "session-ended",
          details: { browser: browserOf(ended.userAgent), address: ended.ipAddress ?? "unknown" },
        });
        return true;
      });
    },

    /** Ends every session of the person but this one (`currentId`). Returns how many ended. */
    async endOtherSessions(userId: string, currentId: string, actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .delete(session)
          .where(and(eq(session.userId, userId), ne(session.id, currentId)))
          .returning({ id: session.id });
        if (ended.length > 0) {
          await recordAudit(tx, actor, { kind: "other-sessions-ended", details: { sessions: String(ended.length) } });
        }
        return ended.length;
      });
    },

    /** The person's passkeys, the oldest first. */
    async listPasskeys(userId: string): Promise<PasskeyListed[]> {
      const rows = await db
        .select({ id: passkey.id, name: passkey.name, addedAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt })
        .from(passkey)
        .where(eq(passkey.userId, userId))
        .orderBy(passkey.createdAt, passkey.id);
      return rows.map((row) => ({ ...row, name: row.name || "Passkey" }));
    },

    /**
     * The first step of adding a passkey for the signed-in person (`headers`): what the browser asks
     * the authenticator to make, and the Set-Cookie header that ties the second step to it (five minutes).
     */
    async passkeyRegistrationOptions(headers: Headers) {
      const { response, headers: cookies } = await auth.api.generatePasskeyRegistrationOptions({
        headers,
        returnHeaders: true,
      });
      return { options: response, headers: cookies };
    },

    /** The second step: the authenticator's answer checked and the passkey kept under `name`. */
    async addPasskey(input: { response: RegistrationResponse; name: string; headers: Headers; actor: Actor }) {
      const name = input.name.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) || "Passkey";
      try {
        await auth.api.verifyPasskeyRegistration({ body: { response: input.response, name }, headers: input.headers });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        const notVerified = error.message === PASSKEY_MESSAGES.notVerified;
        return { ok: false as const, error: notVerified ? PASSKEY_MESSAGES.notVerified : PASSKEY_MESSAGES.notAdded };
      }
      await recordAudit(db, input.actor, { kind: "passkey-added", details: { name } });
      return { ok: true as const, name };
    },

    /** Names one of the person's own passkeys again; false when it is not (or no longer) theirs. */
    async renamePasskey(userId: string, id: string, name: string, actor: Actor): Promise<boolean> {
      const named = name.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) || "Passkey";
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ name: passkey.name })
          .from(passkey)
          .where(and(eq(passkey.id, id), eq(passkey.userId, userId)));
        if (!before) return false;
        await tx.update(passkey).set({ name: named }).where(eq(passkey.id, id));
        await recordAudit(tx, actor, {
          kind: "passkey-renamed",
          details: { from: before.name ?? "Passkey", to: named },
        });
        return true;
      });
    },

    /**
     * Removes one of the person's own passkeys. Refused when the owners require two factors and it is
     * the person's last one (no authenticator app, no other passkey).
     */
    async removePasskey(userId: string, id: string, actor: Actor, twoFactorRequired: boolean) {
      return db.transaction(async (tx) => {
        const own = await tx.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId));
        if (!own.some((row) => row.id === id)) return { ok: false as const, error: PASSKEY_MESSAGES.gone };
        const [person] = await tx.select({ app: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
        if (twoFactorRequired && !person?.app && own.length === 1) {
          return { ok: false as const, error: PASSKEY_MESSAGES.lastSecondFactor };
        }
        const [removed] = await tx.delete(passkey).where(eq(passkey.id, id)).returning({ name: passkey.name });
        await recordAudit(tx, actor, { kind: "passkey-removed", details: { name: removed?.name ?? "Passkey" } });
        return { ok: true as const };
      });
    },

    /**
     * The first step of a sign-in or a confirmation with a passkey: what the browser asks the
     * authenticator to sign (any of the site's passkeys; with a session, that person's), and the
     * Set-Cookie header that ties the second step to it.
     */
    async passkeyAuthenticationOptions(headers: Headers) {
      const { response, headers: cookies } = await auth.api.generatePasskeyAuthenticationOptions({
        headers,
        returnHeaders: true,
      });
      return { options: response, headers: cookies };
    },

    /**
     * Signs in with a passkey: the authenticator's signature checked, which counts as both factors
     * (something the person has, checked to be them). Throttled and audited as a password is, by the
     * passkey's person. Returns the session's Set-Cookie headers, or says why not.
     */
    async signInWithPasskey(input: { response: AuthenticationResponse; clientAddress: string; headers: Headers }) {
      const [owner] = await db
        .select({ id: passkey.id, name: passkey.name, email: user.email })
        .from(passkey)
        .innerJoin(user, eq(user.id, passkey.userId))
        .where(eq(passkey.credentialID, input.response.id));
      // An unknown passkey is throttled by the client's address alone, as an unknown address is.
      const email = owner ? normalizeEmail(owner.email) : "";
      const wait = await throttle.waitBeforeSignIn(email, input.clientAddress);
      if (wait > 0) return { ok: false as const, reason: "rate-limited" as const, retryAfterSeconds: wait };
      try {
        const result = await auth.api.verifyPasskeyAuthentication({
          body: { response: input.response },
          headers: asClient(input.headers, input.clientAddress),
          returnHeaders: true,
        });
        await db.update(passkey).set({ lastUsedAt: new Date() }).where(eq(passkey.credentialID, input.response.id));
        await db.update(session).set({ signedInWith: "passkey" }).where(eq(session.id, result.response.session.id));
        await noteSignIn(result.response.user, input.clientAddress, { passkey: owner?.name ?? "Passkey" });
        return { ok: true as const, headers: result.headers };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        await noteFailedSignIn(email, input.clientAddress, owner ? "passkey not accepted" : "unknown passkey");
        const notVerified = error.message === PASSKEY_MESSAGES.notVerified;
        return {
          ok: false as const,
          reason: "invalid" as const,
          error: notVerified ? PASSKEY_MESSAGES.notVerified : PASSKEY_MESSAGES.signInFailed,
        };
      }
    },

    /**
     * The signed-in person confirms it is them with one of their passkeys instead of the password
     * (confirmIdentity). The library makes a session of every passkey it checks: that one is ended at
     * once, and the session the person confirms in notes when.
     */
    async confirmIdentityWithPasskey(input: {
      response: AuthenticationResponse;
      headers: Headers;
      sessionId: string;
      actor: Actor & { email: string; userId: string };
    }) {
      const { actor } = input;
      const clientAddress = actor.clientAddress ?? "";
      const email = normalizeEmail(actor.email);
      const wait = await throttle.waitBeforeSignIn(email, clientAddress);
      if (wait > 0) return { ok: false as const, reason: "rate-limited" as const, retryAfterSeconds: wait };
      const refused = async () => {
        await throttle.signInFailed(email, clientAddress);
        await recordAudit(db, actor, {
          kind: "sign-in-failed",
          details: { reason: "passkey not accepted when confirming" },
        });
        return { ok: false as const, reason: "invalid" as const };
      };
      const [own] = await db
        .select({ id: passkey.id })
        .from(passkey)
        .where(and(eq(passkey.credentialID, input.response.id), eq(passkey.userId, actor.userId)));
      if (!own) return refused();
      let madeSession: string;
      try {
        const result = await auth.api.verifyPasskeyAuthentication({
          body: { response: input.response },
          headers: input.headers,
        });
        madeSession = result.session.id;
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        return refused();
      }
      await db.transaction(async (tx) => {
        await tx.delete(session).where(eq(session.id, madeSession));
        await tx.update(session).set({ confirmedAt: new Date() }).where(eq(session.id, input.sessionId));
        await tx.update(passkey).set({ lastUsedAt: new Date() }).where(eq(passkey.id, own.id));
        await recordAudit(tx, actor, { kind: "identity-confirmed", details: { with: "passkey" } });
      });
      return { ok: true as const };
    },

    /**
     * Signs in and returns the Set-Cookie headers, or says why not (with the seconds to wait when the
     * client is being slowed down: see sign-in-throttle.server.ts).
     */
    async signIn(input: { email: string; password: string; clientAddress: string; headers: Headers }) {
      if (!(await passwordsOn())) return { ok: false as const, reason: "passwords-off" as const };
      const email = normalizeEmail(input.email);
      const wait = await throttle.waitBeforeSignIn(email, input.clientAddress);
      // Refused before any password was checked: not an attempt the log records, so a client being
      // slowed down cannot fill it.
      if (wait > 0) return { ok: false as const, reason: "rate-limited" as const, retryAfterSeconds: wait };
      try {
        const result = await auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers: asClient(input.headers, input.clientAddress),
          returnHeaders: true,
        });
        // With two factors on, the password alone signs no one in: the library keeps a short-lived
        // cookie for the second step instead (verifySecondFactor).
        if ("twoFactorRedirect" in result.response && result.response.twoFactorRedirect) {
          return { ok: true as const, secondFactor: true as const, headers: result.headers };
        }
        await noteSignIn({ id: result.response.user.id, email }, input.clientAddress);
        return { ok: true as const, secondFactor: false as const, headers: result.headers };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        await noteFailedSignIn(email, input.clientAddress, "wrong address or password");
        return { ok: false as const, reason: "invalid" as const };
      }
    },

    /**
     * The second step of a sign-in with two factors: a code of the authenticator app, or one of the
     * recovery codes (each works once), throttled as the password is (`email` is the first step's).
     * Returns the session's Set-Cookie headers, or says why not (a wrong code, or the first step's ten
     * minutes gone, reads the same).
     */
    async verifySecondFactor(input: {
      email: string;
      code: string;
      recovery: boolean;
      clientAddress: string;
      headers: Headers;
    }) {
      const email = normalizeEmail(input.email);
      const wait = await throttle.waitBeforeSignIn(email, input.clientAddress);
      if (wait > 0) return { ok: false as const, reason: "rate-limited" as const, retryAfterSeconds: wait };
      try {
        const body = { code: typedCode(input.code) };
        const headers = asClient(input.headers, input.clientAddress);
        const result = input.recovery
          ? await auth.api.verifyBackupCode({ body, headers, returnHeaders: true })
          : await auth.api.verifyTOTP({ body, headers, returnHeaders: true });
        await noteSignIn(result.response.user, input.clientAddress, {
          secondFactor: input.recovery ? "recovery code" : "authenticator app",
        });
        return { ok: true as const, headers: result.headers };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        const reason = input.recovery ? "wrong recovery code" : "wrong authentication code";
        await noteFailedSignIn(email, input.clientAddress, reason);
        return { ok: false as const, reason: "invalid" as const };
      }
    },

    /**
     * Starts turning two factors on for the signed-in person (`headers`): checks the password and gives
     * the authenticator app's key (as an otpauth:// URI) and ten recovery codes. Nothing changes for
     * sign-in until a first code confirms it (confirmTwoFactor).
     */
    async startTwoFactor(
      password: string,
      headers: Headers,
    ): Promise<{ totpURI: string; backupCodes: string[] } | null> {
      try {
        const started = await auth.api.enableTwoFactor({ body: { password }, headers });
        if (!("totpURI" in started)) throw new Error("The two-factor plugin offered no authenticator key");
        return { totpURI: started.totpURI, backupCodes: started.backupCodes };
      } catch (error) {
        if (error instanceof APIError) return null;
        throw error;
      }
    },

    /**
     * Confirms two factors with a first code of the app (`actor` the signed-in person): from now on
     * sign-in asks for one. Returns the Set-Cookie headers of the session that replaces the one it
     * was asked in, or null for a wrong code.
     */
    async confirmTwoFactor(code: string, headers: Headers, actor: Actor): Promise<Headers | null> {
      const answered = await checkCode(code, asClient(headers, actor.clientAddress));
      if (answered) await recordAudit(db, actor, { kind: "two-factor-on" });
      return answered;
    },

    /**
     * Turns two factors off: the password and a code of the app, both right. Returns the Set-Cookie
     * headers of the session that replaces the one it was asked in, or null.
     */
    async turnOffTwoFactor(password: string, code: string, headers: Headers, actor: Actor): Promise<Headers | null> {
      const asked = asClient(headers, actor.clientAddress);
      if (!(await checkCode(code, asked))) return null;
      try {
        const result = await auth.api.disableTwoFactor({ body: { password }, headers: asked, returnHeaders: true });
        await recordAudit(db, actor, { kind: "two-factor-off" });
        return result.headers;
      } catch (error) {
        if (error instanceof APIError) return null;
        throw error;
      }
    },

    /** Ten new recovery codes for the password, the old ones no longer working; null for a wrong password. */
    async newRecoveryCodes(password: string, headers: Headers, actor: Actor): Promise<string[] | null> {
      try {
        const { backupCodes } = await auth.api.generateBackupCodes({ body: { password }, headers });
        await recordAudit(db, actor, { kind: "recovery-codes-made" });
        return backupCodes;
      } catch (error) {
        if (error instanceof APIError) return null;
        throw error;
      }
    },

    /**
     * Changes the signed-in person's password (the current one first) and ends their other sessions.
     * Returns the Set-Cookie headers of the session that replaces this one, or null when the current
     * password is wrong.
     */
    async changePassword(current: string, next: string, headers: Headers, actor: Actor): Promise<Headers | null> {
      try {
        const result = await auth.api.changePassword({
          body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
          headers: asClient(headers, actor.clientAddress),
          returnHeaders: true,
        });
        await recordAudit(db, actor, { kind: "password-changed" });
        return result.headers;
      } catch (error) {
        if (error instanceof APIError) return null;
        throw error;
      }
    },

    /** Ends the session `headers` carry; `signedIn` is who it belongs to, for the audit log (none: nobody). */
    async signOut(headers: Headers, signedIn: Actor | null): Promise<Headers> {
      const result = await auth.api.signOut({ headers, returnHeaders: true });
      if (signedIn) await recordAudit(db, signedIn, { kind: "sign-out" });
      return result.headers;
    },

    /**
     * Sends a reset link if the address has an account; answers the same either way, so it reveals
     * nothing. Returns the seconds to wait instead when this client asked too often.
     */
    async requestPasswordReset(email: string, clientAddress: string): Promise<{ retryAfterSeconds: number }> {
      // With passwords off there is nothing to reset: no mail goes (the page says so before asking).
      if (!(await passwordsOn())) return { retryAfterSeconds: 0 };
      const normalized = normalizeEmail(email);
      const wait = await throttle.waitBeforeResetMail(normalized, clientAddress);
      if (wait > 0) return { retryAfterSeconds: wait };
      await throttle.resetMailSent(normalized, clientAddress);
      await recordAudit(db, await actorFor(normalized, clientAddress), { kind: "password-reset-requested" });
      await auth.api.requestPasswordReset({ body: { email: normalized } });
      return { retryAfterSeconds: 0 };
    },

    /**
     * False when the token is unknown, used or expired. A reset proves the owner holds the mailbox, so
     * it also ends whatever slowed their sign-ins down.
     */
    async resetPassword(token: string, newPassword: string, clientAddress: string): Promise<boolean> {
      if (!(await passwordsOn())) return false;
      const context = await auth.$context;
      const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      const owner = found ? await context.internalAdapter.findUserById(found.value) : null;
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch (error) {
        if (error instanceof APIError) return false;
        throw error;
      }
      if (owner) {
        await throttle.passwordReset(owner.email.toLowerCase(), clientAddress);
        await recordAudit(db, { userId: owner.id, email: owner.email, clientAddress }, { kind: "password-reset" });
      }
      return true;
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      const context = await auth.$context;
      const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      return Boolean(found && found.expiresAt > new Date());
    },
  };
}

export type AuthService = ReturnType<typeof createAuth>;
export type SessionUser = NonNullable<Awaited<ReturnType<AuthService["getUser"]>>>;
