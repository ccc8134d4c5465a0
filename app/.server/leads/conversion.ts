import { sql } from "drizzle-orm";
import type { ConversionPeriod } from "#app/forms/conversion.ts";
import { addDays } from "#app/utils/kst.ts";
import type { LeadKind } from "#app/vocabulary.ts";
import { db, queryRows } from "../db.ts";
import { kstMidnight } from "./inbox.ts";

/**
 * The funnel of the leads that came in a period, per campaign (utm source, medium, campaign) and per
 * form (the lead's kind), with the totals. Each lead is followed to today through the stages it
 * reached (docs/decisions/016):
 *
 * - booked: its customer (the same phone at the site) has a visit booking made by this lead, or made
 *   at or after this lead came in, whatever became of the booking (cancelled and moved ones too);
 * - visited: such a booking was marked 방문, or staff set the lead 방문 완료 (a walk-in) or 계약 완료;
 * - contracted: staff set the lead 계약 완료.
 *
 * A later stage counts in the earlier ones, so the funnel never widens. Spam and leads in the bin
 * are not counted. One query: the stages per lead, grouped three ways by GROUPING SETS.
 */

export interface FunnelCounts {
  leads: number;
  booked: number;
  visited: number;
  contracted: number;
}

export interface CampaignFunnel extends FunnelCounts {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export interface FormFunnel extends FunnelCounts {
  kind: LeadKind;
}

interface Row extends FunnelCounts {
  by_campaign: boolean;
  by_kind: boolean;
  kind: LeadKind | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export async function conversionReport(site: string, period: ConversionPeriod) {
  const rows = await queryRows<Row>(
    db(),
    sql`with cohort as (
          select l.kind, l.utm_source, l.utm_medium, l.utm_campaign,
                 l.status = 'contracted' as contracted,
                 l.status in ('visited', 'contracted') or exists (
                   select 1 from visit_bookings b
                   where b.site = l.site and b.phone = l.phone and b.status = 'visited'
                     and (b.lead_id = l.id or b.created_at >= l.created_at)
                 ) as visited,
                 exists (
                   select 1 from visit_bookings b
                   where b.site = l.site and b.phone = l.phone
                     and (b.lead_id = l.id or b.created_at >= l.created_at)
                 ) as booked
          from leads l
          where l.site = ${site} and not l.spam and l.deleted_at is null
            and l.created_at >= ${kstMidnight(period.from)} and l.created_at < ${kstMidnight(addDays(period.to, 1))}
        )
        select grouping(utm_source) = 0 as by_campaign, grouping(kind) = 0 as by_kind,
               kind, utm_source as source, utm_medium as medium, utm_campaign as campaign,
               count(*)::int as leads,
               count(*) filter (where booked or visited)::int as booked,
               count(*) filter (where visited)::int as visited,
               count(*) filter (where contracted)::int as contracted
        from cohort
        group by grouping sets ((utm_source, utm_medium, utm_campaign), (kind), ())
        order by leads desc, source nulls first, medium nulls first, campaign nulls first, kind`,
  );
  const counts = (row: Row): FunnelCounts => ({
    leads: Number(row.leads),
    booked: Number(row.booked),
    visited: Number(row.visited),
    contracted: Number(row.contracted),
  });
  const total = rows.find((row) => !row.by_campaign && !row.by_kind);
  return {
    campaigns: rows
      .filter((row) => row.by_campaign)
      .map((row): CampaignFunnel => ({ source: row.source, medium: row.medium, campaign: row.campaign, ...counts(row) })),
    forms: rows.filter((row) => row.by_kind && row.kind).map((row): FormFunnel => ({ kind: row.kind!, ...counts(row) })),
    total: total ? counts(total) : { leads: 0, booked: 0, visited: 0, contracted: 0 },
  };
}
