import { sql } from "drizzle-orm";
import { sitePacks } from "#app/content/index.ts";
import type { SitePack } from "#app/content/types.ts";
import type { AuditChain } from "#app/vocabulary.ts";
import { auditRetentionDays, purgeAuditRecords } from "./audit/records.ts";
import { db, queryRows } from "./db.ts";
import { getEnv } from "./env.ts";
import { destroyLeads, expiredBinLeads, forgetCustomersWithoutLeads } from "./leads/bin.ts";
import { logError as defaultLogError } from "./log.ts";
import { startPeriodicTask, type PeriodicTask } from "./periodic.ts";
import { parseRetention, type RetentionPeriod } from "#app/forms/privacy.ts";
import { siteSettingsOf } from "./content/site-settings.ts";
import { developmentRetentionOf, retentionEndsAt } from "./privacy.ts";
import { addDays, kstDay } from "#app/utils/kst.ts";

/**
 * Leads are kept for the period the consent text promised ("수집일로부터 1년간 보관한 뒤 지체 없이
 * 파기합니다.") and then destroyed with their notes and text messages. The period is read from
 * that sentence itself, so the wording visitors agreed to and the deletion cannot drift apart;
 * a sentence without a readable period stops the purge (and fails the content tests) instead
 * of guessing. When the office sets its development's sales end and a period after it (site
 * settings), the consent text says that instead (privacy.ts) and every lead of the site is kept
 * until that day ends in Korea.
 */

export { parseRetention, type RetentionPeriod } from "#app/forms/privacy.ts";

export function retentionOf(site: SitePack): RetentionPeriod {
  return parseRetention(site.leads.consent.retention);
}

export interface PurgeReport {
  /** False when another instance was purging at the same moment; it does the work. */
  ran: boolean;
  /** Leads past their retention period. */
  deleted: number;
  sites: { site: string; period: string; deleted: number }[];
  /** Leads whose week in the bin was over. */
  fromBin: number;
  /** Waitlist entries (a name and a phone each) whose visit day is more than WAITLIST_KEPT_DAYS past. */
  waitlist: number;
  /** Customer records (a phone number and its consent ledger) of people none of whose leads is left. */
  customers: number;
  /** Access records past AUDIT_RETENTION_DAYS (three years for access-rights changes). */
  auditRecords: number;
}

/**
 * A waitlist entry serves its visit time only: a claimed one became a lead (kept by the lead's
 * period), the others have no use once the day is past. A week lets the office look back at how
 * the day's line went (the visits page) before the names and phones are destroyed.
 */
export const WAITLIST_KEPT_DAYS = 7;

// Any constant works; it only has to be the same in every instance.
const PURGE_LOCK_KEY = 727_004;

/**
 * Destroys the leads collected longer ago than their site's retention period (in the bin or not)
 * and the leads whose week in the bin is over, with their notes, status history, bookings and
 * text messages, recording each destruction by lead id (leads/bin.ts), and the customer records of
 * the people with no lead left (all but a refusal of advertising); then the access records past
 * their own retention. Instances that share a database purge one at a time: a second finds
 * the lock taken and skips.
 */
export async function purgeExpiredLeads({
  now = new Date(),
  sites = Object.values(sitePacks),
  auditDays = auditRetentionDays(getEnv().AUDIT_RETENTION_DAYS),
}: { now?: Date; sites?: SitePack[]; auditDays?: Record<AuditChain, number> } = {}): Promise<PurgeReport> {
  const periods = sites.map((site) => ({ site: site.slug, period: retentionOf(site) }));
  const report = await db().transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`);
    if (!lock?.locked) return null;
    const report: PurgeReport = { ran: true, deleted: 0, sites: [], fromBin: 0, waitlist: 0, customers: 0, auditRecords: 0 };
    const at = now.toISOString();
    for (const { site, period } of periods) {
      // The office's period after the development's sales end, when set, replaces the one from collection.
      const development = developmentRetentionOf(await siteSettingsOf(site, tx));
      const expired = development
        ? now >= retentionEndsAt(development)
          ? await queryRows<{ id: number }>(tx, sql`select id from leads where site = ${site}`)
          : []
        : await queryRows<{ id: number }>(
            tx,
            sql`select id from leads where site = ${site} and created_at < ${at}::timestamptz - ${period.interval}::interval`,
          );
      const deleted = await destroyLeads(
        tx,
        site,
        expired.map((row) => row.id),
        "retention",
        now,
      );
      report.deleted += deleted;
      report.sites.push({ site, period: development ? `until ${development.until}` : period.interval, deleted });
    }
    for (const [site, ids] of await expiredBinLeads(tx, now)) report.fromBin += await destroyLeads(tx, site, ids, "bin", now);
    for (const { site } of periods) report.customers += await forgetCustomersWithoutLeads(tx, site);
    const pastWaitlist = await queryRows<{ id: number }>(
      tx,
      sql`delete from visit_waitlist where slot_id in (select id from visit_slots where day < ${addDays(kstDay(now), -WAITLIST_KEPT_DAYS)}::date) returning id`,
    );
    report.waitlist = pastWaitlist.length;
    // Messages whose lead is already gone (their key was cleared) follow the longest period.
    const longest = periods.map(({ period }) => period.interval);
    if (longest.length > 0) {
      await tx.execute(
        sql`delete from sms_outbox where lead_id is null
            and created_at < ${at}::timestamptz - greatest(${sql.join(
              longest.map((interval) => sql`${interval}::interval`),
              sql`, `,
            )})`,
      );
    }
    return report;
  });
  if (!report) return { ran: false, deleted: 0, sites: [], fromBin: 0, waitlist: 0, customers: 0, auditRecords: 0 };
  report.auditRecords = await purgeAuditRecords(auditDays, now);
  return report;
}

/** One line for the log: counts and periods, never a person. */
export function describePurge(report: PurgeReport) {
  if (!report.ran) return "Lead retention: another instance is purging; skipped.";
  const sites = report.sites.map(({ site, period, deleted }) => `${site}: ${deleted} older than ${period}`).join(", ");
  return (
    `Lead retention: destroyed ${report.deleted} lead(s) past the retention period (${sites || "no sites"}), ` +
    `${report.fromBin} after a week in the bin, ${report.waitlist} waitlist entr(ies) of past visit days, ` +
    `${report.customers} customer record(s) with no lead left, and ${report.auditRecords} access record(s) past theirs.`
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Purges once shortly after boot and then every day. Every instance runs one; the advisory
 * lock keeps two from purging at once, and a purge that finds nothing expired deletes nothing.
 */
export function startRetentionTimer({
  firstRunMs = 60_000,
  intervalMs = DAY_MS,
  log = console.log,
  logError = defaultLogError,
}: {
  firstRunMs?: number;
  intervalMs?: number;
  log?: (line: string) => void;
  logError?: (context: string, error: unknown) => void;
} = {}): PeriodicTask {
  return startPeriodicTask({
    task: () => purgeExpiredLeads().then((report) => log(describePurge(report))),
    firstRunMs,
    intervalMs,
    onError: (error) => logError("Lead retention: the purge failed; trying again tomorrow", error),
  });
}
