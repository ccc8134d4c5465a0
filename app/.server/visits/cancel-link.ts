import { and, eq } from "drizzle-orm";
import { kstTime } from "#app/utils/kst.ts";
import type { BookingStatus } from "#app/vocabulary.ts";
import { db } from "../db.ts";
import { getEnv } from "../env.ts";
import { withdrawBookingMessages } from "../outbox/queue.ts";
import { visitBookings, visitSlots } from "../schema.ts";
import { hmac, sameSecret } from "../secret.ts";
import { slotLabel } from "./schedule.ts";

/**
 * A booking's personal link from its text messages (/{site}/visit/{token}): it shows the booking
 * and cancels it with one button, until the visit is over.
 */

/** The personal link in a booking's messages, e.g. https://…/daegu/visit/1z.Ab3…: the page that shows and cancels it. */
export function cancelUrl(site: string, bookingId: number) {
  return `${getEnv().SITE_URL}/${site}/visit/${cancelToken(bookingId)}`;
}

const TOKEN_PURPOSE = "visit-cancel";

/** The booking id and an HMAC of it: unguessable, and checkable without storing anything. */
export function cancelToken(bookingId: number) {
  return `${bookingId.toString(36)}.${signature(bookingId)}`;
}

/** The booking id a token names, or null when it was not made by us. */
export function readCancelToken(token: string): number | null {
  const match = /^([0-9a-z]{1,7})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const bookingId = Number.parseInt(match[1]!, 36);
  return sameSecret(match[2]!, signature(bookingId)) ? bookingId : null;
}

function signature(bookingId: number) {
  return hmac(TOKEN_PURPOSE, String(bookingId)).slice(0, 22);
}

export interface BookingView {
  id: number;
  site: string;
  name: string;
  day: string;
  /** "11월 24일 (화) 14:00". */
  when: string;
  time: string;
  status: BookingStatus;
}

export type CancelPageState =
  /** Not a token of ours, or its booking is gone. */
  | { state: "invalid" }
  /** The visit's time has passed: the link no longer works. */
  | { state: "expired"; booking: BookingView }
  | { state: "active" | "cancelled"; booking: BookingView };

export async function findBookingByToken(token: string, now = new Date()): Promise<CancelPageState> {
  const bookingId = readCancelToken(token);
  if (bookingId === null) return { state: "invalid" };
  const [row] = await db()
    .select({ booking: visitBookings, startsAt: visitSlots.startsAt, endsAt: visitSlots.endsAt, day: visitSlots.day })
    .from(visitBookings)
    .innerJoin(visitSlots, eq(visitSlots.id, visitBookings.slotId))
    .where(eq(visitBookings.id, bookingId));
  if (!row) return { state: "invalid" };
  const booking: BookingView = {
    id: row.booking.id,
    site: row.booking.site,
    name: row.booking.name,
    day: row.day,
    when: slotLabel(row.day, row.startsAt),
    time: kstTime(row.startsAt),
    status: row.booking.status,
  };
  if (row.endsAt <= now) return { state: "expired", booking };
  return { state: row.booking.status === "booked" ? "active" : "cancelled", booking };
}

/** Cancels the booking a link names (the visitor's one button), freeing its place and withdrawing its unsent messages. */
export async function cancelBookingByToken(token: string, now = new Date()): Promise<CancelPageState> {
  const found = await findBookingByToken(token, now);
  if (found.state !== "active") return found;
  await db().transaction(async (tx) => {
    const cancelled = await tx
      .update(visitBookings)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(visitBookings.id, found.booking.id), eq(visitBookings.status, "booked")))
      .returning({ id: visitBookings.id });
    if (cancelled.length > 0) await withdrawBookingMessages(tx, [found.booking.id]);
  });
  return { state: "cancelled", booking: { ...found.booking, status: "cancelled" } };
}
