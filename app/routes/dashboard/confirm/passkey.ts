import { data, redirect } from "react-router";
import { PASSKEY_MESSAGES } from "#app/domain/auth-messages";
import { tooManySignInsAnswer } from "#app/server/platform/rate-limit-headers.server";
import { authenticationResponseOf } from "#app/server/people/passkey-responses.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardUser, readAdminForm } from "#app/server/runtime/session.server";
import type { Route } from "./+types/passkey";

/** Only posted to, by the confirmation page's script: an address typed in goes to that page. */
export function loader() {
  return redirect("/dashboard/confirm");
}

/**
 * Confirming it is them with a passkey instead of the password before a sensitive action (decisions
 * 076 and 079), asked by the confirmation's script: `options`, then `confirm` with the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  const user = dashboardUser(context);
  const { auth } = context.get(servicesContext);
  if (form.get("intent") === "options") {
    const { options, headers } = await auth.passkeyAuthenticationOptions(request.headers);
    return data({ options }, { headers });
  }
  const response = authenticationResponseOf(String(form.get("response") ?? ""));
  if (!response) return data({ error: PASSKEY_MESSAGES.confirmFailed }, { status: 400 });
  const result = await auth.confirmIdentityWithPasskey({
    response,
    headers: request.headers,
    sessionId: user.sessionId,
    actor: { ...origin.actor, email: user.email, userId: user.id },
  });
  if (result.ok) return { confirmed: true as const };
  if (result.reason === "rate-limited") return tooManySignInsAnswer(result.retryAfterSeconds);
  return data({ error: PASSKEY_MESSAGES.confirmFailed }, { status: 401 });
}
