import { redirect } from "react-router";
import type { SessionUser } from "./auth.server";
import { requestContext, type RouteContext } from "./context.server";
import { readForm } from "./form-data.server";

/**
 * Only paths on this site, so a crafted link cannot bounce a fresh session to another origin.
 * Browsers drop tabs and newlines from a Location and read a backslash as `/`, so `/<tab>/evil.example`
 * would leave the site and a newline could not even be sent as a header: any of them is refused.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/dashboard"): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here.
  if (!target || !target.startsWith("/") || target.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(target)) {
    return fallback;
  }
  return target;
}

/** The signed-in admin, or a redirect to /login that comes back here afterwards. */
export async function requireAdmin(request: Request, context: RouteContext): Promise<SessionUser> {
  const user = await context.get(requestContext).user();
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The posted form, read only once the poster is known to be a signed-in admin: every dashboard write starts here. */
export async function readAdminForm(request: Request, context: RouteContext): Promise<FormData> {
  await requireAdmin(request, context);
  return readForm(request);
}
