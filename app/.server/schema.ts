import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type {
  AlimtalkFallbackReason,
  AlimtalkPurpose,
  AuditAction,
  AuditChain,
  BookingReviewReason,
  AuditHashAlgorithm,
  BookingStatus,
  CapacityUnit,
  ConsentChannel,
  ConsentEventKind,
  CampaignRecipientState,
  CampaignStatus,
  ContactChannel,
  ContactResult,
  ImageJobStatus,
  LeadEventKind,
  LeadGrade,
  LeadKind,
  LeadStatus,
  MessageChannel,
  TransferStatus,
  OutboxStatus,
  ReceiptState,
  Role,
  SmsPurpose,
  SpamReason,
  TemplateStatus,
  TextHoldReason,
  UnitChangeKind,
  UnitStatus,
  RemainingUnitsSource,
  WaitlistStatus,
} from "#app/vocabulary.ts";
import type { PriceSheet } from "#app/utils/payment-plan.ts";

/** The one Postgres schema, shared by PGlite and PostgreSQL. Generate migrations with `npm run db:generate`. */

/**
 * One account per person on the sales team (docs/decisions/015-staff-accounts.md). Never deleted
 * while access records name it: a person who leaves is disabled.
 */
export const admins = pgTable("admins", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  email: varchar({ length: 254 }).notNull().unique(),
  name: varchar({ length: 50 }).notNull().default(""),
  /** Digits only; where the invitation and (#17) lead alerts are texted. */
  mobile: varchar({ length: 16 }),
  /** Null until the invited person sets one. */
  passwordHash: text(),
  /** The TOTP key (base32), once enrolled; the second factor every sign-in asks for. */
  totpSecret: varchar({ length: 64 }),
  totpEnabledAt: timestamp({ withTimezone: true }),
  /** The 30-second step of the last code accepted: a code is good once, never replayed within its window. */
  totpLastStep: integer(),
  disabledAt: timestamp({ withTimezone: true }),
  /** The person asked to be texted (at `mobile`) when a lead is assigned to them. */
  textOnAssignment: boolean().notNull().default(false),
  lastSignInAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The ten one-time recovery codes of an account, as SHA-256 hashes; a used one is marked, never reused. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: varchar({ length: 64 }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index("recovery_codes_admin_id_idx").on(table.adminId)],
);

