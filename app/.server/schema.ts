import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { BookingStatus, LeadKind, LeadStatus, OutboxStatus, SmsPurpose, SpamReason, TextHoldReason } from "#app/vocabulary.ts";

/** The one Postgres schema, shared by PGlite and PostgreSQL. Generate migrations with `npm run db:generate`. */

export const admins = pgTable("admins", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  email: varchar({ length: 254 }).notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const pressArticles = pgTable(
  "press_articles",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    title: varchar({ length: 200 }).notNull(),
    summary: varchar({ length: 1000 }).notNull(),
    content: text().notNull().default(""),
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
    views: integer().notNull().default(0),
  },
  (table) => [
    // Keyset paging walks (date, id) backwards within one site; a plain ascending index serves it.
    index("press_articles_site_date_id_idx").on(table.site, table.date, table.id),
  ],
);

// --- Administrator sessions and login throttling (press / admin auth) ---

/** The sites an administrator works on: the console of any other site does not know them. */
export const adminSites = pgTable(
  "admin_sites",
  {
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.site] })],
);

/**
 * One row per signed-in browser on one site's host (the cookie is the host's). `id` is the
 * SHA-256 of the cookie's token, never the token.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: varchar({ length: 64 }).primaryKey(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_admin_id_idx").on(table.adminId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * A signed-in administrator moving to another of their sites (another host, so another cookie):
 * a one-time key, valid a minute, that the other host exchanges for a session. Only its hash is kept.
 */
export const siteHandoffs = pgTable("site_handoffs", {
  id: varchar({ length: 64 }).primaryKey(),
  adminId: integer()
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" }),
  site: varchar({ length: 64 }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** Failed sign-ins, keyed by an HMAC of the email or of the client address (never the raw value). */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: varchar({ length: 80 }).notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("login_attempts_key_attempted_at_idx").on(table.key, table.attemptedAt)],
);

// --- Leads: registrations, their SMS outbox and form rate limits (leads area) ---

/**
 * One person as a site knows them: a phone number. Every lead of that phone at that site links
 * here, whoever typed it, so the console shows a customer's history without anyone's form ever
 * editing another person's lead.
 */
export const customers = pgTable(
  "customers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("customers_site_phone_key").on(table.site, table.phone)],
);

/** Every registration, visit reservation and inquiry, including those flagged as spam. */
export const leads = pgTable(
  "leads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** One per rendered form: a double click or a network retry finds the lead it already made. */
    submissionId: varchar({ length: 64 }).notNull(),
    kind: varchar({ length: 16 }).$type<LeadKind>().notNull(),
    site: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    message: text().notNull().default(""),
    consentVersion: varchar({ length: 32 }).notNull(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    sourcePath: varchar({ length: 300 }).notNull(),
    utmSource: varchar({ length: 100 }),
    utmMedium: varchar({ length: 100 }),
    utmCampaign: varchar({ length: 100 }),
    referrerHost: varchar({ length: 255 }),
    userAgent: varchar({ length: 400 }).notNull().default(""),
    status: varchar({ length: 16 }).$type<LeadStatus>().notNull().default("new"),
    spam: boolean().notNull().default(false),
    /** Why a lead was flagged. */
    spamReason: varchar({ length: 16 }).$type<SpamReason>(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /**
     * A keyed hash of the browser's lead_client cookie: a repeat from the same browser folds into
     * its lead; the same phone from anywhere else is a new lead of the same customer.
     */
    clientId: varchar({ length: 64 }),
    /** Why the lead's texts were not sent (the text budget), or null. */
    textsHeld: varchar({ length: 16 }).$type<TextHoldReason>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("leads_submission_id_key").on(table.submissionId),
    // Duplicate folding looks up the same phone and kind in the last few minutes.
    index("leads_kind_phone_created_at_idx").on(table.kind, table.phone, table.createdAt),
    // The admin inbox and export page with the row value (created_at, id) < (…, …), newest first.
    index("leads_created_at_id_idx").on(table.createdAt, table.id),
  ],
);

/**
 * Text messages waiting to be sent, written in the lead's transaction. One worker at a time
 * holds a row (`status` "sending" until `lockedUntil`); see app/.server/outbox.ts.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer().references(() => leads.id, { onDelete: "set null" }),
    /** The visit booking a confirmation or reminder is about: cancelling it withdraws what is unsent. */
    bookingId: integer().references(() => visitBookings.id, { onDelete: "set null" }),
    /** The site that sends it (its text budget, its console). */
    site: varchar({ length: 64 }).notNull().default(""),
    purpose: varchar({ length: 16 }).$type<SmsPurpose>().notNull(),
    /** Digits only. */
    recipient: varchar({ length: 16 }).notNull(),
    body: text().notNull(),
    status: varchar({ length: 16 }).$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: varchar({ length: 64 }),
    lockedUntil: timestamp({ withTimezone: true }),
    provider: varchar({ length: 16 }),
    providerMessageId: varchar({ length: 128 }),
    /** The provider's answer (or the error) of the last attempt, as text. */
    lastResponse: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sms_outbox_status_next_attempt_at_idx").on(table.status, table.nextAttemptAt),
    index("sms_outbox_lead_id_idx").on(table.leadId),
    // The text budget counts a recipient's texts of the last day and a site's of the last hour.
    index("sms_outbox_recipient_created_at_idx").on(table.recipient, table.createdAt),
    index("sms_outbox_site_created_at_idx").on(table.site, table.createdAt),
  ],
);

