import { redirect } from "react-router";
import { runtime } from "#app/server/runtime.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const headers = await runtime().auth.signOut(request.headers);
  return redirect("/", { headers });
}
