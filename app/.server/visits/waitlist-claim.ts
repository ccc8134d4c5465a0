import { eq } from "drizzle-orm";
import type { Attribution } from "../attribution.ts";
import { db } from "../db.ts";
import { createLead } from "../leads/create.ts";
import type { TextBudget } from "../outbox/queue.ts";
import { visitWaitlist } from "../schema.ts";
import { findWaitlistEntry, type WaitlistPage } from "./waitlist.ts";

/** Claiming the place a waitlist offered: a booking made as the form makes one (apart from waitlist.ts, which the lead path must not import). */

export type WaitlistClaim =
  | { ok: true; bookingToken: string; when: string; receiptNumber: string | null }
  | {
      ok: false;
      page: WaitlistPage;
      reason?: "not-offered" | "booked-that-day" | "full" | "closed" | "past" | "outside-hours" | "unknown";
    };

/**
 * Claims the place offered to this entry: the visit is booked exactly as the form books it (a
 * lead, its assignment, the confirmation with the booking's own link), inside createLead's
 * transaction, where the slot's lock checks the offer is still this entry's and in time. A second
 * claim of the same entry is the same submission (its id is the entry's), answered the same.
 */
export async function claimWaitlistPlace(
  token: string,
  request: { clientId: string | null; sourceKey: string | null; userAgent: string; attribution: Attribution },
  { now = new Date(), budget = null }: { now?: Date; budget?: TextBudget | null } = {},
): Promise<WaitlistClaim> {
  const page = await findWaitlistEntry(token, now);
  if (page.state === "claimed" && page.entry.bookingToken) {
    return { ok: true, bookingToken: page.entry.bookingToken, when: page.entry.when, receiptNumber: null };
  }
  if (page.state !== "offered") return { ok: false, page };
  const { entry } = page;
  const [stored] = await db()
    .select({ consentVersion: visitWaitlist.consentVersion, marketingConsent: visitWaitlist.marketingConsent })
    .from(visitWaitlist)
    .where(eq(visitWaitlist.id, entry.id));
  const result = await createLead(
    {
      kind: "visit",
      site: entry.site,
      name: entry.name,
      phone: entry.phone,
      message: "",
      submissionId: `waitlist-${entry.id}`,
      consentVersion: stored!.consentVersion,
      sourcePath: `/${entry.site}/waitlist`,
      attribution: request.attribution,
      userAgent: request.userAgent,
      spamReason: null,
      clientId: request.clientId,
      sourceKey: request.sourceKey,
      visitSlotId: entry.slotId,
      visitPartySize: entry.partySize,
      waitlistOfferId: entry.id,
      marketingConsent: stored!.marketingConsent,
    },
    { now, textBudget: budget, bookingBursts: null },
  );
  if (result.outcome === "unavailable") {
    return { ok: false, page: await findWaitlistEntry(token, now), reason: result.reason };
  }
  const claimed = await findWaitlistEntry(token, now, { lazy: false });
  if (claimed.state !== "claimed" || !claimed.entry.bookingToken) return { ok: false, page: claimed };
  return { ok: true, bookingToken: claimed.entry.bookingToken, when: claimed.entry.when, receiptNumber: result.receiptNumber };
}
