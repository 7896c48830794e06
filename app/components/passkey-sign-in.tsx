import { useEffect, useRef, useState } from "react";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { PASSKEY_MESSAGES } from "#app/domain/auth-messages";
import { postPasskeyStep, signWithPasskey, usePasskeySupport } from "./passkey-browser";
import { Alert, Button } from "./ui";

/**
 * "Sign in with a passkey" on the sign-in page (decision 079): the browser offers the passkeys it
 * holds for this site, no e-mail address first, and one signs the person in with both factors at
 * once. Shown only where the browser can use passkeys; the password form stays beside it.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const supported = usePasskeySupport();
  const [busy, setBusy] = useState(false);
  // An object each time, so that the same words again are focused again.
  const [error, setError] = useState<{ message: string } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // The words of what went wrong, where a screen reader and the keyboard are.
  useEffect(() => errorRef.current?.focus(), [error]);
  if (!supported) return null;
  const fail = (message: string) => {
    setError({ message });
    setBusy(false);
  };
  const signIn = async () => {
    setBusy(true);
    setError(null);
    const started = await postPasskeyStep<{ options: PublicKeyCredentialRequestOptionsJSON }>("/login/passkey", {
      intent: "options",
    });
    if (!("options" in started)) return fail("error" in started ? started.error : PASSKEY_MESSAGES.signInFailed);
    const signed = await signWithPasskey(started.options);
    if ("error" in signed) return fail(signed.error);
    const answer = await postPasskeyStep<{ redirectTo: string }>("/login/passkey", {
      intent: "sign-in",
      response: signed.response,
      redirectTo: redirectTo ?? "",
    });
    if (!("redirectTo" in answer)) return fail("error" in answer ? answer.error : PASSKEY_MESSAGES.signInFailed);
    // A whole page load: the new session's cookie is the dashboard's from its first request.
    window.location.assign(answer.redirectTo);
  };
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      {error ? (
        <Alert tone="error" ref={errorRef}>
          {error.message}
        </Alert>
      ) : null}
      <Button type="button" variant="secondary" className="w-full" disabled={busy} onClick={() => void signIn()}>
        Sign in with a passkey
      </Button>
    </div>
  );
}
