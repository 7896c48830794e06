import { data, redirect } from "react-router";
import { PASSKEY_MESSAGES } from "#app/domain/auth-messages";
import { registrationResponseOf } from "#app/server/people/passkey-responses.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardUser, mustConfirmIdentity, readAdminForm } from "#app/server/runtime/session.server";
import type { Route } from "./+types/passkey";

/** Only posted to, by the account page's script: an address typed in goes to that page. */
export function loader() {
  return redirect("/dashboard/account");
}

/**
 * Adding a passkey to the signed-in person's account, asked by the account page's script (decision
 * 079): `options` gives what the browser asks the authenticator to make, `add` checks what it made
 * and keeps it. A new way in is a sensitive change: the password (or a passkey) given in the last
 * minutes, as People and the settings ask.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, origin } = await readAdminForm(request, context);
  if (mustConfirmIdentity(dashboardUser(context))) return data({ confirm: true as const }, { status: 403 });
  const { auth } = context.get(servicesContext);
  if (form.get("intent") === "options") {
    const { options, headers } = await auth.passkeyRegistrationOptions(request.headers);
    return data({ options }, { headers });
  }
  const response = registrationResponseOf(String(form.get("response") ?? ""));
  if (!response) return data({ error: PASSKEY_MESSAGES.notAdded }, { status: 400 });
  const added = await auth.addPasskey({
    response,
    name: String(form.get("name") ?? ""),
    headers: request.headers,
    actor: origin.actor,
  });
  return added.ok ? { added: added.name } : data({ error: added.error }, { status: 400 });
}
