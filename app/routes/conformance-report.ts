import type { PageHandle } from "#app/domain/live";
import { conformanceReportDocument } from "#app/server/render/conformance-report.server";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/conformance-report";

/** Fixed text and the site settings (the company's name and address): cached until those change. */
export const handle: PageHandle = { live: ["settings"], cache: {} };

/** The Accessibility Conformance Report (VPAT 2.5, WCAG edition), as a file to keep. */
export async function loader({ context }: Route.LoaderArgs) {
  const { companyName, contactEmail } = await context.get(servicesContext).settings.getSiteSettings();
  const { publicUrl } = context.get(requestContext);
  return new Response(conformanceReportDocument({ name: companyName, contactEmail, publicUrl }), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": 'attachment; filename="accessibility-conformance-report-wcag-2.2.html"',
    },
  });
}
