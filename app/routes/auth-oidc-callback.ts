import { redirect } from "react-router";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/auth-oidc-callback";

/**
 * Where the single sign-on provider sends the browser back (`{PUBLIC_URL}/auth/oidc/callback`, the
 * address registered with it): the library checks the answer and either signs the person in or
 * sends them to sign-in with the reason (decision 080).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { auth } = context.get(servicesContext);
  if (!auth.sso) throw redirect("/login");
  return auth.finishSso(url, request.headers, context.get(requestContext).clientAddress);
}