/** A one-time link (72 hours) with which an invited person sets their password and second factor. Only its hash is kept. */
export const invitations = pgTable("invitations", {
  id: varchar({ length: 64 }).primaryKey(),
  adminId: integer()
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" }),
  invitedBy: integer().references(() => admins.id, { onDelete: "set null" }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
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
    /** When it is (or will be) published: an article dated in the future is scheduled, not shown yet. */
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
    views: integer().notNull().default(0),
    /** A draft is seen only in the console. */
    draft: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // Keyset paging walks (date, id) backwards within one site; a plain ascending index serves it.
    // This one holds drafts too, for the console.
    index("press_articles_site_date_id_idx").on(table.site, table.date, table.id),
    // The public list's: without drafts it needs no filter, so counting the rows before a deep
    // page reads the index alone (docs/performance.md, "Press list at 100,000 articles").
    index("press_articles_published_idx")
      .on(table.site, table.date, table.id)
      .where(sql`${table.draft} = false`),
  ],
);

// --- Administrator sessions and login throttling (press / admin auth) ---

/**
 * The sites an account works on, and its role on each (docs/decisions/022-role-per-site.md): the
 * console of any other site does not know them. Disabled state, password and second factor are the
 * account's, on every site alike.
 */
export const adminSites = pgTable(
  "admin_sites",
  {
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull(),
    role: varchar({ length: 16 }).$type<Role>().notNull(),
    /** Automatic assignment gives this person at most this many leads a Korean day on this site; null: no cap. */
    dailyCap: integer(),
    /** Their share of automatic assignment (1–5): a weight of 2 gets two leads for another's one. */
    assignWeight: integer().notNull().default(1),
    /** Where they are in the weighted turns (stride scheduling, leads/assignment.ts): the lowest goes next. */
    assignPass: integer().notNull().default(0),
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
    /**
     * When the second factor was given. Until then the session is only half made: it opens the
     * code (or enrolment) step and nothing else.
     */
    secondFactorAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Second-factor codes tried on this half session; a few wrong ones end it (auth.ts). */
    codeAttempts: integer().notNull().default(0),
    /**
     * When the session was made the desk's kiosk (/admin/door/kiosk): from then on the console lets
     * it register walk-ins and nothing else, and only signing in again leaves it (decision 029).
     */
    kioskAt: timestamp({ withTimezone: true }),
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
/**
 * Password attempts, counted per account and per client address (login-throttle.ts). Both are
 * keyed hashes under the session secret, so the table never holds an email or an address. A row is
 * written before the password is checked and stays only if the password was wrong.
 */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountKey: varchar({ length: 64 }).notNull(),
    clientKey: varchar({ length: 64 }).notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sign_in_attempts_account_idx").on(table.accountKey, table.attemptedAt),
    index("sign_in_attempts_client_idx").on(table.clientKey, table.attemptedAt),
  ],
);

/**
 * Where each account has signed in from (both factors given), as keyed hashes: while strangers
 * are failing against an account, its own people still get in from these addresses.
 */
export const signInClients = pgTable(
  "sign_in_clients",
  {
    accountKey: varchar({ length: 64 }).notNull(),
    clientKey: varchar({ length: 64 }).notNull(),
    lastSignedInAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountKey, table.clientKey] })],
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
    /** The customer asked (080 number, or told the office) not to get advertising texts any more. */
    marketingOptOutAt: timestamp({ withTimezone: true }),
    /** Merged into this customer (the same person with another number): their leads moved there, new ones follow. */
    mergedIntoId: integer(),
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
    /** The optional consent to advertising texts, when given with this form. */
    marketingConsentAt: timestamp({ withTimezone: true }),
    /** "DG-20261125-0042": the site's prefix, the Korean day and that day's sequence (leads/receipts.ts). */
    receiptNumber: varchar({ length: 32 }),
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
    /** The counsellor who works this lead, or null (the unassigned inbox). */
    assigneeId: integer().references(() => admins.id, { onDelete: "set null" }),
    /** In the bin since: hidden everywhere, restorable for seven days, then destroyed. */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => admins.id, { onDelete: "set null" }),
    /**
     * A keyed hash of the browser's lead_client cookie: a repeat from the same browser folds into
     * its lead; the same phone from anywhere else is a new lead of the same customer.
     */
    clientId: varchar({ length: 64 }),
    /** Why the lead's texts were not sent (the text budget), or null. */
    textsHeld: varchar({ length: 16 }).$type<TextHoldReason>(),
    /** The counsellor's 가망 등급, or null until they judge it. */
    grade: varchar({ length: 1 }).$type<LeadGrade>(),
    /** When to contact the customer again (a callback promised, a missed call to retry); null when nothing is due. */
    nextContactAt: timestamp({ withTimezone: true }),
    /** The unit type (the pack's key, "84A") the visitor said they were interested in, or null. */
    unitType: varchar({ length: 16 }),
    /** The unit the visitor picked on the public 잔여세대 page, or null (app/.server/units/). */
    unitId: integer().references((): AnyPgColumn => units.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("leads_submission_id_key").on(table.submissionId),
    // 오늘 할 일 and the live alerts look up callbacks coming due.
    index("leads_next_contact_at_idx").on(table.nextContactAt),
    // Duplicate folding looks up the same phone and kind in the last few minutes.
    index("leads_kind_phone_created_at_idx").on(table.kind, table.phone, table.createdAt),
    // The admin inbox and export page with the row value (created_at, id) < (…, …), newest first.
    index("leads_created_at_id_idx").on(table.createdAt, table.id),
    // A counsellor's own leads.
    index("leads_assignee_id_idx").on(table.assigneeId),
    // A customer's leads (the customer view, the conversion funnel).
    index("leads_customer_id_idx").on(table.customerId),
    uniqueIndex("leads_site_receipt_number_key").on(table.site, table.receiptNumber),
  ],
);

