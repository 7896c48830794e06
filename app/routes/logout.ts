import { redirect } from "react-router";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { writeOrigin } from "#app/server/runtime/session.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // The request's one lookup of who is signed in names them in the audit log.
  const signedIn = await context.get(requestContext).user();
  const actor = signedIn ? writeOrigin(signedIn, context).actor : null;
  const headers = await context.get(servicesContext).auth.signOut(request.headers, actor);
  return redirect("/", { headers });
}
