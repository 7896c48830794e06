import { lazy, Suspense, useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { useLiveUpdates } from "./components/live-updates";
import { useFocusAfterSubmission, useFocusOnNavigation } from "./components/focus-on-navigation";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { SkipLink } from "./components/skip-link";
import { LanguageNotice } from "./components/language-notice";
import { SiteStylesheet } from "./components/site-stylesheet";
import type { PageHandle } from "./domain/live";
import { pageTitle, type LayoutSettings } from "./domain/site";
import { SOURCE_LANGUAGE } from "./domain/languages";
import { pageLanguages } from "./server/render/page-languages.server";
import { siteNavigation } from "./server/render/site-navigation.server";
import { requestContext, servicesContext } from "./server/runtime/context.server";

// The server inlines the stylesheet (app/components/site-stylesheet.tsx); in development Vite also
// loads it as a module so that edits apply without a reload.
if (import.meta.env.DEV) void import("./app.css");

export const handle: PageHandle = { live: ["settings"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { nonce, publicUrl, language } = context.get(requestContext);
  const [user, { companyName, contactEmail, socialLinks, copyrightHolder, footerNote, languages }] = await Promise.all([
    context.get(requestContext).user(),
    context.get(servicesContext).settings.getSiteSettings(),
  ]);
  // What every page shows: the policies and the About text have pages of their own.
  const settings: LayoutSettings = { companyName, contactEmail, socialLinks, copyrightHolder, footerNote };
  const languageParts = pageLanguages(language, languages);
  return data(
    {
      user: user ? { email: user.email } : null,
      settings,
      nonce,
      // Meta tags and structured data need absolute URLs (see app/domain/seo.ts).
      publicUrl,
      ...languageParts,
      navigation: siteNavigation(
        languageParts.messages,
        languageParts.messagesLanguage?.lang ?? languageParts.language,
        Boolean(user),
      ),
    },
    // A signed-in page holds admin data: no cache may keep it, nor show it again on Back after Sign Out.
    user ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

/** Routes without their own `headers` inherit these. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang={data?.language ?? SOURCE_LANGUAGE} dir={data?.direction ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <SiteStylesheet />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {/* Without the root's data (it failed) the page is its error alone, in the error page's words. */}
        {data ? <SkipLink text={data.messages.skipLink} {...data.messagesLanguage} /> : null}
        {data?.languages.length ? <LanguageNotice languages={data.languages} language={data.language} /> : null}
        {data ? (
          <SiteHeader
            companyName={data.settings.companyName}
            signOut={data.navigation.signOut}
            links={data.navigation.header}
            messages={data.messages}
            messagesLanguage={data.messagesLanguage}
          />
        ) : null}
        <NavigationProgress />
        <main id="main" className="flex-1" {...data?.contentLanguage}>
          {children}
        </main>
        {data ? (
          <SiteFooter
            settings={data.settings}
            links={data.navigation.footer}
            languages={data.languages}
            language={data.language}
            messages={data.messages}
            messagesLanguage={data.messagesLanguage}
            contentLanguage={data.contentLanguage}
          />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A slim bar while a client-side navigation loads, instead of a full-screen loading image. */
function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5">
      <div
        className={`h-full bg-brand-500 transition-all duration-500 ${busy ? "w-3/4 opacity-100" : "w-full opacity-0"}`}
      />
    </div>
  );
}

export default function App() {
  useLiveUpdates();
  useFocusOnNavigation();
  useFocusAfterSubmission();
  useEffect(() => {
    // Marks the document once React has taken it over (scripts, buttons and filters respond).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function meta() {
  return [{ title: pageTitle() }];
}

/**
 * The site's error page. The dashboard has its own, inside its menu (routes/dashboard/layout.tsx), for
 * its pages' errors; what its guard refuses (React Router renders a middleware's error here) still
 * says what it means in the dashboard.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const words = useRouteLoaderData<typeof loader>("root")?.errorPage;
  return (
    <Suspense>
      <RootError error={error} words={words} />
    </Suspense>
  );
}

const RootError = lazy(() => import("./components/root-error"));