/**
 * Text messages waiting to be sent, written in the lead's transaction. One worker at a time
 * holds a row (`status` "sending" until `lockedUntil`); see app/.server/outbox/worker.ts.
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
    /** What the console shows: a bearer link in the text (an invitation, a booking's page) is masked. */
    body: text().notNull(),
    /** The text as sent, sealed (app/.server/sealed.ts), when `body` masks a link: only the worker opens it. */
    sealedBody: text(),
    status: varchar({ length: 16 }).$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: varchar({ length: 64 }),
    lockedUntil: timestamp({ withTimezone: true }),
    provider: varchar({ length: 16 }),
    providerMessageId: varchar({ length: 128 }),
    /** The provider's answer (or the error) of the last attempt, as text. */
    lastResponse: text(),
    /** Advertising content: "(광고)", the sender and the opt-out number, held 21:00–08:00, only with marketing consent. */
    advertising: boolean().notNull().default(false),
    /** The person on the team who wrote it (a manual text), or null. */
    sentBy: integer().references(() => admins.id, { onDelete: "set null" }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** How it goes (or went): 알림톡, SMS or LMS. A fallback from 알림톡 is a text with `fallbackReason` set. */
    channel: varchar({ length: 16 }).$type<MessageChannel>().notNull().default("sms"),
    /** The approved 알림톡 template its text matched (app/.server/sms/templates.ts), kept after a fallback. */
    templateId: integer().references(() => messageTemplates.id, { onDelete: "set null" }),
    /** Why a message meant for 알림톡 went as a text. */
    fallbackReason: varchar({ length: 32 }).$type<AlimtalkFallbackReason>(),
    /** The provider's delivery report: received or failed; null while none has come. */
    receiptState: varchar({ length: 16 }).$type<ReceiptState>(),
    /** The provider's status code of that report (SOLAPI's "4000", "3059" …); the console words it. */
    receiptCode: varchar({ length: 16 }),
    /** The provider's own words for the report, kept for a code the console does not know. */
    receiptMessage: varchar({ length: 300 }),
    receiptAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index("sms_outbox_status_next_attempt_at_idx").on(table.status, table.nextAttemptAt),
    // Receipts arrive by the provider's message id (webhook, polling).
    index("sms_outbox_provider_message_id_idx").on(table.providerMessageId),
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
 * What else happened to a lead (LEAD_EVENT_KINDS): assignments, texts from the team, its visit
 * marked, cancelled or moved, its day closed. With the status changes, notes and texts it makes the
 * lead's and the customer's history. `actorEmail` names the person (null: the customer or the system).
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: varchar({ length: 24 }).$type<LeadEventKind>().notNull(),
    actorId: integer().references(() => admins.id, { onDelete: "set null" }),
    actorEmail: varchar({ length: 254 }),
    /** What the entry needs to be read: an assignee's id and name, a booking's from/to status, an outbox id. Never a phone number. */
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_events_lead_id_created_at_idx").on(table.leadId, table.createdAt)],
);

/**
 * Every contact a counsellor had (or tried) with a lead's customer: a call and its result, a text, a
 * talk at the model house. The inbox counts them; the team's performance is read from them.
 */
export const leadContacts = pgTable(
  "lead_contacts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull(),
    /** The person on the team who made the contact. */
    actorId: integer().references(() => admins.id, { onDelete: "set null" }),
    channel: varchar({ length: 16 }).$type<ContactChannel>().notNull(),
    result: varchar({ length: 16 }).$type<ContactResult>().notNull(),
    note: varchar({ length: 300 }).notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lead_contacts_lead_id_created_at_idx").on(table.leadId, table.createdAt),
    index("lead_contacts_site_created_at_idx").on(table.site, table.createdAt),
  ],
);

/**
 * Numbers a site refuses (pranks, abuse): their submissions are stored as spam without a text, and
 * no campaign reaches them.
 */
export const blockedPhones = pgTable(
  "blocked_phones",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    reason: varchar({ length: 200 }).notNull().default(""),
    createdBy: integer().references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("blocked_phones_site_phone_key").on(table.site, table.phone)],
);

/**
 * The marketing-consent ledger (app/.server/consent/ledger.ts): every consent to advertising texts,
 * every withdrawal and every two-year reconfirmation notice of a phone at a site, never updated.
 * The standing itself stays on `leads.marketingConsentAt` and `customers.marketingOptOutAt`, written
 * in the same transaction as the row.
 */
export const marketingConsentEvents = pgTable(
  "marketing_consent_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    kind: varchar({ length: 24 }).$type<ConsentEventKind>().notNull(),
    /** How it was given or withdrawn; null for a reconfirmation notice (the server sends it). */
    via: varchar({ length: 16 }).$type<ConsentChannel>(),
    /** The lead whose form carried the consent. */
    leadId: integer().references(() => leads.id, { onDelete: "set null" }),
    /** The person on the team who recorded it from the console. */
    actorId: integer().references(() => admins.id, { onDelete: "set null" }),
    /** The text that told the person: a withdrawal's confirmation, the reconfirmation notice. */
    outboxId: integer().references(() => smsOutbox.id, { onDelete: "set null" }),
    /** A reconfirmation notice: the consent (or the previous notice) whose two years it marks; unique, so it is sent once. */
    followsId: integer().references((): AnyPgColumn => marketingConsentEvents.id, { onDelete: "cascade" }),
    /** When it happened (an 080 list's own date for its withdrawals). */
    at: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("marketing_consent_events_site_phone_at_idx").on(table.site, table.phone, table.at),
    uniqueIndex("marketing_consent_events_follows_id_key").on(table.followsId),
  ],
);

