import { servicesContext } from "#app/server/runtime/context.server";
import { ownersOnly } from "#app/server/runtime/session.server";
import { auditFiltersFrom } from "./filters.server";
import type { Route } from "./+types/csv";

/** For owners alone, after the dashboard's guard. */
export const middleware = [ownersOnly];

/** The audit log's entries that match the page's filters, all of them, as a CSV file. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { filters } = auditFiltersFrom(url);
  const lines = context.get(servicesContext).auditLog.csv(filters);
  const stamp = new Date().toISOString().slice(0, 10);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="vantage-audit-log-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
