import { useSearchParams } from "react-router";
import { PublicationBadge } from "#app/components/publication-badge";
import { Alert, Card, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import type { PageHandle } from "#app/domain/live";
import { DASHBOARD_NEW_ADVISORY_PATH, dashboardAdvisoryPath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";

export const handle: PageHandle = { live: ["advisories"] };

export const meta = () => dashboardMeta("Security advisories");

export async function loader({ context }: Route.LoaderArgs) {
  return { advisories: await context.get(servicesContext).advisoryAdmin.list() };
}

export default function AdvisoryList({ loaderData }: Route.ComponentProps) {
  const { advisories } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <Card title="Security advisories">
      <div className="space-y-4">
        {searchParams.has("deleted") ? <Alert tone="success">Security advisory deleted.</Alert> : null}
        <p className="text-sm text-slate-600">
          A draft is under embargo: nobody but the team sees it until it is published, at once or at its disclosure
          time.
        </p>
        <p>
          <TextLink to={DASHBOARD_NEW_ADVISORY_PATH} weight="semibold">
            New security advisory
          </TextLink>
        </p>
        {advisories.length === 0 ? (
          <p className="text-slate-700">No security advisories yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label="Security advisories, newest first">
            {advisories.map((advisory) => (
              <li key={advisory.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link to={dashboardAdvisoryPath(advisory.id)} className="font-semibold text-brand-700 hover:underline">
                  {advisory.trackingId}
                </Link>
                <span className="min-w-0 flex-1 text-sm text-slate-800">{advisory.title}</span>
                <span className="text-sm text-slate-600">
                  {advisory.advisoryStatus === "final" ? "Final" : "Interim"}
                </span>
                <PublicationBadge publication={advisory.publication} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