/**
 * An 080 opt-out list uploaded to the console, kept between its preview and its application (rows
 * of numbers and dates as read); applying it empties `entries` and keeps the counts.
 */
export const optOutLists = pgTable(
  "opt_out_lists",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    fileName: varchar({ length: 200 }).notNull(),
    entries: jsonb().$type<OptOutListEntry[]>().notNull(),
    uploadedBy: integer().references(() => admins.id, { onDelete: "set null" }),
    appliedAt: timestamp({ withTimezone: true }),
    /** What applying it did: withdrawals recorded, numbers already withdrawn, rows skipped. */
    summary: jsonb().$type<Record<string, number>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("opt_out_lists_site_created_at_idx").on(table.site, table.createdAt)],
);

/** One row of an uploaded 080 list as read: its line, the number (digits) and date, or why it cannot be used. */
export interface OptOutListEntry {
  line: number;
  /** The number and the date as written, for the preview. */
  raw: string;
  rawDate?: string;
  phone: string | null;
  /** ISO instant. */
  at: string | null;
  problem: "bad-number" | "bad-date" | "future-date" | null;
}

/** A site's console settings: round-robin assignment of new leads among its active counsellors. */
export const consoleSettings = pgTable("console_settings", {
  site: varchar({ length: 64 }).primaryKey(),
  roundRobin: boolean().notNull().default(false),
  /** The counsellor the last new lead went to; among equals the next goes to the one after (by id). */
  lastAutoAssigneeId: integer().references(() => admins.id, { onDelete: "set null" }),
  /** The pass of the last automatic turn: someone back from a day off starts here, not with a backlog of turns. */
  assignClock: integer().notNull().default(0),
  /** Leads assigned and left untouched this many days go back to the unassigned inbox; null: never. */
  recycleAfterDays: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** 출근/퇴근: the latest a person marked on a site on a Korean day. No row: available, as before anyone marked. */
export const staffDuty = pgTable(
  "staff_duty",
  {
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull(),
    day: date({ mode: "string" }).notNull(),
    onDuty: boolean().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.site, table.day] })],
);

/** A day a manager gave a person off on a site: automatic assignment passes them over that day. */
export const staffDaysOff = pgTable(
  "staff_days_off",
  {
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull(),
    day: date({ mode: "string" }).notNull(),
    createdBy: integer().references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.site, table.day] })],
);

/** A counsellor's request to hand a customer to someone else, and the manager's answer. */
export const leadTransfers = pgTable(
  "lead_transfers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fromId: integer().references(() => admins.id, { onDelete: "set null" }),
    toId: integer().references(() => admins.id, { onDelete: "set null" }),
    reason: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 16 }).$type<TransferStatus>().notNull().default("requested"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer().references(() => admins.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index("lead_transfers_site_status_idx").on(table.site, table.status), index("lead_transfers_lead_id_idx").on(table.leadId)],
);

/** The last receipt number given on a site's Korean day: raised in each lead's transaction, so numbers never repeat. */
export const receiptCounters = pgTable(
  "receipt_counters",
  {
    site: varchar({ length: 64 }).notNull(),
    day: date({ mode: "string" }).notNull(),
    last: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.site, table.day] })],
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
 * under the slot's row lock (app/.server/visits/booking.ts), so the count is the only truth.
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
    /** Who cancelled it in the console; null with `cancelledAt` set: the customer, by their link. */
    cancelledBy: integer().references(() => admins.id, { onDelete: "set null" }),
    reminderQueuedAt: timestamp({ withTimezone: true }),
    /** The reminder hours before the visit, on its day (visit_settings.sameDayReminderHours). */
    sameDayReminderQueuedAt: timestamp({ withTimezone: true }),
    /** The text after a missed visit offering a new time: once per booking, however often it is marked. */
    noShowQueuedAt: timestamp({ withTimezone: true }),
    /** When the visitor was last sent this booking's time (made or moved); a reminder due before it is not sent. Null: `createdAt`. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** 방문 인원: how many come (1 to the pack's `maxPartySize`); a place each when the site counts people. */
    partySize: integer().notNull().default(1),
    /** A keyed hash of the address a visitor booked from (spam.ts clientKey), or null when the office made it: bursts count these. */
    sourceKey: varchar({ length: 32 }),
    /** Why the booking waits for review (a burst), or null; it stays set once reviewed, for the history. */
    review: varchar({ length: 16 }).$type<BookingReviewReason>(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => admins.id, { onDelete: "set null" }),
  },
  (table) => [
    index("visit_bookings_slot_id_status_idx").on(table.slotId, table.status),
    index("visit_bookings_site_phone_idx").on(table.site, table.phone),
    // The burst detector counts a site's bookings of the last minutes.
    index("visit_bookings_site_created_at_idx").on(table.site, table.createdAt),
    uniqueIndex("visit_bookings_link_token_key").on(table.linkToken),
  ],
);

