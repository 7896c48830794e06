import { useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { OfferedLanguage } from "#app/domain/languages";

/** Where this browser keeps the visitor's choice of language: the switcher and the notice set it. */
const CHOSEN_LANGUAGE = "language";

/** The choice and the browser's languages change with no event a page hears: read once. */
const nothingToWatch = () => () => {};

/** Keeps `tag` as the visitor's language, where the browser lets the site keep anything. */
export function rememberLanguage(tag: string): void {
  try {
    localStorage.setItem(CHOSEN_LANGUAGE, tag);
  } catch {
    // Storage refused (private windows, settings): the notice asks again next time.
  }
}

/**
 * The site's language this visitor most likely reads: the one they chose, else the first of their
 * browser's languages the site has (`de-AT` finds `de`). Undefined when none.
 */
function wantedLanguage(languages: readonly OfferedLanguage[]): OfferedLanguage | undefined {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(CHOSEN_LANGUAGE);
  } catch {
    // As if nothing were chosen.
  }
  for (const preferred of [chosen, ...navigator.languages]) {
    const tag = preferred?.toLowerCase() ?? "";
    const found =
      languages.find((language) => language.tag.toLowerCase() === tag) ??
      languages.find((language) => language.tag.toLowerCase() === tag.split("-")[0]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Offers the page in the visitor's language when it is another of the site's (decision 086): their
 * choice, else their browser's languages, only ever suggest one; no page is sent elsewhere for them.
 * "No thanks" keeps the page's language as their choice, and the notice away.
 */
export function LanguageNotice({ languages, language }: { languages: readonly OfferedLanguage[]; language: string }) {
  // Read in the browser once the page is hydrated; the server, which cannot know, renders nothing.
  const wanted = useSyncExternalStore(
    nothingToWatch,
    () => wantedLanguage(languages)?.tag,
    () => undefined,
  );
  const [declined, setDeclined] = useState(false);
  const { pathname, search } = useLocation();
  const notice = useRef<HTMLElement>(null);
  const offer = declined || wanted === language ? undefined : languages.find((other) => other.tag === wanted);
  if (!offer) return null;
  return (
    // At the foot of the window, over the page: shown once the page is in, it moves nothing on it.
    <aside
      ref={notice}
      aria-label={offer.notice.label}
      lang={offer.notice.language}
      className="fixed inset-x-0 bottom-0 z-40 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 border-t border-slate-200 bg-white px-4 py-3 text-sm shadow-lg print:hidden"
    >
      <p>
        {offer.notice.before}
        <a
          href={offer.base + pathname + search}
          hrefLang={offer.tag}
          className="font-semibold text-brand-700 underline"
          onClick={() => rememberLanguage(offer.tag)}
        >
          {offer.notice.named}
        </a>
        {offer.notice.after}
      </p>
      <button
        type="button"
        className="rounded px-2 py-1 font-medium text-slate-700 underline"
        onClick={() => {
          rememberLanguage(language);
          // The notice leaves: the keyboard goes on from where it stood, at the page's header.
          (notice.current?.nextElementSibling?.querySelector("a") as HTMLElement | null)?.focus();
          setDeclined(true);
        }}
      >
        {offer.notice.decline}
      </button>
    </aside>
  );
}
