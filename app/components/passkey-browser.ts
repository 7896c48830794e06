import { useEffect, useState } from "react";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { PASSKEY_MESSAGES } from "#app/domain/auth-messages";

/**
 * Whether this browser can use passkeys: undefined until the page runs in it, so a page first
 * rendered on the server offers none, and a browser without them never sees a button that fails.
 */
export function usePasskeySupport(): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  return supported;
}

/** What a passkey route answers: `T` when it went well, else the words of why not or that it is them first. */
export type PasskeyAnswer<T> = T | { error: string } | { confirm: true };

/** Posts `fields` to one of the passkey routes as a form, as every write of the site is sent, and reads its JSON answer. */
export async function postPasskeyStep<T>(action: string, fields: Record<string, string>): Promise<PasskeyAnswer<T>> {
  const response = await fetch(action, { method: "POST", body: new URLSearchParams(fields) });
  if (!response.headers.get("content-type")?.includes("json")) return { error: PASSKEY_MESSAGES.notAdded };
  return (await response.json()) as PasskeyAnswer<T>;
}

/**
 * The authenticator's signature of `options`, as the text to post, or the words of why there is none.
 * The browser's passkey code is loaded only now: pages that never use a passkey never carry it.
 */
export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<{ response: string } | { error: string }> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    return { response: JSON.stringify(await startAuthentication({ optionsJSON: options })) };
  } catch {
    return { error: PASSKEY_MESSAGES.cancelled };
  }
}

/** A new passkey made by the authenticator for `options`, as the text to post, or the words of why there is none. */
export async function makePasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<{ response: string } | { error: string }> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    return { response: JSON.stringify(await startRegistration({ optionsJSON: options })) };
  } catch (error) {
    const held = error instanceof Error && error.name === "InvalidStateError";
    return { error: held ? PASSKEY_MESSAGES.alreadyHeld : PASSKEY_MESSAGES.cancelled };
  }
}
