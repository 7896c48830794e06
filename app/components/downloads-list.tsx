import type { LanguageAttributes, LanguagePart } from "#app/domain/languages";
import { FileName } from "./file-name";

/** A download as a list shows it: its size in words of the page's language, made on the server. */
export interface DownloadItem {
  id: string;
  description: string;
  file: { url: string; name: string };
  size: string;
}

/**
 * Downloads with their description (or file name), file name and size; each opens in a new tab, which
 * screen readers are told in `words`' language. A description is what the record says, marked with
 * `content`.
 */
export function DownloadsList({
  downloads,
  words,
  content,
}: {
  downloads: DownloadItem[];
  words: LanguagePart<"downloadList">;
  content: LanguageAttributes | undefined;
}) {
  const { text, lang, dir } = words;
  return (
    <ul className="divide-y divide-slate-200" lang={lang} dir={dir}>
      {downloads.map((download) => (
        <li key={download.id} className="py-2">
          <a
            href={download.file.url}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex flex-wrap items-baseline gap-x-3 gap-y-1"
          >
            {/* A description is words, but one of them may still be longer than a phone's line. */}
            <span className="min-w-0 font-medium text-brand-700 wrap-anywhere group-hover:underline" {...content}>
              {download.description || <FileName name={download.file.name} />}
            </span>
            <FileName name={download.file.name} className="min-w-0 text-sm text-slate-600" />
            <span className="text-sm text-slate-600">{download.size}</span>
            <span className="sr-only">{text.opensInNewTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
