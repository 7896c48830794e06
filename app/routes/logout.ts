import { redirect } from "react-router";
import { requestContext, servicesContext } from "#app/server/context.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await context
    .get(servicesContext)
    .auth.signOut(request.headers, context.get(requestContext).clientAddress);
  return redirect("/", { headers });
}
