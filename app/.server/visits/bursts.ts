import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { BookingReviewReason } from "#app/vocabulary.ts";
import type { Transaction } from "../db.ts";
import { visitBookings } from "../schema.ts";

/**
 * Booking bursts: a script can book out a day in seconds with many phones and addresses, and real
 * visitors then see every time taken. Each new booking from the public form counts the site's
 * bookings of the last minutes, and its address's; past a rule, every booking of the wave waits
 * for the office's review (review.ts) instead of filling the day silently. A flagged booking
 * keeps its place until a manager clears it or marks the wave as spam.
 */

export interface BurstRule {
  /** More bookings than this within the window is a burst. */
  limit: number;
  windowMs: number;
}

export interface BookingBurstRules {
  /** Bookings from the site's forms, whoever makes them. */
  site: BurstRule;
  /** Bookings from one address (its keyed hash). */
  address: BurstRule;
}

/** More than 12 bookings on a site within 10 minutes, or more than 3 from one address within an hour. */
export const BOOKING_BURSTS: BookingBurstRules = {
  site: { limit: 12, windowMs: 10 * 60_000 },
  address: { limit: 3, windowMs: 60 * 60_000 },
};

// Bookings of one site take turns here, so each counts the ones before it (any constant works).
const BURST_LOCK_KEY = 727_008;

export async function lockSiteBursts(tx: Transaction, site: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BURST_LOCK_KEY}, hashtext(${site}))`);
}

/**
 * After a booking from the public form is placed: flags the bookings of a wave it belongs to, if
 * it does, and answers the reason. Only bookings still holding their place and never reviewed are
 * flagged, so a booking a manager cleared stays cleared.
 */
export async function flagBookingBurst(
  tx: Transaction,
  { site, sourceKey, rules, now }: { site: string; sourceKey: string | null; rules: BookingBurstRules; now: Date },
): Promise<BookingReviewReason | null> {
  await lockSiteBursts(tx, site);
  const since = (rule: BurstRule) => new Date(now.getTime() - rule.windowMs);
  // Places the wave holds: a visitor changing their own time leaves a moved booking that fills nothing.
  const fromForms = and(eq(visitBookings.site, site), isNotNull(visitBookings.sourceKey), eq(visitBookings.status, "booked"));
  const siteWave = and(fromForms, gt(visitBookings.createdAt, since(rules.site)));
  const addressWave = sourceKey
    ? and(fromForms, eq(visitBookings.sourceKey, sourceKey), gt(visitBookings.createdAt, since(rules.address)))
    : undefined;
  // Both waves counted in one statement: every booking from the form asks this (issue #32).
  const [counts] = await tx
    .select({
      address: sql<number>`count(*) filter (where ${addressWave ?? sql`false`})`.mapWith(Number),
      site: sql<number>`count(*) filter (where ${siteWave})`.mapWith(Number),
    })
    .from(visitBookings)
    .where(and(fromForms, gt(visitBookings.createdAt, new Date(Math.min(since(rules.site).getTime(), since(rules.address).getTime())))));
  let flagged: BookingReviewReason | null = null;
  if (addressWave && (counts?.address ?? 0) > rules.address.limit) {
    await flag(tx, addressWave, "address-burst");
    flagged = "address-burst";
  }
  if ((counts?.site ?? 0) > rules.site.limit) {
    await flag(tx, siteWave, "site-burst");
    flagged ??= "site-burst";
  }
  return flagged;
}

async function flag(tx: Transaction, wave: ReturnType<typeof and>, reason: BookingReviewReason) {
  await tx
    .update(visitBookings)
    .set({ review: reason })
    .where(and(wave, isNull(visitBookings.review), isNull(visitBookings.reviewedAt)));
}

/** Bookings waiting for review: flagged, not yet reviewed, still holding their place. */
export function awaitingReview(site: string) {
  return and(
    eq(visitBookings.site, site),
    isNotNull(visitBookings.review),
    isNull(visitBookings.reviewedAt),
    eq(visitBookings.status, "booked"),
  );
}
