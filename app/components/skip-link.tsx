import { useLocation } from "react-router";

/** The dashboard's page beside its menu (routes/dashboard/layout.tsx): where the skip link leads there. */
export const DASHBOARD_CONTENT_ID = "dashboard-content";

/**
 * "Skip to content", first on every page: to the page's main content, which in the dashboard comes
 * after its menu, so the menu is skipped too. Shown when it has focus.
 */
export function SkipLink({ text, ...language }: { text: string; lang?: string; dir?: "ltr" | "rtl" }) {
  const { pathname } = useLocation();
  const inDashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <a
      href={inDashboard ? `#${DASHBOARD_CONTENT_ID}` : "#main"}
      {...language}
      className="sr-only start-2 top-2 focus:not-sr-only focus:absolute focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      {text}
    </a>
  );
}
