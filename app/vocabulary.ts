/**
 * The closed sets of words the database stores, each declared once. The schema types its
 * columns with them, the forms build their Zod enums from them, and the Korean labels are
 * `Record`s over them, so a new value is one edit here and the type checker lists the rest.
 */

export const LEAD_KINDS = ["interest", "visit", "inquiry"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** A lead's status as staff set it; "spam" also marks the lead as spam (it leaves the inbox and the counts). */
export const LEAD_STATUSES = ["new", "contacted", "visited", "closed", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Why the spam check flagged a lead. */
export const SPAM_REASONS = ["honeypot", "too-fast", "no-token"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** What a text message is for. */
export const SMS_PURPOSES = ["confirmation", "staff", "reminder"] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Where a text message is in the outbox; "withdrawn": its booking was cancelled before it went out. */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "withdrawn"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const BOOKING_STATUSES = ["booked", "visited", "no_show", "cancelled", "moved"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Bookings that hold a place in their slot: a visited or no-show booking still used it. */
export const PLACE_HOLDING_STATUSES = ["booked", "visited", "no_show"] as const satisfies readonly BookingStatus[];
/** What staff may mark a place-holding booking as. */
export type AttendanceStatus = (typeof PLACE_HOLDING_STATUSES)[number];
