import { performanceCsv, performanceFileName } from "#app/.server/leads/performance-files.ts";
import { performanceOfRequest } from "./performance.server.ts";
import type { Route } from "./+types/performance[.]csv";

/** The performance table of the page's period as CSV: counts and staff names only, so no access record. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, report } = await performanceOfRequest(request, context);
  return new Response(performanceCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${performanceFileName(period, "csv")}"`,
    },
  });
}
