import { sql } from "drizzle-orm";
import type { SitePack } from "#app/content/types.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import { db, queryRows } from "../db.ts";
import { enqueueSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { startPeriodicTask, type PeriodicTask } from "../periodic.ts";
import { logError } from "../log.ts";
import { textBudgetOf } from "../spam.ts";
import { textPack } from "../content/site-settings.ts";
import { bookingSms } from "./messages.ts";

/** Reminders for day D are queued from this Korean time on day D-1 (not at night). */
export const REMINDER_TIME = "10:00";

/**
 * Queues the day-before reminder of tomorrow's bookings, once each, from REMINDER_TIME today.
 * Bookings made after that time are not reminded: their confirmation has just arrived. Cancelled
 * and moved bookings never are. Safe to run from every instance at once: the update claims rows.
 */
export async function queueVisitReminders(now = new Date()): Promise<number> {
  const today = kstDay(now);
  const remindFrom = kstInstant(today, REMINDER_TIME);
  if (now < remindFrom) return 0;
  return db().transaction(async (tx) => {
    const due = await queryRows<{
      id: number;
      site: string;
      lead_id: number;
      name: string;
      phone: string;
      link_token: string;
      starts_at: Date | string;
    }>(
      tx,
      sql`update visit_bookings b set reminder_queued_at = ${now.toISOString()}::timestamptz
          from visit_slots s
          where s.id = b.slot_id and s.day = ${addDays(today, 1)}::date and s.starts_at > ${now.toISOString()}::timestamptz
            and b.status = 'booked' and b.reminder_queued_at is null
            and b.created_at < ${remindFrom.toISOString()}::timestamptz
          returning b.id, b.site, b.lead_id, b.name, b.phone, b.link_token, s.starts_at`,
    );
    const packs = new Map<string, SitePack>();
    for (const row of due) {
      const pack = packs.get(row.site) ?? (await textPack(row.site, tx));
      packs.set(row.site, pack);
      const reminder = bookingSms(pack, "reminder", {
        id: row.id,
        leadId: row.lead_id,
        name: row.name,
        phone: row.phone,
        startsAt: new Date(row.starts_at),
        linkToken: row.link_token,
      });
      await enqueueSms(tx, [reminder], { budget: textBudgetOf(row.site), now });
    }
    return due.length;
  });
}

/** Every instance checks every ten minutes; the claim in queueVisitReminders keeps each reminder single. */
export function startVisitReminders({ intervalMs = 10 * 60_000 } = {}): PeriodicTask {
  return startPeriodicTask({
    task: async () => {
      const queued = await queueVisitReminders();
      if (queued > 0) {
        console.log(`Visit reminders: queued ${queued} message(s) for tomorrow's bookings.`);
        wakeOutboxWorker();
      }
    },
    firstRunMs: 30_000,
    intervalMs,
    onError: (error) => logError("Visit reminders: the check failed; trying again shortly", error),
  });
}
