import { createContext, data, redirect, type MiddlewareFunction } from "react-router";
import { formTabId, type WriteOrigin } from "../admin/write.server";
import type { SessionUser } from "../people/auth.server";
import { requestContext, servicesContext, type RouteContext } from "./context.server";
import { readForm } from "../platform/form-data.server";
import { CONFIRM_AFTER_MINUTES } from "#app/domain/auth-messages";

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

/** The admin the dashboard's guard let in, for the dashboard's loaders and actions (dashboardUser). */
const dashboardUserContext = createContext<SessionUser>();

/**
 * The dashboard's one guard, React Router middleware on its layout (app/routes/dashboard/layout.tsx):
 * every page, resource and action under it runs only for a signed-in admin. Anyone else is sent to
 * /login, which comes back here afterwards: `url` is the page's address as the route was handed it (a
 * data request's own address is not one to come back to). A route under the dashboard cannot forget it.
 */
export const dashboardGuard: MiddlewareFunction<Response> = async ({ url, context }, next) => {
  const user = await context.get(requestContext).user();
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  // Owners who require two factors (an app or a passkey) send a person without them to set them up, and nowhere else.
  // Single sign-on counts as two factors: the company's provider asks for its own (decision 080).
  if (!user.twoFactorEnabled && user.signedInWith !== "sso" && !TWO_FACTOR_SET_UP_PATHS.includes(url.pathname)) {
    const { people } = context.get(servicesContext);
    if ((await people.signInPolicy()).requireTwoFactor && !(await people.hasTwoFactors(user.id))) {
      throw redirect(TWO_FACTOR_SET_UP_PATH);
    }
  }
  context.set(dashboardUserContext, user);
  return next();
};

/** Where a person is sent to set up two factors when the owners require them (decision 076). */
export const TWO_FACTOR_SET_UP_PATH = "/dashboard/account?required=two-factor";
/** The pages such a person may still open: setting them up (an app or a passkey), and confirming it is them. */
const TWO_FACTOR_SET_UP_PATHS = [
  "/dashboard/account",
  "/dashboard/account/passkey",
  "/dashboard/confirm",
  "/dashboard/confirm/passkey",
];

/**
 * What only an owner may see or change (people, site settings, the audit log): a route says so with
 * `export const middleware = [ownersOnly]`, after the dashboard's guard. Anyone else gets 403, and the
 * error page says why.
 */
export const ownersOnly: MiddlewareFunction<Response> = async ({ context }, next) => {
  refuseUnlessOwner(dashboardUser(context));
  return next();
};

/** ownersOnly for the requests `when` picks out (one kind of record's history, say). */
export function ownersOnlyWhen(when: (params: Record<string, string | undefined>) => boolean) {
  const guard: MiddlewareFunction<Response> = async ({ params, context }, next) => {
    if (when(params)) refuseUnlessOwner(dashboardUser(context));
    return next();
  };
  return guard;
}

function refuseUnlessOwner(user: SessionUser): void {
  if (user.role !== "owner") throw data("Forbidden", { status: 403, statusText: "Forbidden" });
}

/**
 * The signed-in admin a dashboard route runs for, as the guard found them. Read outside the dashboard
 * (no guard ran), it throws: a route that needs an admin belongs under it.
 */
export function dashboardUser(context: RouteContext): SessionUser {
  return context.get(dashboardUserContext);
}

/**
 * Whether `user` must give their password again before a sensitive action (People, the site
 * settings): they last gave it, signing in or confirming, more than CONFIRM_AFTER_MINUTES ago.
 */
export function mustConfirmIdentity(user: SessionUser, now = Date.now()): boolean {
  return now - user.passwordGivenAt.getTime() > CONFIRM_AFTER_MINUTES * 60_000;
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
 * The posted form and who posted it: every dashboard write starts here, under the dashboard's guard, so
 * the form is read only once the poster is known to be a signed-in admin, and a write cannot be made
 * without the origin it returns.
 */
export async function readAdminForm(request: Request, context: RouteContext): Promise<AdminForm> {
  const user = dashboardUser(context);
  const form = await readForm(request);
  return { form, origin: writeOrigin(user, context, form) };
}
