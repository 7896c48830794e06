import { redirect, type AppLoadContext } from "react-router";
import type { SessionUser } from "./auth.server";

/** Only paths on this site, so a crafted link cannot bounce a fresh session to another origin. */
export function safeRedirectPath(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

/** The signed-in admin, or a redirect to /login that comes back here afterwards. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await context.user();
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
