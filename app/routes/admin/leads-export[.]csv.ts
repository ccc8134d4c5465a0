import { requireAdminOr401 } from "#app/.server/auth.ts";
import { leadsCsvStream } from "#app/.server/leads/csv-export.ts";
import { readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { LeadFilterSchema, STATUS_LABELS } from "#app/forms/admin.ts";
import { kstDay } from "#app/utils/kst.ts";
import { ADMIN_HEADERS, requireCalendarDays } from "./guard.server.ts";
import type { Route } from "./+types/leads-export[.]csv";

/**
 * The inbox's current filter as a CSV download (see leadsCsvStream for the format). A resource
 * route: a request without a session answers 401 rather than a sign-in page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminOr401(request, context).catch((refusal: unknown) => {
    if (refusal instanceof Response) refusal.headers.set("X-Robots-Tag", ADMIN_HEADERS["X-Robots-Tag"]);
    throw refusal;
  });
  const url = new URL(request.url);
  requireCalendarDays(url, ["from", "to"]);
  const params = url.searchParams;
  const filter = LeadFilterSchema.parse(Object.fromEntries(params));
  const search = await readLeadSearch(admin.id, params.get("s"));
  // An expired search must not quietly widen the export to every lead.
  if (params.get("s") && !search) {
    return new Response("검색 조건이 만료되었습니다. 목록에서 다시 검색한 뒤 내려받아 주세요.", {
      status: 410,
      headers: { ...ADMIN_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const site = requireSite(context);
  const stream = leadsCsvStream(
    { ...filter, site: site.slug, search: search ?? undefined },
    { kinds: site.pack.leads.kindLabels, statuses: STATUS_LABELS },
  );
  console.log(`Leads exported as CSV by administrator ${admin.id}.`);
  return new Response(stream, {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${kstDay(new Date()).replaceAll("-", "")}.csv"`,
    },
  });
}
