import { sql, type SQL } from "drizzle-orm";
import type { CampaignAudience } from "#app/forms/campaigns.ts";
import { addDays, kstInstant } from "#app/utils/kst.ts";
import type { Executor } from "../db.ts";

/**
 * Who a campaign text may reach, as one query: the site's leads matching the office's filters whose
 * phone has a live marketing consent there — the rule of `marketingStanding`
 * (app/.server/sms/advertising.ts): the newest consent on a lead that is not spam and not in the bin,
 * and no opt-out at or after it — one row per phone, blocked numbers left out. Run when the office
 * checks the count, and again on every batch as it is sent.
 */

export interface AudienceMember {
  phone: string;
  /** The newest matching lead of the phone: the text shows in its history. */
  leadId: number;
  customerId: number | null;
}

function filtersOf(audience: CampaignAudience): SQL[] {
  const filters: SQL[] = [];
  if (audience.kind) filters.push(sql`l.kind = ${audience.kind}`);
  if (audience.status) filters.push(sql`l.status = ${audience.status}`);
  if (audience.utmSource) filters.push(sql`l.utm_source = ${audience.utmSource}`);
  if (audience.utmCampaign) filters.push(sql`l.utm_campaign = ${audience.utmCampaign}`);
  if (audience.from) filters.push(sql`l.created_at >= ${kstInstant(audience.from, "00:00").toISOString()}::timestamptz`);
  if (audience.to) filters.push(sql`l.created_at < ${kstInstant(addDays(audience.to, 1), "00:00").toISOString()}::timestamptz`);
  if (audience.visited) {
    // Visited: a lead of the phone marked 방문 완료 (or later 계약 완료), or a booking of it marked 방문.
    const visited = sql`(exists (select 1 from leads v where v.site = l.site and v.phone = l.phone and v.deleted_at is null
                                   and v.status in ('visited', 'contracted'))
                         or exists (select 1 from visit_bookings b where b.site = l.site and b.phone = l.phone and b.status = 'visited'))`;
    filters.push(audience.visited === "yes" ? visited : sql`not ${visited}`);
  }
  return filters;
}

/** The audience's rows; `phones` narrows it to these numbers (a batch being sent). */
function audienceQuery(site: string, audience: CampaignAudience, phones?: readonly string[]): SQL {
  const only =
    phones === undefined
      ? sql``
      : sql`and l.phone in (${
          phones.length > 0
            ? sql.join(
                phones.map((phone) => sql`${phone}`),
                sql`, `,
              )
            : sql`null`
        })`;
  const filters = filtersOf(audience).map((filter) => sql` and ${filter}`);
  return sql`
    with consent as (
      select phone, max(marketing_consent_at) as consented_at
      from leads
      where site = ${site} and not spam and deleted_at is null and marketing_consent_at is not null
      group by phone
    ),
    live as (
      select consent.phone from consent
      left join customers on customers.site = ${site} and customers.phone = consent.phone
      where (customers.marketing_opt_out_at is null or customers.marketing_opt_out_at < consent.consented_at)
        and not exists (select 1 from blocked_phones where blocked_phones.site = ${site} and blocked_phones.phone = consent.phone)
    )
    select distinct on (l.phone) l.phone, l.id as lead_id, l.customer_id
    from leads l join live on live.phone = l.phone
    where l.site = ${site} and not l.spam and l.deleted_at is null ${only} ${sql.join(filters)}
    order by l.phone, l.created_at desc, l.id desc`;
}

async function rowsOf<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  return ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Everyone the campaign would reach now, one per phone. */
export async function listAudience(executor: Executor, site: string, audience: CampaignAudience): Promise<AudienceMember[]> {
  const rows = await rowsOf<{ phone: string; lead_id: number; customer_id: number | null }>(executor, audienceQuery(site, audience));
  return rows.map((row) => ({
    phone: row.phone,
    leadId: Number(row.lead_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
  }));
}

/** How many the campaign would reach now (the 대상 확인 step). */
export async function countAudience(executor: Executor, site: string, audience: CampaignAudience): Promise<number> {
  const [row] = await rowsOf<{ count: number | string }>(
    executor,
    sql`select count(*) as count from (${audienceQuery(site, audience)}) audience`,
  );
  return Number(row?.count ?? 0);
}

/** Which of these phones the campaign may still reach (a batch about to be sent). */
export async function stillInAudience(
  executor: Executor,
  site: string,
  audience: CampaignAudience,
  phones: readonly string[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await rowsOf<{ phone: string }>(executor, audienceQuery(site, audience, phones));
  return new Set(rows.map((row) => row.phone));
}
