import { useSearchParams } from "react-router";
import { Pagination, requestedPage } from "#app/components/pagination";
import { PublicationBadge } from "#app/components/publication-badge";
import { Alert, Card, TextLink } from "#app/components/ui";
import { Link } from "#app/components/links";
import { FIRMWARE_CHANNEL_NAMES } from "#app/domain/firmware";
import type { PageHandle } from "#app/domain/live";
import { DASHBOARD_NEW_FIRMWARE_PATH, dashboardFirmwarePath } from "#app/domain/dashboard-paths";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = { live: ["firmware", "products"] };

export const meta = () => dashboardMeta("Firmware");

export async function loader({ url, context }: Route.LoaderArgs) {
  const releases = await context.get(servicesContext).firmware.list({ drafts: true, page: requestedPage(url) });
  return { releases, pagination: paginationView(releases, DASHBOARD_LANGUAGES) };
}

export default function FirmwareList({ loaderData }: Route.ComponentProps) {
  const { releases } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <Card title="Firmware">
      <div className="space-y-4">
        {searchParams.has("deleted") ? <Alert tone="success">Firmware release deleted.</Alert> : null}
        <p>
          <TextLink to={DASHBOARD_NEW_FIRMWARE_PATH} weight="semibold">
            New firmware release
          </TextLink>
        </p>
        {releases.total === 0 ? (
          <p className="text-slate-700">No firmware releases yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label="Firmware releases, newest first">
            {releases.items.map((release) => (
              <li key={release.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link to={dashboardFirmwarePath(release.id)} className="font-semibold text-brand-700 hover:underline">
                  {release.releaseVersion}
                </Link>
                <span className="text-sm text-slate-700">{FIRMWARE_CHANNEL_NAMES[release.channel]}</span>
                <time dateTime={release.releasedOn} className="text-sm text-slate-600">
                  {release.releasedOn}
                </time>
                <PublicationBadge publication={release.publication} />
                <span className="min-w-0 flex-1 truncate text-sm text-slate-600">
                  {release.products.map((product) => product.model).join(", ")}
                </span>
              </li>
            ))}
          </ol>
        )}
        <Pagination {...loaderData.pagination} />
      </div>
    </Card>
  );
}
