import {
  DASHBOARD_ADVISORIES_PATH,
  DASHBOARD_ATTRIBUTES_PATH,
  DASHBOARD_NEW_CATEGORY_PATH,
  DASHBOARD_NEW_PRODUCT_PATH,
  DASHBOARD_NEW_DOWNLOAD_PATH,
  DASHBOARD_RECENTLY_DELETED_PATH,
} from "#app/domain/dashboard-paths";
import type { ReactNode } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { DashboardErrorHint, ErrorPage } from "#app/components/error-page";
import type { loader as rootLoader } from "#app/root";
import { DASHBOARD_CONTENT_ID } from "#app/components/skip-link";
import { Link } from "#app/components/links";
import type { Role } from "#app/domain/roles";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardGuard, dashboardUser } from "#app/server/runtime/session.server";
import type { Route } from "./+types/layout";

/**
 * requirements §2's options menu, plus the site settings, search synonyms, people and audit log (beyond
 * the original): those four are for owners, and editors do not see them.
 */
const OPTIONS: { to: string; label: string; ownersOnly?: true }[] = [
  { to: "/dashboard", label: "Summary" },
  { to: DASHBOARD_NEW_CATEGORY_PATH, label: "New Category" },
  { to: "/dashboard/categories/", label: "Edit Category" },
  { to: DASHBOARD_NEW_PRODUCT_PATH, label: "New Product" },
  { to: "/dashboard/products/", label: "Edit Product" },
  { to: DASHBOARD_NEW_DOWNLOAD_PATH, label: "New Download" },
  { to: "/dashboard/downloads/", label: "Edit Download" },
  { to: DASHBOARD_ATTRIBUTES_PATH, label: "Specifications" },
  { to: DASHBOARD_RECENTLY_DELETED_PATH, label: "Recently deleted" },
  { to: "/dashboard/firmware/", label: "Firmware releases" },
  { to: DASHBOARD_ADVISORIES_PATH, label: "Security advisories" },
  { to: "/dashboard/inbox/", label: "Inbox" },
  { to: "/dashboard/account", label: "Your account" },
  { to: "/dashboard/settings", label: "Site Settings", ownersOnly: true },
  { to: "/dashboard/search-synonyms", label: "Search Synonyms", ownersOnly: true },
  { to: "/dashboard/people", label: "People", ownersOnly: true },
  { to: "/dashboard/audit", label: "Audit log", ownersOnly: true },
];

/** The option a page belongs to: a "New" page is its own; every other page of a kind is under "Edit". */
function currentOption(pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  const exact = OPTIONS.find((option) => option.to.replace(/\/+$/, "") === path);
  return exact ?? OPTIONS.find((option) => option.to.endsWith("/") && path.startsWith(option.to));
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** Every page, resource and action under the dashboard runs behind its one guard: a signed-in admin. */
export const middleware = [dashboardGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { auth } = context.get(servicesContext);
  // How a person may confirm it is them (ConfirmIdentity): single sign-on's name, whether passwords are
  // on, and whether they have an authenticator app.
  return {
    email: user.email,
    role: user.role,
    sso: auth.sso?.name ?? null,
    passwords: !auth.sso || (await auth.passwordsOn()),
    appCodes: Boolean(user.twoFactorEnabled),
  };
}

/**
 * An error in a dashboard page's data keeps the dashboard around it: its menu and who is signed in,
 * with what the error means here. (What the guard refuses, before any data is read, is shown by the
 * site's own error page: React Router renders a middleware's error at the root's boundary.)
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  const words = useRouteLoaderData<typeof rootLoader>("root")?.errorPage;
  const page = (
    <ErrorPage error={error} words={words}>
      <DashboardErrorHint error={error} />
    </ErrorPage>
  );
  return frame ? (
    <DashboardFrame email={frame.email} role={frame.role}>
      {page}
    </DashboardFrame>
  ) : (
    page
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardFrame email={loaderData.email} role={loaderData.role}>
      <Outlet />
    </DashboardFrame>
  );
}

function DashboardFrame({ email, role, children }: { email: string; role: Role; children: ReactNode }) {
  const current = currentOption(useLocation().pathname);
  const options = role === "owner" ? OPTIONS : OPTIONS.filter((option) => !option.ownersOnly);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <p className="mb-3 text-lg font-semibold text-slate-900">Dashboard</p>
        <nav aria-label="Dashboard">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {options.map((option) => (
              <li key={option.label}>
                <Link
                  to={option.to}
                  aria-current={option === current ? "page" : undefined}
                  className={`block rounded-md px-3 py-2 text-sm font-medium ${option === current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {option.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4 text-xs text-slate-600 wrap-anywhere">
          Signed in as {email} ({role === "owner" ? "owner" : "editor"})
        </p>
      </aside>
      <div id={DASHBOARD_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        {children}
      </div>
    </div>
  );
}
