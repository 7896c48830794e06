import { data, Form, useNavigation } from "react-router";
import { renderSVG } from "uqr";
import { LocalTime } from "#app/components/local-time";
import { Alert, Button, Card } from "#app/components/ui";
import { AuthenticationCodeField, CurrentPasswordField, NewPasswordFields } from "#app/components/password-fields";
import { changePasswordSchema } from "#app/domain/auth-schemas";
import {
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX_LENGTH,
  PASSWORDS_OFF,
  SECOND_FACTOR_MESSAGES,
} from "#app/domain/auth-messages";
import { firstErrors, parseFormSubmission } from "#app/server/platform/form-data.server";
import { dashboardUser, mustConfirmIdentity, readAdminForm } from "#app/server/runtime/session.server";
import { Passkeys, type PasskeyAnswer } from "./passkeys";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/page";

export function meta() {
  return dashboardMeta("Your account");
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { auth, people } = context.get(servicesContext);
  const [sessions, policy, passkeys] = await Promise.all([
    auth.listSessions(user.id, user.sessionId),
    people.signInPolicy(),
    auth.listPasskeys(user.id),
  ]);
  return {
    email: user.email,
    passwordsOff: await passwordsOff(context),
    twoFactorRequired: policy.requireTwoFactor,
    twoFactor: Boolean(user.twoFactorEnabled),
    passkeys: passkeys.map((listed) => ({
      ...listed,
      addedAt: listed.addedAt?.toISOString() ?? null,
      lastUsedAt: listed.lastUsedAt?.toISOString() ?? null,
    })),
    sessions: sessions.map((listed) => ({
      ...listed,
      signedInAt: listed.signedInAt.toISOString(),
      lastSeenAt: listed.lastSeenAt.toISOString(),
    })),
  };
}

/** Why the password's and the authenticator app's forms are not offered: passwords are turned off. */
async function passwordsOff(context: Route.LoaderArgs["context"]): Promise<string | null> {
  const { auth } = context.get(servicesContext);
  return auth.sso && !(await auth.passwordsOn()) ? PASSWORDS_OFF.account(auth.sso.name) : null;
}

/** What only a password or an authenticator app is asked for: refused while passwords are off. */
const PASSWORD_INTENTS = new Set(["password", "start", "confirm", "recovery-codes", "off"]);

const WRONG_PASSWORD = "That password is not right.";
const TWO_FACTOR_REQUIRED =
  "Two-factor authentication is required on this site: it stays on until you add a passkey. An owner can change that on People.";

/**
 * Two-factor authentication for the signed-in person: set up (the password, then the app's key as a
 * QR code and as text, ten recovery codes shown once, and a first code to turn it on), new recovery
 * codes (the password), and turning it off (the password and a code).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  const { auth } = context.get(servicesContext);
  const text = (name: string) => String(form.get(name) ?? "");
  if (PASSWORD_INTENTS.has(text("intent"))) {
    const off = await passwordsOff(context);
    if (off) return data({ step: "passwords-off" as const, error: off }, { status: 403 });
  }
  switch (text("intent")) {
    case "start": {
      const started = await auth.startTwoFactor(text("password"), request.headers);
      if (!started) return { step: "start" as const, error: WRONG_PASSWORD };
      const key = new URL(started.totpURI).searchParams.get("secret") ?? "";
      return {
        step: "confirm" as const,
        // Made here: the page's scripts carry no QR code maker.
        qr: `data:image/svg+xml;base64,${Buffer.from(renderSVG(started.totpURI)).toString("base64")}`,
        key: key.replace(/(.{4})/g, "$1 ").trim(),
        recoveryCodes: started.backupCodes,
      };
    }
    case "confirm": {
      const session = await auth.confirmTwoFactor(text("code"), request.headers, origin.actor);
      // Turning two factors on replaces the session this page was asked in.
      if (session) return data({ step: "on" as const }, { headers: session });
      return { step: "confirm-again" as const, error: SECOND_FACTOR_MESSAGES.wrongCode };
    }
    case "recovery-codes": {
      const codes = await auth.newRecoveryCodes(text("password"), request.headers, origin.actor);
      return codes
        ? { step: "codes" as const, recoveryCodes: codes }
        : { step: "codes-refused" as const, error: WRONG_PASSWORD };
    }
    case "off": {
      const required = (await context.get(servicesContext).people.signInPolicy()).requireTwoFactor;
      if (required && (await auth.listPasskeys(dashboardUser(context).id)).length === 0) {
        return { step: "off" as const, error: TWO_FACTOR_REQUIRED };
      }
      const session = await auth.turnOffTwoFactor(text("password"), text("code"), request.headers, origin.actor);
      if (session) return data({ step: "off" as const }, { headers: session });
      return {
        step: "off" as const,
        error: "The password or the code is not right: two-factor authentication stays on.",
      };
    }
    case "end-session": {
      const user = dashboardUser(context);
      const ended = await auth.endSession(user.id, text("id"), origin.actor);
      return ended
        ? { step: "session-ended" as const }
        : { step: "session-gone" as const, error: "That session had already ended." };
    }
    case "end-other-sessions": {
      const user = dashboardUser(context);
      const ended = await auth.endOtherSessions(user.id, user.sessionId, origin.actor);
      return { step: "others-ended" as const, ended };
    }
    case "passkey-rename": {
      const name = text("name").trim();
      if (name.length > PASSKEY_NAME_MAX_LENGTH)
        return passkeyAnswer({ step: "passkey-refused", error: PASSKEY_MESSAGES.nameTooLong });
      const renamed = await auth.renamePasskey(dashboardUser(context).id, text("id"), name, origin.actor);
      return passkeyAnswer(
        renamed ? { step: "passkey-renamed" } : { step: "passkey-refused", error: PASSKEY_MESSAGES.gone },
      );
    }
    case "passkey-remove": {
      const user = dashboardUser(context);
      // One way in fewer is a sensitive change, as adding one is.
      if (mustConfirmIdentity(user)) return passkeyAnswer({ step: "passkey-confirm", answeredAt: Date.now() });
      const required = (await context.get(servicesContext).people.signInPolicy()).requireTwoFactor;
      const removed = await auth.removePasskey(user.id, text("id"), origin.actor, required);
      return passkeyAnswer(
        removed.ok ? { step: "passkey-removed" } : { step: "passkey-refused", error: removed.error },
      );
    }
    case "password": {
      const submission = parseFormSubmission(form, changePasswordSchema);
      if (submission.status !== "success") {
        return { step: "password-refused" as const, fieldErrors: firstErrors(submission) };
      }
      const { current, password } = submission.value;
      const session = await auth.changePassword(current, password, request.headers, origin.actor);
      if (!session) return { step: "password-refused" as const, fieldErrors: { current: WRONG_PASSWORD } };
      // The other sessions end; this one is replaced by a new one.
      return data({ step: "password-changed" as const }, { headers: session });
    }
    default:
      return { step: "start" as const, error: "Choose what to do." };
  }
}

/** A passkey's answer, as the passkeys' section reads it. */
function passkeyAnswer(answer: PasskeyAnswer): PasskeyAnswer {
  return answer;
}

