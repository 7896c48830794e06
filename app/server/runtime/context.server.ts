import { createContext, RouterContextProvider } from "react-router";
import type { SessionUser } from "../people/auth.server";
import type { DatabaseAvailability } from "../db/availability.server";
import type { Logger } from "../platform/logger.server";
import type { PageRenderer } from "../render/page-render.server";
import type { SiteLanguage } from "#app/domain/languages";
import type { Services } from "./services.server";

// What loaders and actions receive besides the request, through React Router's typed context
// (`context.get(servicesContext)`): the HTTP layer (http/app.ts) sets both for every request.

/** The services, the same for every request of this process. */
export const servicesContext = createContext<Services>();

/** What the HTTP layer knows of one request. */
export interface RequestScope {
  nonce: string;
  requestId: string;
  logger: Logger;
  clientAddress: string;
  /** The site's public address (PUBLIC_URL), for absolute links in feeds, sitemaps and mails. */
  publicUrl: string;
  /** The signed-in admin, looked up at most once per request. */
  user: () => Promise<SessionUser | null>;
  /** Told of a route's failure, so that a database that cannot be reached is noticed (and answered 503). */
  databaseAvailability: DatabaseAvailability;
  /** Where documents are rendered when not on this thread (decision 049); absent, they are rendered here. */
  pageRenderer?: PageRenderer;
  /** The language of the page asked for, at its prefix; absent for English (decision 086). */
  language?: SiteLanguage;
}

export const requestContext = createContext<RequestScope>();

/** The context a loader or action receives, for helpers they hand it to (actions.server.ts modules). */
export type RouteContext = Readonly<RouterContextProvider>;

/** The context of one request: what getLoadContext hands React Router. */
export function createRouteContext(services: Services, request: RequestScope): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, request);
  return context;
}
