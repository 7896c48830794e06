import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE, type LayoutSettings } from "#app/domain/site";
import type { loader as rootLoader } from "#app/root";

/**
 * The site settings the root loader read, for any page to show (company name, contact e-mail). The
 * root route revalidates on a settings change, so these stay live. Defaults stand in on an error page
 * that rendered without root data.
 */
export function useSiteSettings(): LayoutSettings {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root?.settings ?? { ...DEFAULT_SITE, socialLinks: DEFAULT_SITE.socialLinks.map((link) => ({ ...link })) };
}
