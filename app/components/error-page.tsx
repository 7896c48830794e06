import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { pageTitle } from "#app/domain/site";
import { englishPart, type PartMessages } from "#app/messages/en";
import type { LanguagePart } from "#app/domain/languages";
import { TextLink } from "./ui";

/**
 * What went wrong, as much as a visitor may know, in `text`'s words where it has them (a page not
 * there, one for owners, an unexpected error); else the status's own text, in English, as HTTP gives
 * it. Never a stack outside development.
 */
function errorSummary(error: unknown, text: PartMessages<"error">): { status: number; detail: string; english?: true } {
  if (isRouteErrorResponse(error)) {
    const { status } = error;
    if (status === 404) return { status, detail: text.notFound };
    if (status === 403) return { status, detail: text.forbidden };
    const detail = error.statusText || (typeof error.data === "string" ? error.data : `Error ${status}`);
    return { status, detail, english: true };
  }
  if (error instanceof Error && import.meta.env.DEV) return { status: 500, detail: error.message, english: true };
  return { status: 500, detail: text.unexpected };
}

/**
 * What an error means in the dashboard, under its error page: a 404 mostly means a record another admin
 * deleted while this one had it open (a live update then reloads a page whose record is gone); a 403, a
 * page for owners alone. Both lead back to the dashboard.
 */
export function DashboardErrorHint({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404 && status !== 403) return null;
  return (
    // The dashboard is in English: its hint is, inside an error page in the page's language.
    <p className="mt-6 text-slate-700" lang="en" dir="ltr">
      {status === 404 ? "It may have been deleted by someone else in the meantime. " : null}
      {status === 403 ? "Only an owner of the site can open this page. " : null}
      <TextLink to="/dashboard" weight="semibold">
        Back to the dashboard
      </TextLink>
    </p>
  );
}

/**
 * The error page ('Oops'), for any route error, with links out of it; `children` adds a hint for
 * the place the error happened.
 */
export function ErrorPage({
  error,
  words,
  children,
}: {
  error: unknown;
  /** The root's `errorPage`: its words in the page's language; English's when the root has no data (its loader failed). */
  words: LanguagePart<"error"> | undefined;
  children?: ReactNode;
}) {
  const { text, lang, dir } = words ?? { text: englishPart("error"), lang: "en", dir: "ltr" };
  const { status, detail, english } = errorSummary(error, text);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" lang={lang} dir={dir}>
      <title>{pageTitle(status === 404 ? text.notFound : text.title)}</title>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
      <p className="mt-4 text-lg text-slate-700">{text.sorry}</p>
      <p className="mt-2 text-slate-600">
        {english ? (
          <i lang="en" dir="ltr">
            {detail}
          </i>
        ) : (
          <i>{detail}</i>
        )}
      </p>
      {children}
      <nav aria-label={text.whereNext} className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <TextLink to="/" weight="semibold">
          {text.home}
        </TextLink>
        <TextLink to="/catalog" weight="semibold">
          {text.catalog}
        </TextLink>
      </nav>
    </section>
  );
}