/**
 * Form tokens already used: a token is spent by the submission that used it, so a copied token
 * makes one lead; another submission with it is a replay (docs/security.md).
 */
export const spentFormTokens = pgTable(
  "spent_form_tokens",
  {
    /** The token's random part. */
    tokenId: varchar({ length: 32 }).primaryKey(),
    submissionId: varchar({ length: 64 }).notNull(),
    spentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("spent_form_tokens_spent_at_idx").on(table.spentAt)],
);

/** Fixed windows per key (e.g. form kind + hashed client address), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar({ length: 120 }).primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

// --- Admin console: notes, status history and saved searches (admin area) ---

/** A manager's note on a lead. The author's email is kept so the note still names them if the account goes. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: integer().references(() => admins.id, { onDelete: "set null" }),
    authorEmail: varchar({ length: 254 }).notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_notes_lead_id_created_at_idx").on(table.leadId, table.createdAt)],
);

/** Every status a manager gave a lead, oldest first: who moved it from what to what, and when. */
export const leadStatusChanges = pgTable(
  "lead_status_changes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fromStatus: varchar({ length: 16 }).notNull(),
    toStatus: varchar({ length: 16 }).notNull(),
    authorId: integer().references(() => admins.id, { onDelete: "set null" }),
    authorEmail: varchar({ length: 254 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_status_changes_lead_id_idx").on(table.leadId)],
);

/**
 * An inbox search (a name or phone digits) kept on the server for a few hours, so the page's URL
 * carries only this random id and never the term itself.
 */
export const leadSearches = pgTable(
  "lead_searches",
  {
    id: varchar({ length: 32 }).primaryKey(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    term: varchar({ length: 100 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_searches_created_at_idx").on(table.createdAt)],
);

// --- Model-house visits: the schedule of time slots and the bookings in them (visits area) ---

/**
 * One bookable time at the model house. A day is open when it has open slots; closing a day
 * closes its slots. The places left are `capacity` minus the slot's active bookings, counted
 * under the slot's row lock (app/.server/visits.ts), so the count is the only truth.
 */
export const visitSlots = pgTable(
  "visit_slots",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    /** The Korean calendar day, for listing a day's slots without time-zone arithmetic in SQL. */
    day: date({ mode: "string" }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    open: boolean().notNull().default(true),
  },
  (table) => [
    uniqueIndex("visit_slots_site_starts_at_key").on(table.site, table.startsAt),
    index("visit_slots_site_day_idx").on(table.site, table.day),
  ],
);

/** A visitor's place in a slot. Cancelled and moved bookings stay, for the history, but hold no place. */
export const visitBookings = pgTable(
  "visit_bookings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    slotId: integer()
      .notNull()
      .references(() => visitSlots.id, { onDelete: "restrict" }),
    /** The visit lead that made it; deleting the lead (a manager, or retention) deletes the booking. */
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    name: varchar({ length: 50 }).notNull(),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    status: varchar({ length: 16 }).$type<BookingStatus>().notNull().default("booked"),
    /** The random key of the booking's personal link (/{site}/visit/{linkToken}): it says nothing about other bookings. */
    linkToken: varchar({ length: 40 })
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
    reminderQueuedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index("visit_bookings_slot_id_status_idx").on(table.slotId, table.status),
    index("visit_bookings_site_phone_idx").on(table.site, table.phone),
    uniqueIndex("visit_bookings_link_token_key").on(table.linkToken),
  ],
);
