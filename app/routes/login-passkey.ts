import { data, redirect } from "react-router";
import { PASSKEY_MESSAGES } from "#app/domain/auth-messages";
import { readForm } from "#app/server/platform/form-data.server";
import { tooManySignInsAnswer } from "#app/server/platform/rate-limit-headers.server";
import { authenticationResponseOf } from "#app/server/people/passkey-responses.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { safeRedirectPath } from "#app/server/runtime/session.server";
import type { Route } from "./+types/login-passkey";

/** Only posted to, by the sign-in page's script: an address typed in goes to that page. */
export function loader() {
  return redirect("/login");
}

/**
 * Signing in with a passkey, asked by the sign-in page's script (decision 079): `options` gives what
 * the browser asks the authenticator to sign, with the cookie that ties the answer to it; `sign-in`
 * checks the answer and answers with the session's cookie and where to go.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { auth } = context.get(servicesContext);
  if (form.get("intent") === "options") {
    const { options, headers } = await auth.passkeyAuthenticationOptions(new Headers());
    return data({ options }, { headers });
  }
  const response = authenticationResponseOf(String(form.get("response") ?? ""));
  if (!response) return data({ error: PASSKEY_MESSAGES.signInFailed }, { status: 400 });
  const result = await auth.signInWithPasskey({
    response,
    clientAddress: context.get(requestContext).clientAddress,
    headers: request.headers,
  });
  if (result.ok) {
    return data({ redirectTo: safeRedirectPath(String(form.get("redirectTo") ?? "")) }, { headers: result.headers });
  }
  if (result.reason === "rate-limited") return tooManySignInsAnswer(result.retryAfterSeconds);
  return data({ error: result.error }, { status: 401 });
}
