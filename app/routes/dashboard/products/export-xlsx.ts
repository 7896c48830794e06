import { servicesContext } from "#app/server/runtime/context.server";
import type { Route } from "./+types/export-xlsx";

/** Every product, drafts included, as an Excel workbook (see catalog-export.server.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await context.get(servicesContext).catalogExport.xlsx();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="vantage-products-${new Date().toISOString().slice(0, 10)}.xlsx"`,
      "Cache-Control": "no-store",
    },
  });
}
