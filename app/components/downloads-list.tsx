import { formatFileSize } from "#app/domain/format";

export interface DownloadItem {
  id: string;
  description: string;
  file: { url: string; name: string; size: number };
}

/** Downloads with their description (or file name), file name and size; each opens in a new tab. */
export function DownloadsList({ downloads }: { downloads: DownloadItem[] }) {
  return (
    <ul className="divide-y divide-slate-200 wrap-anywhere">
      {downloads.map((download) => (
        <li key={download.id} className="py-2">
          <a
            href={download.file.url}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex flex-wrap items-baseline gap-x-3 gap-y-1"
          >
            <span className="font-medium text-brand-700 group-hover:underline">
              {download.description || download.file.name}
            </span>
            <span className="text-sm text-slate-600">{download.file.name}</span>
            <span className="text-sm text-slate-600">{formatFileSize(download.file.size)}</span>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
