import { redirect } from "react-router";
import { readForm } from "#app/server/platform/form-data.server";
import { servicesContext } from "#app/server/runtime/context.server";
import { safeRedirectPath } from "#app/server/runtime/session.server";
import type { Route } from "./+types/auth-oidc";

/** Only posted to, by the sign-in page's "Sign in with …" button: an address typed in goes to that page. */
export function loader() {
  return redirect("/login");
}

/**
 * Starts a single sign-on (decision 080): the browser goes to the provider, carrying a cookie with
 * the state and PKCE verifier that its way back must match. A site without it set up has no such sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { auth } = context.get(servicesContext);
  if (!auth.sso) throw redirect("/login");
  const started = await auth.startSso(safeRedirectPath(String(form.get("redirectTo") ?? "")), request.headers);
  throw redirect(started.url, { headers: started.headers });
}
