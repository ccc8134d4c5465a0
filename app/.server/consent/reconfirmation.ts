import { and, eq, max, sql } from "drizzle-orm";
import { kstDay } from "#app/utils/kst.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { fill } from "#app/utils/template.ts";
import { textPack } from "../content/site-settings.ts";
import { db, queryRows, sqlList } from "../db.ts";
import { getEnv } from "../env.ts";
import { logError } from "../log.ts";
import { enqueueOneSms } from "../outbox/queue.ts";
import { wakeOutboxWorker } from "../outbox/worker.ts";
import { startPeriodicTask, type PeriodicTask } from "../periodic.ts";
import { marketingConsentEvents } from "../schema.ts";
import { siteOrigin } from "../site.ts";
import { advertisingSendTime, marketingStandingOf } from "../sms/advertising.ts";
import { lockPhone, RECONFIRM_AFTER_YEARS } from "./ledger.ts";
import { optOutLinkFor } from "./opt-out-link.ts";
import { forgetStaleOptOutLists } from "./opt-out-list.ts";

/**
 * The two-year reconfirmation of consents to advertising (정보통신망법 §50⑧, 시행령 §62의3): each
 * live consent is reminded, two years after it was given or after its last notice, of the sender,
 * the date of consent and how to keep or withdraw it (the pack's `reconfirmation` text, with the
 * personal opt-out link and the 080 number), and the notice is a row of the ledger. The row names
 * the consent or notice it follows, under a unique key, so a notice is sent once however many
 * instances run the job at the same moment, and a second run the same day finds nothing due.
 */

interface DueConsent {
  id: number;
  site: string;
  phone: string;
  customer_id: number | null;
}

/** The latest consent or notice of each phone whose two years are over, on the sites this server presents. */
async function dueConsents(now: Date): Promise<DueConsent[]> {
  const sites = getEnv().SITES.map((site) => site.slug);
  if (sites.length === 0) return [];
  return queryRows<DueConsent>(
    db(),
    sql`select id, site, phone, customer_id from (
          select distinct on (site, phone) id, site, phone, customer_id, at
          from ${marketingConsentEvents}
          where kind in ('consent', 'reconfirmation-notice') and site in (${sqlList(sites)})
          order by site, phone, at desc, id desc
        ) latest
        where latest.at <= ${now.toISOString()}::timestamptz - ${`${RECONFIRM_AFTER_YEARS} years`}::interval
        order by id`,
  );
}

/** Queues every notice that is due; answers how many this run queued. */
export async function sendReconfirmationNotices(now = new Date()): Promise<number> {
  let queued = 0;
  for (const due of await dueConsents(now)) {
    const sent = await db().transaction(async (tx) => {
      await lockPhone(tx, due.site, due.phone);
      // Withdrawn since, or its lead gone (the bin, the retention period, spam): nothing to reconfirm.
      if ((await marketingStandingOf(tx, due.site, due.phone)).standing !== "consented") return false;
      const [claimed] = await tx
        .insert(marketingConsentEvents)
        .values({
          site: due.site,
          phone: due.phone,
          customerId: due.customer_id,
          kind: "reconfirmation-notice",
          followsId: due.id,
          at: now,
          createdAt: now,
        })
        .onConflictDoNothing({ target: marketingConsentEvents.followsId })
        .returning({ id: marketingConsentEvents.id });
      if (!claimed) return false;
      const [consent] = await tx
        .select({ at: max(marketingConsentEvents.at) })
        .from(marketingConsentEvents)
        .where(
          and(
            eq(marketingConsentEvents.site, due.site),
            eq(marketingConsentEvents.phone, due.phone),
            eq(marketingConsentEvents.kind, "consent"),
          ),
        );
      const pack = await textPack(due.site, tx);
      const link = optOutLinkFor(siteOrigin(due.site), due.site, due.phone);
      const { id: outboxId } = await enqueueOneSms(
        tx,
        {
          site: due.site,
          leadId: null,
          purpose: "reconfirmation",
          recipient: due.phone,
          body: fill(pack.leads.sms.reconfirmation, {
            senderName: pack.leads.sms.senderName,
            consentDate: consent?.at ? kstDay(new Date(consent.at)) : "",
            optOutUrl: link,
            optOutNumber: pack.leads.sms.optOutNumber,
            salesPhone: formatPhone(pack.phone),
          }),
          // The link withdraws this phone's consent: shown to nobody but its recipient (decision 024).
          bearerLinks: [link],
          // Not advertising, but a job's run may fall at night: it waits for the morning like one.
          nextAttemptAt: advertisingSendTime(now),
        },
        { now },
      );
      await tx.update(marketingConsentEvents).set({ outboxId }).where(eq(marketingConsentEvents.id, claimed.id));
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every instance checks shortly after boot and then daily (and forgets 080 lists left unapplied); the claim keeps each notice single. */
export function startReconfirmationNotices({ firstRunMs = 90_000, intervalMs = DAY_MS } = {}): PeriodicTask {
  return startPeriodicTask({
    task: async () => {
      await forgetStaleOptOutLists();
      const queued = await sendReconfirmationNotices();
      if (queued > 0) {
        console.log(`Consent reconfirmation: queued ${queued} two-year notice(s).`);
        wakeOutboxWorker();
      }
    },
    firstRunMs,
    intervalMs,
    onError: (error) => logError("Consent reconfirmation: the check failed; trying again tomorrow", error),
  });
}
