import { useLocation } from "react-router";

/** The dashboard's page beside its menu (routes/dashboard/layout.tsx): where the skip link leads there. */
export const DASHBOARD_CONTENT_ID = "dashboard-content";

/**
 * "Skip to content", first on every page: to the page's main content, which in the dashboard comes
 * after its menu, so the menu is skipped too. Shown when it has focus.
 */
export function SkipLink() {
  const { pathname } = useLocation();
  const inDashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <a
      href={inDashboard ? `#${DASHBOARD_CONTENT_ID}` : "#main"}
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}
