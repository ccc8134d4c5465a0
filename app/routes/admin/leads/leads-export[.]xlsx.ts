import { redirect } from "react-router";
import { leadsXlsxStream, XLSX_TYPE } from "#app/.server/leads/xlsx-export.ts";
import { acceptedExport } from "./leads-export.server.ts";
import type { Route } from "./+types/leads-export[.]xlsx";

/** A download is asked for with its reason (/admin/leads/export); a plain visit goes there. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).search;
  return redirect(`/admin/leads/export${query}`);
}

/**
 * The same download as export.csv, as an Excel workbook (see leadsXlsxStream): the same form, the
 * same columns, the same rule and access record.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { query, columns, labels, fileName } = await acceptedExport(request, context, "xlsx");
  return new Response(leadsXlsxStream(query, labels, { columns }), {
    headers: { "Content-Type": XLSX_TYPE, "Content-Disposition": `attachment; filename="${fileName}"` },
  });
}
