import { redirect } from "react-router";
import { readAdminForm } from "#app/server/runtime/session.server";
import type { Route } from "./+types/route";
import { infoItemFromForm } from "./actions.server";

/**
 * Nothing is shown at this address: a visitor is asked to sign in by the dashboard's guard, as on every
 * dashboard address, and someone signed in (a form's address opened by hand) goes to the dashboard,
 * where the tools are.
 */
export function loader() {
  return redirect("/dashboard");
}

/**
 * Where the home page's admin tools post, on `/` and on the dashboard summary alike. The tools are
 * fetchers; a form sent without JavaScript (Move to top works so) goes back to the page it came from.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const answer = await infoItemFromForm(context, await readAdminForm(request, context));
  if (request.headers.get("sec-fetch-mode") === "navigate") return redirect(returnPath(request, url), 303);
  return answer;
}

/** The same-origin page that sent the form, or the home page. */
function returnPath(request: Request, here: URL): string {
  const referrer = URL.parse(request.headers.get("referer") ?? "");
  return referrer && referrer.host === here.host ? `${referrer.pathname}${referrer.search}` : "/";
}
