import { sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { db, queryRows, type Transaction } from "../db.ts";
import { enqueueSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { startPeriodicTask, type PeriodicTask } from "../periodic.ts";
import { logError } from "../log.ts";
import { textBudgetOf } from "../spam.ts";
import { textPack } from "../content/site-settings.ts";
import { bookingSms } from "./messages.ts";
import { VISIT_SETTING_DEFAULTS } from "./settings.ts";
import { sweepWaitlists } from "./waitlist.ts";

/** Reminders for day D are queued from this Korean time on day D-1 (not at night). */
export const REMINDER_TIME = "10:00";

/** A reminder on the visit's day goes no earlier than this Korean time, however early the visit. */
export const SAME_DAY_REMINDER_FROM = "08:00";

/**
 * Queues the day-before reminder of tomorrow's bookings, once each, from REMINDER_TIME today.
 * Bookings made (or moved, `confirmed_at`) after that time are not reminded: their confirmation has
 * just arrived. Cancelled and moved bookings never are. Safe to run from every instance at once:
 * the update claims rows.
 */
export async function queueVisitReminders(now = new Date()): Promise<number> {
  const today = kstDay(now);
  const remindFrom = kstInstant(today, REMINDER_TIME);
  if (now < remindFrom) return 0;
  return db().transaction(async (tx) => {
    const due = await queryRows<DueReminder>(
      tx,
      sql`update visit_bookings b set reminder_queued_at = ${now.toISOString()}::timestamptz
          from visit_slots s
          where s.id = b.slot_id and s.day = ${addDays(today, 1)}::date and s.starts_at > ${now.toISOString()}::timestamptz
            and b.status = 'booked' and b.reminder_queued_at is null
            and coalesce(b.confirmed_at, b.created_at) < ${remindFrom.toISOString()}::timestamptz
          returning b.id, b.site, b.lead_id, b.name, b.phone, b.link_token, s.starts_at`,
    );
    await queueReminders(tx, due, "reminder", now);
    return due.length;
  });
}

/**
 * Queues the reminder on the visit's day, each site's `sameDayReminderHours` before it (0: none),
 * not before SAME_DAY_REMINDER_FROM, once per booking; a booking confirmed after that moment (made
 * or moved since) is not reminded again. Claimed by one update, like the day-before reminder.
 */
export async function queueSameDayReminders(now = new Date()): Promise<number> {
  const today = kstDay(now);
  if (now < kstInstant(today, SAME_DAY_REMINDER_FROM)) return 0;
  const at = now.toISOString();
  return db().transaction(async (tx) => {
    const due = await queryRows<DueReminder>(
      tx,
      sql`update visit_bookings b set same_day_reminder_queued_at = ${at}::timestamptz
          from visit_slots s left join visit_settings v on v.site = s.site
          where s.id = b.slot_id and s.day = ${today}::date and s.starts_at > ${at}::timestamptz
            and coalesce(v.same_day_reminder_hours, ${VISIT_SETTING_DEFAULTS.sameDayReminderHours}) > 0
            and s.starts_at - make_interval(hours => coalesce(v.same_day_reminder_hours, ${VISIT_SETTING_DEFAULTS.sameDayReminderHours})) <= ${at}::timestamptz
            and coalesce(b.confirmed_at, b.created_at)
                < s.starts_at - make_interval(hours => coalesce(v.same_day_reminder_hours, ${VISIT_SETTING_DEFAULTS.sameDayReminderHours}))
            and b.status = 'booked' and b.same_day_reminder_queued_at is null
          returning b.id, b.site, b.lead_id, b.name, b.phone, b.link_token, s.starts_at`,
    );
    await queueReminders(tx, due, "reminder-today", now);
    return due.length;
  });
}

interface DueReminder {
  id: number;
  site: string;
  lead_id: number;
  name: string;
  phone: string;
  link_token: string;
  starts_at: Date | string;
}

async function queueReminders(tx: Transaction, due: DueReminder[], purpose: "reminder" | "reminder-today", now: Date) {
  const packs = new Map<string, SitePack>();
  for (const row of due) {
    const pack = packs.get(row.site) ?? (await textPack(row.site, tx));
    packs.set(row.site, pack);
    const reminder = bookingSms(pack, purpose, {
      id: row.id,
      leadId: row.lead_id,
      name: row.name,
      phone: row.phone,
      startsAt: new Date(row.starts_at),
      linkToken: row.link_token,
    });
    await enqueueSms(tx, [reminder], { budget: textBudgetOf(row.site), now });
  }
}

/**
 * Every instance checks every minute: the day-before and same-day reminders (their claims keep each
 * single) and the waitlists (an offer past its deadline passes to the next; a place freed without an
 * offer gets one).
 */
export function startVisitReminders({ intervalMs = 60_000 } = {}): PeriodicTask {
  return startPeriodicTask({
    task: async () => {
      const queued = (await queueVisitReminders()) + (await queueSameDayReminders());
      if (queued > 0) {
        console.log(`Visit reminders: queued ${queued} message(s).`);
        wakeOutboxWorker();
      }
      await sweepWaitlists();
    },
    firstRunMs: 30_000,
    intervalMs,
    onError: (error) => logError("Visit reminders: the check failed; trying again shortly", error),
  });
}