/** How a site's visit schedule counts and reminds, set on /admin/visits. No row: the defaults. */
export const visitSettings = pgTable("visit_settings", {
  site: varchar({ length: 64 }).primaryKey(),
  /** What a slot's capacity counts: bookings ("groups") or visitors ("people"). */
  capacityUnit: varchar({ length: 8 }).$type<CapacityUnit>().notNull().default("groups"),
  /** How long a freed place is held for the person on the waitlist it is offered to. */
  holdMinutes: integer().notNull().default(30),
  /** The reminder this many hours before the visit, on its day; 0: none. */
  sameDayReminderHours: integer().notNull().default(2),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A visitor waiting for a full time (대기 신청). A freed place is offered to the first in line it
 * fits, held for them until `offerExpiresAt`, under the slot's row lock (app/.server/visits/waitlist.ts);
 * claiming it books the visit as the form does. Rows stay after they leave the line, for the history.
 */
export const visitWaitlist = pgTable(
  "visit_waitlist",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    slotId: integer()
      .notNull()
      .references(() => visitSlots.id, { onDelete: "cascade" }),
    name: varchar({ length: 50 }).notNull(),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    partySize: integer().notNull().default(1),
    status: varchar({ length: 16 }).$type<WaitlistStatus>().notNull().default("waiting"),
    /** The key of the entry's personal page (/{site}/waitlist/{linkToken}): its place in line, the offer, the claim. */
    linkToken: varchar({ length: 40 }).notNull(),
    /** The consent text's version the visitor agreed to, and whether they ticked the advertising box: the lead a claim makes keeps them. */
    consentVersion: varchar({ length: 32 }).notNull(),
    marketingConsent: boolean().notNull().default(false),
    /** A keyed hash of the address it came from (spam.ts clientKey). */
    sourceKey: varchar({ length: 32 }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    offeredAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    /** When it left the line: claimed, passed or withdrawn. */
    closedAt: timestamp({ withTimezone: true }),
    /** Who withdrew it in the console; null with status withdrawn: the visitor, by their link. */
    withdrawnBy: integer().references(() => admins.id, { onDelete: "set null" }),
    /** The booking a claim made. */
    bookingId: integer().references(() => visitBookings.id, { onDelete: "set null" }),
  },
  (table) => [
    index("visit_waitlist_slot_id_status_idx").on(table.slotId, table.status),
    uniqueIndex("visit_waitlist_link_token_key").on(table.linkToken),
    uniqueIndex("visit_waitlist_slot_id_phone_active_key")
      .on(table.slotId, table.phone)
      .where(sql`status in ('waiting', 'offered')`),
    index("visit_waitlist_site_phone_idx").on(table.site, table.phone),
  ],
);

// --- Access records (개인정보 접속기록): who looked at or did what to whose data, tamper-evident ---

/**
 * One row per console action that shows or touches personal data, and per change of access
 * rights. Each row's hash covers the row and the previous row's hash, so altering or removing a
 * row breaks the chain from there on (`npm run audit:verify`). Leads are named by id only, so the
 * retention purge still destroys the personal data; the records outlive it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    site: varchar({ length: 64 }).notNull(),
    adminId: integer().references(() => admins.id, { onDelete: "restrict" }),
    /** The account's email and role when it acted, as they were. */
    adminEmail: varchar({ length: 254 }).notNull(),
    role: varchar({ length: 16 }).notNull(),
    clientAddress: varchar({ length: 64 }).notNull(),
    action: varchar({ length: 40 }).$type<AuditAction>().notNull(),
    /** Which chain the record is in: access rights are kept three years, other records AUDIT_RETENTION_DAYS. */
    chain: varchar({ length: 16 }).$type<AuditChain>().notNull(),
    /** The leads the action showed or touched. */
    leadIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** What else the record needs (an export's reason and columns, a role's before and after), never a name or number. */
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    prevHash: varchar({ length: 64 }).notNull(),
    hash: varchar({ length: 64 }).notNull(),
    /** How `hash` was made: keyed (HMAC) since the key was introduced; plain SHA-256 before. */
    algorithm: varchar({ length: 16 }).$type<AuditHashAlgorithm>().notNull().default("sha256"),
  },
  (table) => [
    index("audit_log_site_at_idx").on(table.site, table.at),
    index("audit_log_admin_id_at_idx").on(table.adminId, table.at),
    index("audit_log_action_at_idx").on(table.action, table.at),
    index("audit_log_chain_id_idx").on(table.chain, table.id),
  ],
);

