import { sql } from "drizzle-orm";
import { can } from "#app/permissions.ts";
import type { PerformanceCounts, PerformancePeriod } from "#app/forms/performance.ts";
import type { Role } from "#app/vocabulary.ts";
import { db, queryRows } from "../db.ts";
import { kstMidnight } from "./inbox.ts";

/**
 * The team's work in a period, per person on the site, all counted in one query (spam and leads
 * in the bin left out):
 *
 * - assigned: leads given to the person in the period (by a manager, by turns, or taken), each once;
 * - first contact within 1 h / 24 h: of those, the ones whose first contact by that person
 *   (lead_contacts, at or after the assignment) came within an hour / a day of it, boundaries included;
 * - calls: their contacts in the period by phone (made or taken); reached: contacts that reached the customer;
 * - visits: bookings of their leads marked 방문, for a time in the period;
 * - contracts: their leads set 계약 완료 in the period (and still so).
 *
 * A manager or owner (reports.view) sees everyone; anyone else only their own row.
 */

export interface PerformanceRow extends PerformanceCounts {
  adminId: number;
  name: string;
  role: Role;
}

interface Row {
  admin_id: number | null;
  name: string;
  role: Role;
  assigned: number;
  within_hour: number;
  within_day: number;
  calls: number;
  reached: number;
  visits: number;
  contracts: number;
}

export async function teamPerformance(site: string, viewer: { id: number; role: Role }, period: PerformancePeriod) {
  const from = kstMidnight(period.from);
  const until = kstMidnight(period.until);
  const only = can(viewer.role, "reports.view") ? null : viewer.id;
  const rows = await queryRows<Row>(
    db(),
    sql`with live as (
          select id, assignee_id, status from leads where site = ${site} and not spam and deleted_at is null
        ),
        assignments as (
          select (e.detail->>'assigneeId')::int as admin_id, e.lead_id, min(e.created_at) as assigned_at
          from lead_events e join live l on l.id = e.lead_id
          where e.kind = 'assigned' and e.detail->>'assigneeId' is not null
            and e.created_at >= ${from} and e.created_at < ${until}
          group by 1, 2
        ),
        first_contacts as (
          select a.admin_id, a.assigned_at,
                 (select min(c.created_at) from lead_contacts c
                  where c.lead_id = a.lead_id and c.actor_id = a.admin_id and c.created_at >= a.assigned_at) as first_at
          from assignments a
        ),
        assigned as (
          select admin_id, count(*)::int as assigned,
                 count(*) filter (where first_at <= assigned_at + interval '1 hour')::int as within_hour,
                 count(*) filter (where first_at <= assigned_at + interval '24 hours')::int as within_day
          from first_contacts group by admin_id
        ),
        contacts as (
          select c.actor_id as admin_id,
                 count(*) filter (where c.channel in ('call-out', 'call-in'))::int as calls,
                 count(*) filter (where c.result = 'reached')::int as reached
          from lead_contacts c join live l on l.id = c.lead_id
          where c.site = ${site} and c.created_at >= ${from} and c.created_at < ${until}
          group by 1
        ),
        visits as (
          select l.assignee_id as admin_id, count(*)::int as visits
          from visit_bookings b join visit_slots s on s.id = b.slot_id join live l on l.id = b.lead_id
          where b.site = ${site} and b.status = 'visited' and s.starts_at >= ${from} and s.starts_at < ${until}
          group by 1
        ),
        contracts as (
          select l.assignee_id as admin_id, count(distinct l.id)::int as contracts
          from lead_status_changes ch join live l on l.id = ch.lead_id
          where ch.to_status = 'contracted' and l.status = 'contracted'
            and ch.created_at >= ${from} and ch.created_at < ${until}
          group by 1
        ),
        people as (
          select a.id as admin_id, coalesce(nullif(a.name, ''), a.email) as name, m.role,
                 coalesce(x.assigned, 0) as assigned, coalesce(x.within_hour, 0) as within_hour,
                 coalesce(x.within_day, 0) as within_day, coalesce(c.calls, 0) as calls,
                 coalesce(c.reached, 0) as reached, coalesce(v.visits, 0) as visits,
                 coalesce(k.contracts, 0) as contracts, a.disabled_at is null and m.role = 'counsellor' as listed
          from admins a
          join admin_sites m on m.admin_id = a.id and m.site = ${site}
          left join assigned x on x.admin_id = a.id
          left join contacts c on c.admin_id = a.id
          left join visits v on v.admin_id = a.id
          left join contracts k on k.admin_id = a.id
          where ${only === null ? sql`true` : sql`a.id = ${only}`}
        ),
        shown as (
          select * from people
          where listed or admin_id = ${viewer.id} or assigned + calls + reached + visits + contracts > 0
        )
        select admin_id, name, role, assigned, within_hour, within_day, calls, reached, visits, contracts from shown
        union all
        select null, '', 'counsellor', coalesce(sum(assigned), 0)::int, coalesce(sum(within_hour), 0)::int,
               coalesce(sum(within_day), 0)::int, coalesce(sum(calls), 0)::int, coalesce(sum(reached), 0)::int,
               coalesce(sum(visits), 0)::int, coalesce(sum(contracts), 0)::int
        from shown
        order by 1 nulls last`,
  );
  const counts = (row: Row): PerformanceCounts => ({
    assigned: Number(row.assigned),
    firstWithinHour: Number(row.within_hour),
    firstWithinDay: Number(row.within_day),
    calls: Number(row.calls),
    reached: Number(row.reached),
    visits: Number(row.visits),
    contracts: Number(row.contracts),
  });
  const people = rows
    .filter((row) => row.admin_id !== null)
    .map((row): PerformanceRow => ({ adminId: Number(row.admin_id), name: row.name, role: row.role, ...counts(row) }))
    .sort((a, b) => a.name.localeCompare(b.name, "ko") || a.adminId - b.adminId);
  const total = rows.find((row) => row.admin_id === null);
  return { rows: people, total: total ? counts(total) : null, everyone: only === null };
}