function isPasskeyAnswer(answer: { step: string }): answer is PasskeyAnswer {
  return answer.step.startsWith("passkey-");
}

/** Ten recovery codes, shown once, with a file of them to keep. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`Vantage recovery codes\n\n${codes.join("\n")}\n`)}`;
  return (
    <section aria-labelledby="recovery-codes" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-codes" className="font-semibold text-amber-950">
        Your recovery codes
      </h3>
      <p className="text-sm text-amber-950">
        Keep them somewhere safe: each signs you in once if you lose your phone. They are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a href={file} download="vantage-recovery-codes.txt" className="text-sm font-semibold text-brand-700 underline">
        Download the recovery codes
      </a>
    </section>
  );
}

/**
 * Where the person is signed in, this browser first: each other session can be ended, or all of them
 * at once. An ended session's next request is sent to sign in.
 */
function Sessions({
  sessions,
  answer,
}: {
  sessions: Route.ComponentProps["loaderData"]["sessions"];
  answer: Route.ComponentProps["actionData"] | undefined;
}) {
  const others = sessions.filter((listed) => !listed.current).length;
  return (
    <section aria-labelledby="sessions" className="mt-6 space-y-3">
      <h2 id="sessions" className="text-lg font-semibold text-slate-900">
        Sessions
      </h2>
      <p className="text-sm text-slate-700">
        Where you are signed in. End a session you do not recognize, or one on a computer you no longer use: that
        browser is signed out at once.
      </p>
      {answer?.step === "session-ended" ? <Alert tone="success">Session ended.</Alert> : null}
      {answer?.step === "session-gone" ? <Alert tone="error">{answer.error}</Alert> : null}
      {answer?.step === "others-ended" ? (
        <Alert tone="success">
          {answer.ended === 1 ? "1 other session ended." : `${answer.ended} other sessions ended.`}
        </Alert>
      ) : null}
      <ul className="divide-y divide-slate-100 border-y border-slate-200" aria-label="Your sessions">
        {sessions.map((listed, position) => (
          <li key={listed.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
            <div className="space-y-1">
              <p className="font-medium text-slate-900">
                {listed.browser}
                {listed.current ? <span className="font-normal text-slate-600"> (this session)</span> : null}
              </p>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
                <div className="flex gap-1">
                  <dt className="text-slate-600">Address</dt>
                  <dd className="break-all">{listed.address ?? "Unknown"}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-slate-600">Signed in</dt>
                  <dd>
                    <LocalTime iso={listed.signedInAt} />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-slate-600">Last seen</dt>
                  <dd>{listed.current ? "Now" : <LocalTime iso={listed.lastSeenAt} />}</dd>
                </div>
              </dl>
            </div>
            {listed.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="id" value={listed.id} />
                <Button type="submit" variant="secondary" size="sm">
                  End session
                  <span className="sr-only">
                    {/* Its place in the list too: two sessions of one browser, address and minute look the same. */}{" "}
                    {position + 1} of {sessions.length}, {listed.browser}
                    {listed.address ? ` at ${listed.address}` : ""}, signed in <LocalTime iso={listed.signedInAt} />
                  </span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="danger">
            End all other sessions
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const idle = useNavigation().state === "idle";
  const answer = idle ? actionData : undefined;
  const on = loaderData.twoFactor;
  // Also when passwords went off after this page was opened: a refused action does not reload it.
  const noPasswords = loaderData.passwordsOff ?? (answer?.step === "passwords-off" ? answer.error : null);
  return (
    <Card title="Your account">
      <p className="text-sm text-slate-700">Signed in as {loaderData.email}.</p>
      {loaderData.twoFactorRequired && !on && loaderData.passkeys.length === 0 && !noPasswords ? (
        <div className="mt-4">
          <Alert tone="info">
            This site requires two-factor authentication: add a passkey or set up an authenticator app below to go on to
            the rest of the dashboard.
          </Alert>
        </div>
      ) : null}
      {noPasswords ? (
        <section aria-labelledby="no-password" className="mt-6 space-y-3">
          <h2 id="no-password" className="text-lg font-semibold text-slate-900">
            Password and two-factor authentication
          </h2>
          <p className="text-sm text-slate-700">{noPasswords}</p>
        </section>
      ) : (
        <Form method="post" className="mt-6 space-y-3" aria-labelledby="change-password">
          <h2 id="change-password" className="text-lg font-semibold text-slate-900">
            Change password
          </h2>
          {answer?.step === "password-changed" ? (
            <Alert tone="success">Password changed. Your other sessions have ended.</Alert>
          ) : null}
          <input type="hidden" name="intent" value="password" />
          <CurrentPasswordField
            id="current-password"
            label="Current password"
            name="current"
            error={answer?.step === "password-refused" ? answer.fieldErrors.current : undefined}
          />
          <NewPasswordFields
            labels={{ password: "New password", confirm: "Confirm new password" }}
            errors={answer?.step === "password-refused" ? answer.fieldErrors : undefined}
          />
          <Button type="submit" variant="secondary">
            Change password
          </Button>
        </Form>
      )}
      <Passkeys passkeys={loaderData.passkeys} answer={answer && isPasskeyAnswer(answer) ? answer : undefined} />
      <Sessions sessions={loaderData.sessions} answer={answer} />
      {noPasswords ? null : (
        <section aria-labelledby="two-factor" className="mt-6 space-y-4">
          <h2 id="two-factor" className="text-lg font-semibold text-slate-900">
            Two-factor authentication
          </h2>
          {answer &&
          "error" in answer &&
          answer.error &&
          answer.step !== "session-gone" &&
          answer.step !== "passkey-refused" ? (
            <Alert tone="error">{answer.error}</Alert>
          ) : null}
          {on ? (
            <>
              {answer?.step === "on" ? (
                <Alert tone="success">Two-factor authentication is on.</Alert>
              ) : (
                <p className="text-sm text-slate-700">
                  On: signing in asks for a code of your authenticator app after the password.
                </p>
              )}
              {answer?.step === "codes" ? <RecoveryCodes codes={answer.recoveryCodes} /> : null}
              <Form method="post" className="space-y-3" aria-labelledby="new-codes">
                <h3 id="new-codes" className="font-semibold text-slate-900">
                  New recovery codes
                </h3>
                <input type="hidden" name="intent" value="recovery-codes" />
                <CurrentPasswordField id="codes-password" />
                <Button type="submit" variant="secondary">
                  Make new recovery codes
                </Button>
              </Form>
              <Form method="post" className="space-y-3" aria-labelledby="turn-off">
                <h3 id="turn-off" className="font-semibold text-slate-900">
                  Turn off two-factor authentication
                </h3>
                <input type="hidden" name="intent" value="off" />
                <CurrentPasswordField id="off-password" />
                <AuthenticationCodeField id="off-code" />
                <Button type="submit" variant="danger">
                  Turn off
                </Button>
              </Form>
            </>
          ) : answer?.step === "confirm" || answer?.step === "confirm-again" ? (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="confirm" />
              {answer.step === "confirm" ? (
                <>
                  <p className="text-sm text-slate-700">
                    Scan the QR code with your authenticator app, or type the key into it. Then enter the code it shows.
                  </p>
                  <img
                    src={answer.qr}
                    alt="QR code of your two-factor key"
                    width={192}
                    height={192}
                    className="bg-white p-2"
                  />
                  <p className="text-sm">
                    Key: <code className="font-mono break-all">{answer.key}</code>
                  </p>
                  <RecoveryCodes codes={answer.recoveryCodes} />
                </>
              ) : null}
              <AuthenticationCodeField id="confirm-code" />
              <Button type="submit">Turn on</Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-3">
              {answer?.step === "off" ? <Alert tone="success">Two-factor authentication is off.</Alert> : null}
              <p className="text-sm text-slate-700">
                Off: your password alone signs you in. With it on, signing in also asks for a code of an authenticator
                app.
              </p>
              <input type="hidden" name="intent" value="start" />
              <CurrentPasswordField id="start-password" />
              <Button type="submit">Set up two-factor authentication</Button>
            </Form>
          )}
        </section>
      )}
    </Card>
  );
}
