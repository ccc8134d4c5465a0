import { performanceFileName, performanceXlsx, XLSX_TYPE } from "#app/.server/leads/performance-files.ts";
import { performanceOfRequest } from "./performance.server.ts";
import type { Route } from "./+types/performance[.]xlsx";

/** The performance table of the page's period as an Excel workbook: counts and staff names only, so no access record. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, report } = await performanceOfRequest(request, context);
  return new Response(new Uint8Array(await performanceXlsx(report, period)), {
    headers: { "Content-Type": XLSX_TYPE, "Content-Disposition": `attachment; filename="${performanceFileName(period, "xlsx")}"` },
  });
}