/**
 * Where each chain starts and ends: the hash its oldest kept record follows (the retention purge
 * moves it forward) and its newest record, so removing the last records is noticed too.
 */
export const auditChains = pgTable("audit_chains", {
  name: varchar({ length: 16 }).$type<AuditChain>().primaryKey(),
  startHash: varchar({ length: 64 }).notNull(),
  headId: integer().notNull().default(0),
  headHash: varchar({ length: 64 }).notNull(),
});

/** The owner's monthly review of the access records and downloads: who reviewed which month, when. */
export const auditReviews = pgTable(
  "audit_reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    /** "2026-11". */
    month: varchar({ length: 7 }).notNull(),
    reviewedBy: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "restrict" }),
    reviewedAt: timestamp({ withTimezone: true }).notNull(),
    note: varchar({ length: 500 }).notNull().default(""),
  },
  (table) => [uniqueIndex("audit_reviews_site_month_key").on(table.site, table.month)],
);

// --- What the office edits without a developer (issue #18): settings, uploads, popups, schedule ---

/** Bytes as Postgres stores them; Node reads them as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A site's overrides of its content pack's values (phone numbers, hours, tag ids …), by field
 * name: the pack stays the structure and the defaults. `version` goes up with every change to
 * anything the public pages show from the database (settings, popups, schedule, documents), so a
 * cache anywhere can tell it is stale.
 */
export const siteSettings = pgTable("site_settings", {
  site: varchar({ length: 64 }).primaryKey(),
  values: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  version: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer().references(() => admins.id, { onDelete: "set null" }),
});

/** Every change of a setting: who, when, before → after (null: the pack's default); a revert is another change. */
export const siteSettingChanges = pgTable(
  "site_setting_changes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    field: varchar({ length: 64 }).notNull(),
    before: jsonb(),
    after: jsonb(),
    actorId: integer().references(() => admins.id, { onDelete: "set null" }),
    actorEmail: varchar({ length: 254 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("site_setting_changes_site_created_at_idx").on(table.site, table.createdAt)],
);

/**
 * Files the office uploads (popup images and their AVIF/WebP variants, PDFs), in the database so
 * every instance serves them. A variant points at its original (`parentId`).
 */
export const uploads = pgTable(
  "uploads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    parentId: integer(),
    /** "original", or the variant: "avif-800", "webp-800" … */
    variant: varchar({ length: 24 }).notNull().default("original"),
    fileName: varchar({ length: 200 }).notNull(),
    mimeType: varchar({ length: 64 }).notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    /** SHA-256 of the bytes, hex: the ETag, and part of the public URL so a changed file is a new URL. */
    sha256: varchar({ length: 64 }).notNull(),
    bytes: bytea().notNull(),
    createdBy: integer().references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("uploads_site_idx").on(table.site), index("uploads_parent_id_idx").on(table.parentId)],
);

/**
 * An uploaded image waiting for its processing (app/.server/content/image-jobs.ts): until the row
 * is gone the upload holds the bytes as received and is served to nobody. Workers on every
 * instance claim rows with FOR UPDATE SKIP LOCKED and a lease; a lease that runs out is claimed again.
 */
export const imageJobs = pgTable(
  "image_jobs",
  {
    uploadId: integer()
      .primaryKey()
      .references(() => uploads.id, { onDelete: "cascade" }),
    site: varchar({ length: 64 }).notNull(),
    status: varchar({ length: 16 }).$type<ImageJobStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lockedBy: varchar({ length: 64 }),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Why the last attempt failed, for the log and the operator (the console says it in Korean). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("image_jobs_status_idx").on(table.status, table.createdAt)],
);

