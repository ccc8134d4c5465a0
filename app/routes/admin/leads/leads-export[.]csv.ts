import { redirect } from "react-router";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { csvColumns, exportLeadIds, leadsCsvStream } from "#app/.server/leads/csv-export.ts";
import { readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { ExportFormSchema, filterQuery, LeadFilterSchema, STATUS_LABELS } from "#app/forms/admin.ts";
import { isCalendarDay, kstDay } from "#app/utils/kst.ts";
import { signedInAdmin } from "../guard.server.ts";
import type { Route } from "./+types/leads-export[.]csv";

/** A download is asked for with its reason (/admin/leads/export); a plain visit goes there. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).search;
  return redirect(`/admin/leads/export${query}`);
}

/**
 * The inbox's current filter as a CSV download (see leadsCsvStream for the format), with the
 * reason and the columns the person chose; the access record names the reason, the columns and
 * every lead in the file. A resource route: a request without a session answers 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  const filter = LeadFilterSchema.parse(fields);
  const back = (error: string) =>
    redirect(`/admin/leads/export?${filterQuery({ ...filter, s: typeof fields.s === "string" ? fields.s : undefined })}&error=${error}`, {
      status: 303,
    });
  if ([fields.from, fields.to].some((day) => typeof day === "string" && day !== "" && !isCalendarDay(day))) throw back("day");
  const parsed = ExportFormSchema.safeParse({ ...fields, columns: form.getAll("columns") });
  if (!parsed.success) throw back(String(parsed.error.issues[0]?.path[0] ?? "reason"));
  const columns = csvColumns(parsed.data.columns);
  if (columns.length === 0) throw back("columns");
  const search = await readLeadSearch(admin.id, typeof fields.s === "string" ? fields.s : null);
  // An expired search must not quietly widen the export to every lead.
  if (fields.s && !search) throw back("search");
  const site = requireSite(context);
  const query = { ...filter, site: site.slug, viewer: admin, search: search ?? undefined };
  await recordConsoleAccess(context, admin, "leads.export", {
    leadIds: await exportLeadIds(query),
    detail: {
      purpose: parsed.data.purpose,
      reason: parsed.data.reason,
      columns: columns.map((column) => column.id),
      filter: filterQuery(filter),
      searched: Boolean(search),
    },
  });
  const stream = leadsCsvStream(query, { kinds: site.pack.leads.kindLabels, statuses: STATUS_LABELS }, { columns });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${kstDay(new Date()).replaceAll("-", "")}.csv"`,
    },
  });
}
