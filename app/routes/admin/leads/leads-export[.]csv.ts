import { redirect } from "react-router";
import { leadsCsvStream } from "#app/.server/leads/csv-export.ts";
import { acceptedExport } from "./leads-export.server.ts";
import type { Route } from "./+types/leads-export[.]csv";

/** A download is asked for with its reason (/admin/leads/export); a plain visit goes there. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).search;
  return redirect(`/admin/leads/export${query}`);
}

/**
 * The inbox's current filter as a CSV download (see leadsCsvStream for the format), with the
 * reason and the columns the person chose, recorded (leads-export.server.ts). A resource route: a
 * request without a session answers 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { query, columns, labels, fileName } = await acceptedExport(request, context, "csv");
  return new Response(leadsCsvStream(query, labels, { columns }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}