/** A notice popup: shown between `startsAt` and `endsAt` (KST as entered), in `sortOrder`, on the devices named. */
export const noticePopups = pgTable(
  "notice_popups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    title: varchar({ length: 100 }).notNull(),
    body: text().notNull().default(""),
    imageUploadId: integer().references(() => uploads.id, { onDelete: "set null" }),
    linkUrl: varchar({ length: 500 }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    sortOrder: integer().notNull().default(0),
    /** "all", "desktop" or "phone". */
    devices: varchar({ length: 16 }).notNull().default("all"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("notice_popups_site_ends_at_idx").on(table.site, table.endsAt)],
);

/** The subscription schedule (분양 일정): 특별공급, 1순위, 2순위, 당첨자 발표, 계약 … */
export const scheduleEntries = pgTable(
  "schedule_entries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    title: varchar({ length: 100 }).notNull(),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }),
    note: varchar({ length: 300 }).notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("schedule_entries_site_starts_on_idx").on(table.site, table.startsOn)],
);

/**
 * A Kakao 알림톡 template the office registered with Kakao (through SOLAPI) and copied here: its
 * code (SOLAPI's templateId), the purpose it serves, the exact approved text with `#{변수}` and its
 * buttons. A message goes as 알림톡 only when its text is this text with the purpose's values filled in.
 */
export const messageTemplates = pgTable(
  "message_templates",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    code: varchar({ length: 64 }).notNull(),
    purpose: varchar({ length: 16 }).$type<AlimtalkPurpose>().notNull(),
    body: text().notNull(),
    /** [{ name, link }]: the approved buttons (web links), shown in the preview. */
    buttons: jsonb().$type<{ name: string; link: string }[]>().notNull().default([]),
    status: varchar({ length: 16 }).$type<TemplateStatus>().notNull().default("approved"),
    createdBy: integer().references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("message_templates_site_code_idx").on(table.site, table.code),
    index("message_templates_site_purpose_idx").on(table.site, table.purpose),
  ],
);

/**
 * A campaign text (app/.server/campaigns/): advertising to everyone of the site with a live
 * marketing consent who matches `audience`, sent in batches through the outbox.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    title: varchar({ length: 100 }).notNull(),
    /** What the office wrote; "(광고)", the sender and the opt-out line are added when it is sent. */
    body: text().notNull(),
    /** The filters (app/forms/campaigns.ts CampaignAudience). */
    audience: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: varchar({ length: 16 }).$type<CampaignStatus>().notNull().default("draft"),
    /** How many the audience counted when the office confirmed the send. */
    audienceCount: integer().notNull().default(0),
    /** Left out when sending began or during it: withdrew their consent, or their number was blocked. */
    skippedCount: integer().notNull().default(0),
    /** When its first batch may go (the chosen time, held to 08:00 KST). */
    sendAt: timestamp({ withTimezone: true }),
    /** The unit prices (₩ per message) when it was sent, so its cost does not change with later prices. */
    smsPrice: integer(),
    lmsPrice: integer(),
    createdBy: integer().references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index("campaigns_site_created_at_idx").on(table.site, table.createdAt), index("campaigns_status_idx").on(table.status)],
);

/** One person a campaign goes to (one per phone), and the outbox message that carries it. */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Digits only. */
    phone: varchar({ length: 16 }).notNull(),
    /**
     * The newest consenting lead of that phone: the text shows in its history. Destroying the lead
     * (the bin, the retention period) takes this row, and the number in it, along.
     */
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    state: varchar({ length: 16 }).$type<CampaignRecipientState>().notNull().default("waiting"),
    outboxId: integer().references(() => smsOutbox.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("campaign_recipients_campaign_phone_key").on(table.campaignId, table.phone),
    index("campaign_recipients_campaign_state_idx").on(table.campaignId, table.state),
    index("campaign_recipients_outbox_id_idx").on(table.outboxId),
  ],
);

/** What the office pays its text provider per message, for a campaign's estimated and actual cost. */
export const campaignPrices = pgTable("campaign_prices", {
  site: varchar({ length: 64 }).primaryKey(),
  /** ₩ per SMS (90 bytes). */
  smsPrice: integer().notNull(),
  /** ₩ per LMS (2,000 bytes). */
  lmsPrice: integer().notNull(),
  updatedBy: integer().references(() => admins.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A channel the office buys visitors from (issue #31: Naver, Meta, a partner agency's DB), as the
 * visit's attribution names it: its utm_source, and its utm_campaign when the channel is one campaign
 * ("" matches any). Both kept lower-case; a visit matching a campaign's channel is that channel's,
 * not its source's. Its own phone number replaces the site's for its visitors (app/.server/channels/).
 */
export const channels = pgTable(
  "channels",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    utmSource: varchar({ length: 100 }).notNull(),
    utmCampaign: varchar({ length: 100 }).notNull().default(""),
    /** Digits; "" when the channel's visitors see the site's own number. */
    phone: varchar({ length: 16 }).notNull().default(""),
    /** Mobile numbers (digits) also texted each new lead of the channel, besides the site's staff recipients. */
    alertRecipients: varchar({ length: 16 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("channels_site_source_campaign_key").on(table.site, table.utmSource, table.utmCampaign)],
);

/** What the office spent on a channel in a month (KST, "2026-11"), in won. */
export const channelSpend = pgTable(
  "channel_spend",
  {
    channelId: integer()
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    month: varchar({ length: 7 }).notNull(),
    amount: integer().notNull(),
    updatedBy: integer().references(() => admins.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.channelId, table.month] })],
);

/**
 * Taps on tel: links, counted per site, channel (0: a visitor of no channel), page and KST day.
 * Counts only: nothing of the visitor is kept.
 */
export const channelCalls = pgTable(
  "channel_calls",
  {
    site: varchar({ length: 64 }).notNull(),
    channelId: integer().notNull(),
    path: varchar({ length: 200 }).notNull(),
    day: date({ mode: "string" }).notNull(),
    taps: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.site, table.channelId, table.path, table.day] })],
);

