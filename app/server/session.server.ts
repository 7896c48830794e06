import { data, redirect } from "react-router";
import { formTabId, type WriteOrigin } from "./admin/write.server";
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

/**
 * The signed-in admin, or a redirect to /login that comes back here afterwards: `url` is the page's
 * address as the route was handed it (a data request's own address is not one to come back to).
 */
export async function requireAdmin(url: URL, context: RouteContext): Promise<SessionUser> {
  const user = await context.get(requestContext).user();
  if (user) return user;
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Refused with 403 unless an owner is signed in (people, site settings, the audit log); the error page says why. */
export async function requireOwner(url: URL, context: RouteContext): Promise<SessionUser> {
  const user = await requireAdmin(url, context);
  if (user.role === "owner") return user;
  throw data("Forbidden", { status: 403, statusText: "Forbidden" });
}

/** A dashboard form and who posted it: what every service write is handed. */
export interface AdminForm {
  form: FormData;
  origin: WriteOrigin;
}

/** Who, from where and from which tab: the origin of a write. */
export function writeOrigin(user: SessionUser, context: RouteContext, form?: FormData): WriteOrigin {
  return {
    actor: { userId: user.id, email: user.email, clientAddress: context.get(requestContext).clientAddress },
    tabId: form ? formTabId(form) : undefined,
  };
}

/**
 * The posted form, read only once the poster is known to be a signed-in admin: every dashboard write
 * starts here (or at readOwnerForm), and a write cannot be made without the origin it returns.
 */
export async function readAdminForm(request: Request, url: URL, context: RouteContext): Promise<AdminForm> {
  const user = await requireAdmin(url, context);
  const form = await readForm(request);
  return { form, origin: writeOrigin(user, context, form) };
}

/** readAdminForm for what only an owner may change. */
export async function readOwnerForm(request: Request, url: URL, context: RouteContext): Promise<AdminForm> {
  const user = await requireOwner(url, context);
  const form = await readForm(request);
  return { form, origin: writeOrigin(user, context, form) };
}
