import { sql } from "drizzle-orm";
import { addDays, nextMonth } from "#app/utils/kst.ts";
import { db, queryRows } from "../db.ts";
import { kstMidnight } from "../leads/inbox.ts";

/**
 * What each channel cost per stage: its spend over the whole months a period touches, divided by the
 * leads of those months that reached each stage (the stages of the conversion report,
 * docs/decisions/016: booked, visited, contracted), and the tel: taps of its visitors. Spend is
 * entered per month, so the months are whole: a period of 11-10 ~ 12-05 costs November and December.
 * A stage no lead reached has no cost (null), not an infinite one.
 */

export interface StageCounts {
  leads: number;
  booked: number;
  visited: number;
  contracted: number;
  calls: number;
}

export interface StageCosts {
  lead: number | null;
  booked: number | null;
  visited: number | null;
  contracted: number | null;
}

export interface ChannelCost extends StageCounts {
  channelId: number;
  name: string;
  spend: number;
  cost: StageCosts;
}

export interface ChannelMonth {
  channelId: number;
  month: string;
  spend: number;
  leads: number;
  /** Won per lead that month, or null without leads. */
  costPerLead: number | null;
}

const perStage = (spend: number, counts: StageCounts): StageCosts => {
  const cost = (count: number) => (count > 0 ? Math.round(spend / count) : null);
  return { lead: cost(counts.leads), booked: cost(counts.booked), visited: cost(counts.visited), contracted: cost(counts.contracted) };
};

/** The months "2026-11" … "2026-12" that [from, to] (KST days) touches. */
export function monthsOf({ from, to }: { from: string; to: string }) {
  const months = [from.slice(0, 7)];
  while (months.at(-1)! < to.slice(0, 7)) months.push(nextMonth(months.at(-1)!));
  return months;
}

export async function channelCosts(site: string, period: { from: string; to: string }) {
  const months = monthsOf(period);
  const first = `${months[0]}-01`;
  const last = addDays(`${nextMonth(months.at(-1)!)}-01`, -1);
  const [channelRows, stageRows, spendRows, callRows] = await Promise.all([
    queryRows<{ id: number; name: string }>(db(), sql`select id, name from channels where site = ${site} order by name, id`),
    queryRows<{ channel_id: number; month: string; leads: number; booked: number; visited: number; contracted: number }>(
      db(),
      sql`with cohort as (
            select ch.id as channel_id, to_char(l.created_at at time zone 'Asia/Seoul', 'YYYY-MM') as month,
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
            join lateral (
              select c.id from channels c
              where c.site = l.site and c.utm_source = lower(l.utm_source)
                and c.utm_campaign in ('', lower(coalesce(l.utm_campaign, '')))
              order by c.utm_campaign = '' limit 1
            ) ch on true
            where l.site = ${site} and not l.spam and l.deleted_at is null
              and l.created_at >= ${kstMidnight(first)} and l.created_at < ${kstMidnight(addDays(last, 1))}
          )
          select channel_id, month, count(*)::int as leads,
                 count(*) filter (where booked or visited)::int as booked,
                 count(*) filter (where visited)::int as visited,
                 count(*) filter (where contracted)::int as contracted
          from cohort group by channel_id, month`,
    ),
    queryRows<{ channel_id: number; month: string; amount: number }>(
      db(),
      sql`select s.channel_id, s.month, s.amount from channel_spend s join channels c on c.id = s.channel_id
          where c.site = ${site} and s.month between ${months[0]} and ${months.at(-1)}`,
    ),
    queryRows<{ channel_id: number; calls: number }>(
      db(),
      sql`select channel_id, sum(taps)::int as calls from channel_calls
          where site = ${site} and day between ${first} and ${last} group by channel_id`,
    ),
  ]);
  const zero = (): StageCounts => ({ leads: 0, booked: 0, visited: 0, contracted: 0, calls: 0 });
  const rows: ChannelCost[] = channelRows.map((channel) => {
    const counts = zero();
    for (const row of stageRows.filter((stage) => Number(stage.channel_id) === channel.id)) {
      counts.leads += Number(row.leads);
      counts.booked += Number(row.booked);
      counts.visited += Number(row.visited);
      counts.contracted += Number(row.contracted);
    }
    counts.calls = Number(callRows.find((row) => Number(row.channel_id) === channel.id)?.calls ?? 0);
    const spend = spendRows.filter((row) => Number(row.channel_id) === channel.id).reduce((sum, row) => sum + Number(row.amount), 0);
    return { channelId: channel.id, name: channel.name, spend, ...counts, cost: perStage(spend, counts) };
  });
  const total = rows.reduce(
    (sum, row) => ({
      leads: sum.leads + row.leads,
      booked: sum.booked + row.booked,
      visited: sum.visited + row.visited,
      contracted: sum.contracted + row.contracted,
      calls: sum.calls + row.calls,
    }),
    zero(),
  );
  const totalSpend = rows.reduce((sum, row) => sum + row.spend, 0);
  const byMonth: ChannelMonth[] = channelRows.flatMap((channel) =>
    months.map((month) => {
      const spend = Number(spendRows.find((row) => Number(row.channel_id) === channel.id && row.month === month)?.amount ?? 0);
      const leads = Number(stageRows.find((row) => Number(row.channel_id) === channel.id && row.month === month)?.leads ?? 0);
      return { channelId: channel.id, month, spend, leads, costPerLead: leads > 0 ? Math.round(spend / leads) : null };
    }),
  );
  return {
    months,
    channels: rows,
    total: { ...total, spend: totalSpend, cost: perStage(totalSpend, total) },
    /** Taps of visitors who came through no channel. */
    unchanneledCalls: Number(callRows.find((row) => Number(row.channel_id) === 0)?.calls ?? 0),
    byMonth,
  };
}
