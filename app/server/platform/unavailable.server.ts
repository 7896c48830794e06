import { pageTitle } from "#app/domain/site";

/** What a 503 asks a client to wait before it tries again: a database restart takes a few seconds. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = "Sorry, the site is unavailable for a moment. Please try again in a few seconds.";

/**
 * The page a visitor gets while the database cannot be reached. It is made without the database (no
 * site settings, no signed-in admin, no React): the site's stylesheet inline, as on every page, which
 * the content security policy allows by its hash. It asks the browser to load the page again by
 * itself a little after Retry-After, so a visitor who waits is back where they were.
 */
export function unavailableDocument(stylesheet: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 3}">
<meta name="robots" content="noindex">
<title>${pageTitle("Unavailable for a moment")}</title>
<style>${stylesheet}</style>
</head>
<body class="flex min-h-screen flex-col">
<main class="flex-1">
<section class="mx-auto max-w-2xl px-4 py-24 text-center">
<h1 class="text-4xl font-bold tracking-tight text-slate-900">Oops</h1>
<p class="mt-4 text-lg text-slate-700">Sorry, the site is unavailable for a moment.</p>
<p class="mt-2 text-slate-600">Please try again in a few seconds: this page loads again by itself.</p>
</section>
</main>
</body>
</html>
`;
}
