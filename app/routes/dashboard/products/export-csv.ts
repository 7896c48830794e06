import { servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/export-csv";

/** Every product, drafts included, as a CSV file a spreadsheet opens (see catalog-export.server.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await context.get(servicesContext).catalogExport.csv();
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="vantage-products-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
