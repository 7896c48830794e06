import { formatFileSize } from "#app/domain/format";
import { FileName } from "./file-name";

export interface DownloadItem {
  id: string;
  description: string;
  file: { url: string; name: string; size: number };
}

/** Downloads with their description (or file name), file name and size; each opens in a new tab. */
export function DownloadsList({ downloads }: { downloads: DownloadItem[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {downloads.map((download) => (
        <li key={download.id} className="py-2">
          <a
            href={download.file.url}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex flex-wrap items-baseline gap-x-3 gap-y-1"
          >
            {/* A description is words, but one of them may still be longer than a phone's line. */}
            <span className="min-w-0 font-medium text-brand-700 wrap-anywhere group-hover:underline">
              {download.description || <FileName name={download.file.name} />}
            </span>
            <FileName name={download.file.name} className="min-w-0 text-sm text-slate-600" />
            <span className="text-sm text-slate-600">{formatFileSize(download.file.size)}</span>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
