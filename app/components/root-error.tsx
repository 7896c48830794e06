import { useLocation } from "react-router";
import { DashboardErrorHint, ErrorPage } from "./error-page";
import type { LanguagePart } from "#app/domain/languages";

/**
 * The site's error page as the root shows it: fetched when a page fails, not with every page (the
 * shell holds what every page loads, decision 082, and the first-load budget binds).
 */
export default function RootError({ error, words }: { error: unknown; words: LanguagePart<"error"> | undefined }) {
  const inDashboard = useLocation().pathname.startsWith("/dashboard");
  return (
    <ErrorPage error={error} words={words}>
      {inDashboard ? <DashboardErrorHint error={error} /> : null}
    </ErrorPage>
  );
}
