import { downloadKindLabel } from "#app/domain/download-kinds";
import { PublicationBadge } from "#app/components/publication-badge";
import { FileName } from "#app/components/file-name";
import { Card, TextLink } from "#app/components/ui";
import { formatFileSize } from "#app/domain/format";
import type { PageHandle } from "#app/domain/live";
import { servicesContext } from "#app/server/runtime/context.server";
import { listRequest, PagedList } from "../list-controls";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";
import { DASHBOARD_NEW_DOWNLOAD_PATH, dashboardDownloadPath } from "#app/domain/dashboard-paths";
import { DASHBOARD_LANGUAGES, paginationView } from "#app/server/render/messages.server";

export const handle: PageHandle = { live: ["downloads"] };

export function meta() {
  return dashboardMeta("Downloads");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { search, page } = listRequest(url);
  const downloads = await context.get(servicesContext).downloadAdmin.listGeneralDownloads({ search, page });
  return { search, downloads, pagination: paginationView(downloads, DASHBOARD_LANGUAGES) };
}

/** requirements §2: the general downloads by description, each with description, file name and size. */
export default function DownloadsList({ loaderData }: Route.ComponentProps) {
  return (
    <Card title="General Downloads">
      <p className="mb-4 text-sm">
        <TextLink to={DASHBOARD_NEW_DOWNLOAD_PATH} weight="semibold">
          New download
        </TextLink>
      </p>
      <PagedList
        paged={loaderData.downloads}
        pagination={loaderData.pagination}
        search={loaderData.search}
        searchLabel="Search by description or file name"
        noun="download"
        empty={<p className="text-slate-700">No general downloads available.</p>}
      >
        {(downloads) => (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    File name
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Size
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {downloads.map((download) => (
                  <tr key={download.id}>
                    <td className="py-2 pr-4">
                      <span className="inline-flex flex-wrap items-center gap-2">
                        <TextLink to={dashboardDownloadPath(download.id)} underline="hover" weight="medium">
                          {download.description}
                        </TextLink>
                        <PublicationBadge publication={download.publication} />
                      </span>
                    </td>
                    <td className="py-2 pr-4 text-slate-700">{downloadKindLabel(download.kind)}</td>
                    <td className="py-2 pr-4 text-slate-700">
                      <FileName name={download.file.name} />
                    </td>
                    <td className="py-2 whitespace-nowrap text-slate-700">{formatFileSize(download.file.size)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </Card>
  );
}