/**
 * A site's 분양가 table, 납부 일정 and 중도금 loan terms (app/utils/payment-plan.ts's PriceSheet):
 * the office's saved draft, and what the public page (/SalesInfo/price) shows once published.
 * Every save, publication and withdrawal is an access record (`prices.change`).
 */
export const priceSheets = pgTable("price_sheets", {
  site: varchar({ length: 64 }).primaryKey(),
  draft: jsonb().$type<PriceSheet>().notNull(),
  savedBy: integer().references(() => admins.id, { onDelete: "set null" }),
  savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Null: nothing on the site (never published, or withdrawn). */
  published: jsonb().$type<PriceSheet>(),
  publishedBy: integer().references(() => admins.id, { onDelete: "set null" }),
  publishedAt: timestamp({ withTimezone: true }),
});

// --- The unit inventory (동호수): the board the office sells from (app/.server/units/) ---

/**
 * One unit of a site: 동, 층 and 호 line, its type (the pack's key) and optional price. A hold is
 * `status` "held" until `heldUntil`; past it the unit is for sale again without anyone writing it
 * (units/board.ts reads the status that way), and a hold is only ever taken by one conditional
 * UPDATE, so two counsellors never hold one unit.
 */
export const units = pgTable(
  "units",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    /** 동, as the office writes it: "101". */
    building: varchar({ length: 16 }).notNull(),
    floor: integer().notNull(),
    /** 호 line: 3 for 1203호. */
    line: integer().notNull(),
    typeKey: varchar({ length: 16 }).notNull(),
    /** 분양가 in 원, when the office gives units their own price. */
    price: bigint({ mode: "number" }),
    status: varchar({ length: 16 }).$type<UnitStatus>().notNull().default("available"),
    /** The lead a hold (or a sale) is for; the counsellor who holds it; until when. */
    leadId: integer().references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    heldBy: integer().references(() => admins.id, { onDelete: "set null" }),
    heldUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("units_site_building_floor_line_key").on(table.site, table.building, table.floor, table.line),
    index("units_lead_id_idx").on(table.leadId),
  ],
);

/** Every change to a unit, oldest first: who, what kind, status before and after, for which lead. */
export const unitChanges = pgTable(
  "unit_changes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    kind: varchar({ length: 24 }).$type<UnitChangeKind>().notNull(),
    fromStatus: varchar({ length: 16 }).$type<UnitStatus>(),
    toStatus: varchar({ length: 16 }).$type<UnitStatus>().notNull(),
    leadId: integer().references(() => leads.id, { onDelete: "set null" }),
    actorId: integer().references(() => admins.id, { onDelete: "set null" }),
    actorEmail: varchar({ length: 254 }).notNull(),
    /** What else the change needs to be read or undone: type and price before/after, the lead's status before a sale. */
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("unit_changes_unit_id_idx").on(table.unitId)],
);

/** A site's inventory settings: hold length, where the public remaining-units line comes from, the public page. */
export const unitSettings = pgTable("unit_settings", {
  site: varchar({ length: 64 }).primaryKey(),
  holdHours: integer().notNull().default(24),
  remainingSource: varchar({ length: 16 }).$type<RemainingUnitsSource>().notNull().default("manual"),
  publicPage: boolean().notNull().default(false),
  /** The public page lists the remaining units by number (otherwise counts only). */
  publicUnitNumbers: boolean().notNull().default(true),
  publicPrices: boolean().notNull().default(false),
  updatedBy: integer().references(() => admins.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
