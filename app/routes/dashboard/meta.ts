import type { MetaDescriptor } from "react-router";
import { pageTitle } from "#app/domain/site";

/**
 * A dashboard page's meta: its title under "Dashboard", and never indexed. A route's meta replaces its
 * parent's, so every dashboard page says so itself.
 */
export function dashboardMeta(...titleParts: string[]): MetaDescriptor[] {
  return [{ title: pageTitle(...titleParts, "Dashboard") }, { name: "robots", content: "noindex" }];
}
