import { redirect, type RouterContextProvider } from "react-router";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { csvColumns, exportLeadIds, type CsvColumn } from "#app/.server/leads/csv-export.ts";
import type { LeadFilter } from "#app/.server/leads/inbox.ts";
import { readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { EXPORT_MESSAGES, ExportFormSchema, filterQuery, LeadFilterSchema, STATUS_LABELS } from "#app/forms/admin.ts";
import { isCalendarDay, kstDay } from "#app/utils/kst.ts";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm } from "../submission.server.ts";
import { keepExportAnswer } from "./export-answer.server.ts";

/** A refused reason is kept to show it again, up to this length (it may be any size up to the body limit). */
const KEPT_REASON = 300;

export type ExportFormat = "csv" | "xlsx";

/**
 * The export form's post, for either file (CSV or .xlsx): the inbox's filter, the reason and the
 * columns the person chose. A refusal goes back to the export page, which shows every field's
 * error beside it with what was typed (export-answer.server.ts). An accepted post is recorded
 * before the file is made: the reason, the columns, the format and every lead in the file.
 */
export async function acceptedExport(request: Request, context: Readonly<RouterContextProvider>, format: ExportFormat) {
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
  const query: LeadFilter = { ...filter, site: site.slug, viewer: admin, search: search ?? undefined };
  await recordConsoleAccess(context, admin, "leads.export", {
    leadIds: await exportLeadIds(query),
    detail: {
      purpose: parsed.value.purpose,
      reason: parsed.value.reason,
      columns: columns.map((column) => column.id),
      filter: filterQuery(filter),
      searched: Boolean(search),
      format,
    },
  });
  return {
    query,
    columns: columns as readonly CsvColumn[],
    labels: { kinds: site.pack.leads.kindLabels, statuses: STATUS_LABELS },
    fileName: `leads-${kstDay(new Date()).replaceAll("-", "")}.${format}`,
  };
}
