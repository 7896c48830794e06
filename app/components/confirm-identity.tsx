import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { CONFIRM_MESSAGES } from "#app/domain/auth-messages";
import { AuthenticationCodeField, CurrentPasswordField } from "./password-fields";
import { postPasskeyStep, signWithPasskey, usePasskeySupport } from "./passkey-browser";
import { Alert, Button } from "./ui";

/** What the confirmation's action answers: confirmed, the password wrong, or why not otherwise. */
type ConfirmAnswer = { confirmed: true } | { passwordError: string } | { codeError: string } | { error: string };

/**
 * Shown where a sensitive action was refused for want of a recent password (decision 076): the
 * password, checked without leaving the page, so that what the person entered in its form stays for
 * them to send again. Without scripts it is the confirmation page's form, which comes back here. Where
 * the browser can, one of the person's passkeys does instead of the password (decision 079).
 */
export function ConfirmIdentity() {
  const fetcher = useFetcher<ConfirmAnswer>();
  const location = useLocation();
  const region = useRef<HTMLElement>(null);
  const passkeys = usePasskeySupport();
  const frame = useRouteLoaderData<{ sso: string | null; passwords: boolean; appCodes: boolean }>(
    "routes/dashboard/layout",
  );
  const sso = frame?.sso;
  const passwords = frame?.passwords ?? true;
  // A code of the authenticator app instead of the password, for a person who has one.
  const [withCode, setWithCode] = useState(false);
  const [byPasskey, setByPasskey] = useState<ConfirmAnswer | "busy">();
  // The answer once the page's data is read again after it (a fetcher's action revalidates).
  const answer = byPasskey && byPasskey !== "busy" ? byPasskey : fetcher.state === "idle" ? fetcher.data : undefined;
  const confirmWithPasskey = async () => {
    setByPasskey("busy");
    const step = "/dashboard/confirm/passkey";
    const started = await postPasskeyStep<{ options: PublicKeyCredentialRequestOptionsJSON }>(step, {
      intent: "options",
    });
    if (!("options" in started))
      return setByPasskey({ error: "error" in started ? started.error : CONFIRM_MESSAGES.needed });
    const signed = await signWithPasskey(started.options);
    if ("error" in signed) return setByPasskey({ error: signed.error });
    const answered = await postPasskeyStep<{ confirmed: true }>(step, { intent: "confirm", response: signed.response });
    setByPasskey(
      "confirmed" in answered
        ? { confirmed: true }
        : { error: "error" in answered ? answered.error : CONFIRM_MESSAGES.needed },
    );
  };
  // Focus follows what changed: the password to give, then the word that it was taken.
  useEffect(() => {
    region.current?.querySelector<HTMLElement>("input[type=password], input[name=code], [role=status]")?.focus();
  }, [answer, withCode]);
  if (answer && "confirmed" in answer) {
    return (
      <section ref={region} aria-label="Confirm it's you">
        <div
          tabIndex={-1}
          role="status"
          className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800"
        >
          {CONFIRM_MESSAGES.confirmed}
        </div>
      </section>
    );
  }
  return (
    <section
      ref={region}
      aria-labelledby="confirm-identity"
      className="space-y-3 rounded-md border border-sky-200 bg-sky-50 p-4"
    >
      <h2 id="confirm-identity" className="font-semibold text-sky-950">
        {"Confirm it's you"}
      </h2>
      <p className="text-sm text-sky-950">{CONFIRM_MESSAGES.needed}</p>
      {answer && "error" in answer ? <Alert tone="error">{answer.error}</Alert> : null}
      <fetcher.Form
        method="post"
        action="/dashboard/confirm"
        className="flex flex-wrap items-end gap-3"
        onSubmit={() => setByPasskey(undefined)}
      >
        <input type="hidden" name="stay" value="1" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {withCode ? (
          <AuthenticationCodeField
            id="confirm-identity-code"
            error={answer && "codeError" in answer ? answer.codeError : undefined}
          />
        ) : passwords ? (
          <CurrentPasswordField
            id="confirm-identity-password"
            label="Your password"
            error={answer && "passwordError" in answer ? answer.passwordError : undefined}
          />
        ) : null}
        {withCode || passwords ? (
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Confirm
          </Button>
        ) : null}
        {frame?.appCodes && !withCode ? (
          <Button type="button" variant="secondary" onClick={() => setWithCode(true)}>
            Use an authentication code instead
          </Button>
        ) : null}
        {passkeys ? (
          <Button
            type="button"
            variant="secondary"
            disabled={byPasskey === "busy"}
            onClick={() => void confirmWithPasskey()}
          >
            Use a passkey instead
          </Button>
        ) : null}
      </fetcher.Form>
      {sso ? (
        // Signing in with the provider again makes a fresh session, which is the confirmation; a
        // person who came by single sign-on may have no password here at all.
        <Form method="post" action="/auth/oidc">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <Button type="submit" variant="secondary">
            Confirm with {sso}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
