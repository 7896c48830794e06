import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { pageTitle } from "#app/domain/site";
import { TextLink } from "./ui";

/** What went wrong, as much as a visitor may know: a 404's status text, never a stack outside dev. */
export function errorSummary(error: unknown): { status: number; detail: string } {
  if (isRouteErrorResponse(error)) {
    return {
      status: error.status,
      detail: error.statusText || (typeof error.data === "string" ? error.data : `Error ${error.status}`),
    };
  }
  const detail = error instanceof Error && import.meta.env.DEV ? error.message : "An unexpected error occurred.";
  return { status: 500, detail };
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
    <p className="mt-6 text-slate-700">
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
export function ErrorPage({ error, children }: { error: unknown; children?: ReactNode }) {
  const { status, detail } = errorSummary(error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{pageTitle(status === 404 ? "Not Found" : "Error")}</title>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">Oops</h1>
      <p className="mt-4 text-lg text-slate-700">Sorry, an error has occurred.</p>
      <p className="mt-2 text-slate-600">
        <i>{detail}</i>
      </p>
      {children}
      <nav aria-label="Where to go next" className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <TextLink to="/" weight="semibold">
          Go to the home page
        </TextLink>
        <TextLink to="/catalog" weight="semibold">
          Browse all products
        </TextLink>
      </nav>
    </section>
  );
}
