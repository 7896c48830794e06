import type { Request, Response } from "express";
import { isoToday } from "#app/domain/format";
import { DISCLOSURE_POLICY_PATH } from "#app/domain/paths";
import { REPORT_FORM_ANCHOR } from "#app/domain/contact";
import { CSAF_PROVIDER_METADATA_PATH } from "#app/domain/advisory";
import { securityTxt } from "#app/domain/security-policy";
import type { Runtime } from "#app/server/runtime/runtime.server";

/**
 * Serves `/.well-known/security.txt` (RFC 9116, decision 073), made on each request from the settings
 * and the day. Here rather than a route of the app: no page links it, and a route would cost every
 * page's scripts its entry in the route manifest.
 */
export function serveSecurityTxt({ services, env }: Pick<Runtime, "services" | "env">) {
  return async (_req: Request, res: Response): Promise<void> => {
    const { securityEmail } = await services.settings.getSiteSettings();
    const text = securityTxt({
      publicUrl: env.publicUrl,
      securityEmail,
      policyPath: DISCLOSURE_POLICY_PATH,
      reportFormAnchor: REPORT_FORM_ANCHOR,
      csafPath: CSAF_PROVIDER_METADATA_PATH,
      today: isoToday(),
    });
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("text/plain; charset=utf-8").send(text);
  };
}
