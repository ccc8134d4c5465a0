import { redirect } from "react-router";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { csvColumns, exportLeadIds, leadsCsvStream } from "#app/.server/leads/csv-export.ts";
import { readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { EXPORT_MESSAGES, ExportFormSchema, filterQuery, LeadFilterSchema, STATUS_LABELS } from "#app/forms/admin.ts";
import { isCalendarDay, kstDay } from "#app/utils/kst.ts";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm } from "../submission.server.ts";
import { keepExportAnswer } from "./export-answer.server.ts";
import type { Route } from "./+types/leads-export[.]csv";

/** A refused reason is kept to show it again, up to this length (it may be any size up to the body limit). */
const KEPT_REASON = 300;

/** A download is asked for with its reason (/admin/leads/export); a plain visit goes there. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).search;
  return redirect(`/admin/leads/export${query}`);
}

/**
 * The inbox's current filter as a CSV download (see leadsCsvStream for the format), with the
 * reason and the columns the person chose; the access record names the reason, the columns and
 * every lead in the file. A refused post goes back to the export page, which shows every field's
 * error beside it with what was typed (export-answer.server.ts). A resource route: a request
 * without a session answers 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  const filter = LeadFilterSchema.parse(fields);
  const searchId = typeof fields.s === "string" ? fields.s : undefined;

  // Only the form's own fields go into the answer: the filter is in the page's address already.
  const posted = new FormData();
  for (const name of ["purpose", "reason"] as const) {
    const value = form.get(name);
    if (typeof value === "string") posted.set(name, value.slice(0, KEPT_REASON));
  }
  for (const column of form.getAll("columns")) if (typeof column === "string") posted.append("columns", column.slice(0, 40));
  const parsed = parseConsoleForm(posted, ExportFormSchema);
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  if ([fields.from, fields.to].some((day) => typeof day === "string" && day !== "" && !isCalendarDay(day)))
    formErrors.push(EXPORT_MESSAGES.day);
  const columns = parsed.ok ? csvColumns(parsed.value.columns) : [];
  if (parsed.ok && columns.length === 0) fieldErrors.columns = [EXPORT_MESSAGES.columns];
  const search = await readLeadSearch(admin.id, searchId ?? null);
  // An expired search must not quietly widen the export to every lead.
  if (searchId && !search) formErrors.push(EXPORT_MESSAGES.search);
  if (!parsed.ok || formErrors.length > 0 || Object.keys(fieldErrors).length > 0) {
    const answer = parsed.submission.reply({ formErrors, fieldErrors });
    throw redirect(`/admin/leads/export?${filterQuery({ ...filter, s: searchId })}`, {
      status: 303,
      headers: { "Set-Cookie": await keepExportAnswer(answer) },
    });
  }

  const site = requireSite(context);
  const query = { ...filter, site: site.slug, viewer: admin, search: search ?? undefined };
  await recordConsoleAccess(context, admin, "leads.export", {
    leadIds: await exportLeadIds(query),
    detail: {
      purpose: parsed.value.purpose,
      reason: parsed.value.reason,
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
