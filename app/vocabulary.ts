/**
 * The closed sets of words the database stores, each declared once. The schema types its
 * columns with them, the forms build their Zod enums from them, and the Korean labels are
 * `Record`s over them, so a new value is one edit here and the type checker lists the rest.
 */

export const LEAD_KINDS = ["interest", "visit", "inquiry"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * A lead's status as staff set it; "visited" is also set by marking its visit attended, "contracted"
 * counts as a conversion, "spam" also marks the lead as spam (it leaves the inbox and the counts).
 */
export const LEAD_STATUSES = ["new", "contacted", "visited", "contracted", "closed", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Why the spam check flagged a lead: a filled honeypot, a form sent too soon after it was handed
 * out, a missing, forged or other form's token, an expired token, a token already spent, or a
 * number on the site's blocklist.
 */
export const SPAM_REASONS = ["honeypot", "too-fast", "no-token", "expired", "replayed", "blocked"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/**
 * What a text message is for: a customer's confirmation or reminder, a note to staff, a staff
 * invitation, a text a person on the team wrote to a customer, a visitor told their day was closed,
 * a visitor told their own cancellation went through, a customer told their withdrawal from
 * advertising went through ("opt-out"), a customer reminded every two years of their consent to it,
 * a campaign text (advertising) and its test send to the sender's own phone; a booking's reminder
 * hours before on the day, the word after a missed visit offering a new time, and a waitlist's
 * texts (joined; a place is held for you).
 */
export const SMS_PURPOSES = [
  "confirmation",
  "staff",
  "reminder",
  "invitation",
  "manual",
  "day-closed",
  "visit-cancelled",
  "opt-out",
  "reconfirmation",
  "campaign",
  "campaign-test",
  "reminder-today",
  "no-show",
  "waitlist-joined",
  "waitlist-offer",
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/**
 * Where a text message is in the outbox. "withdrawn": its booking was cancelled (or its lead marked as spam) before it went
 * out; "held": over the site's text budget, never sent (the lead is kept).
 */
/**
 * How a text message travels: a Kakao 알림톡 (an approved template of the site's Kakao channel),
 * or a text message, short (SMS, 90 bytes) or long (LMS). Advertising never goes as 알림톡.
 */
export const MESSAGE_CHANNELS = ["alimtalk", "sms", "lms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Why a message meant for 알림톡 went as a text instead: its filled text differed from the approved
 * template, the site's channel or template was gone by sending time, the provider refused the
 * 알림톡, or the phone could not receive it and the provider sent the text in its place.
 */
export const ALIMTALK_FALLBACK_REASONS = ["template-mismatch", "alimtalk-unavailable", "alimtalk-refused", "alimtalk-failed"] as const;
export type AlimtalkFallbackReason = (typeof ALIMTALK_FALLBACK_REASONS)[number];

/** What the provider's delivery report said about a sent message; none yet while it is on its way. */
export const RECEIPT_STATES = ["delivered", "failed"] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** A registered 알림톡 template: in use, or retired (kept so sent messages still name it). */
export const TEMPLATE_STATUSES = ["approved", "retired"] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** The purposes whose wording is fixed by the content pack, so an approved 알림톡 template can match it. */
export const ALIMTALK_PURPOSES = [
  "confirmation",
  "reminder",
  "day-closed",
  "visit-cancelled",
  "staff",
  "reminder-today",
  "no-show",
  "waitlist-joined",
  "waitlist-offer",
] as const satisfies readonly SmsPurpose[];
export type AlimtalkPurpose = (typeof ALIMTALK_PURPOSES)[number];

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "withdrawn", "held"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Where an uploaded image's processing is (the stripped original and its AVIF/WebP variants, made
 * off the request path): waiting for a worker, being worked on, or given up after its attempts
 * (the console offers to try again). A finished job is deleted: an upload without one is ready.
 */
export const IMAGE_JOB_STATUSES = ["pending", "working", "failed"] as const;
export type ImageJobStatus = (typeof IMAGE_JOB_STATUSES)[number];

/**
 * Why a lead's texts were held back (content pack, leads.textBudget): the phone's daily budget on
 * this site, or the site's hourly ceiling on confirmations of new leads ("site-hourly"; only
 * confirmations count against it, so visitor traffic never holds anyone else's texts).
 */
export const TEXT_HOLD_REASONS = ["phone-daily", "site-hourly"] as const;
export type TextHoldReason = (typeof TEXT_HOLD_REASONS)[number];

export const BOOKING_STATUSES = ["booked", "visited", "no_show", "cancelled", "moved"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Why a booking waits for the office's review: it came in a wave of bookings on the site, or from
 * one address (app/.server/visits/bursts.ts). It holds its place until a manager clears it or
 * marks the wave as spam.
 */
export const BOOKING_REVIEW_REASONS = ["site-burst", "address-burst"] as const;
export type BookingReviewReason = (typeof BOOKING_REVIEW_REASONS)[number];

/** Bookings that hold a place in their slot: a visited or no-show booking still used it. */
export const PLACE_HOLDING_STATUSES = ["booked", "visited", "no_show"] as const satisfies readonly BookingStatus[];
/** What staff may mark a place-holding booking as. */
export type AttendanceStatus = (typeof PLACE_HOLDING_STATUSES)[number];

/**
 * What a slot's capacity counts, per site: each booking one place ("groups"), or each visitor
 * ("people": a party of three takes three).
 */
export const CAPACITY_UNITS = ["groups", "people"] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

/**
 * Where a place on a full time's waitlist stands: waiting in line; offered a freed place, held for
 * it until the offer's deadline; claimed (booked); passed (the hold ran out or was given up, and
 * went to the next); withdrawn (by the visitor or the office).
 */
export const WAITLIST_STATUSES = ["waiting", "offered", "claimed", "passed", "withdrawn"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Entries still in line for their time: one per phone per time. */
export const WAITLIST_ACTIVE_STATUSES = ["waiting", "offered"] as const satisfies readonly WaitlistStatus[];

/** Why a counsellor's open leads went back to the unassigned inbox (app/.server/leads/handed-back.ts): their account was disabled, or they were taken off the site. */
export const HAND_BACK_REASONS = ["disabled", "left-site"] as const;
export type HandBackReason = (typeof HAND_BACK_REASONS)[number];

/**
 * What else happened to a lead, besides its status changes and notes (their own tables): who it was
 * assigned to, a text from the team, its visit marked, cancelled or moved, its day closed, a contact
 * logged (its row in lead_contacts), its 가망 등급 or next contact time set.
 */
export const LEAD_EVENT_KINDS = [
  "assigned",
  "text-sent",
  "visit-marked",
  "visit-booked",
  "visit-cancelled",
  "visit-moved",
  "day-closed",
  "resubmitted",
  "contact",
  "graded",
  "follow-up",
  "transferred",
  "recycled",
  "handed-back",
  "customer-merged",
  "imported",
  "unit",
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

/**
 * How a counsellor reached (or tried to reach) a customer: a call they made or took, a text, a
 * consultation at the model house, a KakaoTalk chat.
 */
export const CONTACT_CHANNELS = ["call-out", "call-in", "text", "visit", "kakao"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** What came of a contact: talked, no answer, asked to be called back, a wrong number, not interested. */
export const CONTACT_RESULTS = ["reached", "no-answer", "call-back", "wrong-number", "not-interested"] as const;
export type ContactResult = (typeof CONTACT_RESULTS)[number];

/**
 * What the marketing-consent ledger records of a phone at a site: a consent to advertising texts, a
 * withdrawal of it, and the two-year reconfirmation notice (정보통신망법 §50⑧) sent about a consent.
 */
export const CONSENT_EVENT_KINDS = ["consent", "withdrawal", "reconfirmation-notice"] as const;
export type ConsentEventKind = (typeof CONSENT_EVENT_KINDS)[number];

/**
 * How a consent was given or withdrawn: the optional box of a lead form, a list the office imported
 * with a consent column it vouched for, the console (someone on the team, told by the customer), the
 * 080 service's opt-out list uploaded to the console, the personal opt-out link of a text, a reply to a
 * text, or another number of the same customer (a refusal holds for the person:
 * app/.server/consent/ledger.ts).
 */
export const CONSENT_CHANNELS = ["form", "import", "console", "080-list", "link", "reply", "other-number"] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * Where a campaign text is: being written, waiting for its time, moving its recipients into the
 * outbox in batches, stopped by the office (resumable), every recipient handled, or called off.
 */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "done", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * One recipient of a campaign: waiting for a batch, in the outbox (what became of the text is the
 * outbox row's), left out at sending time (no live consent any more, or a blocked number), or not
 * sent because the campaign was cancelled.
 */
export const CAMPAIGN_RECIPIENT_STATES = ["waiting", "queued", "skipped", "cancelled"] as const;
export type CampaignRecipientState = (typeof CAMPAIGN_RECIPIENT_STATES)[number];

/** How likely a customer is to buy, as their counsellor judges it (가망 등급); each site words them (content pack, leads.grades). */
export const LEAD_GRADES = ["A", "B", "C", "D"] as const;
export type LeadGrade = (typeof LEAD_GRADES)[number];

/** A counsellor's request to hand a customer over: waiting for a manager, approved (moved) or declined. */
export const TRANSFER_STATUSES = ["requested", "approved", "declined"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * Why the people of an imported list may be on it (the office declares it for the whole file): they
 * asked an ad agency's form for a consultation, signed the model house's visitors' book, agreed on
 * a recorded call, or entered an event. None of these is consent to advertising texts.
 */
export const IMPORT_CONSENT_BASES = ["agency-form", "visitor-book", "phone-call", "event-entry"] as const;
export type ImportConsentBasis = (typeof IMPORT_CONSENT_BASES)[number];

/** What keeps a row of an imported list out: no name, a number that is not a mobile one, a customer the site has, a repeat within the file. */
export const IMPORT_PROBLEMS = ["missing-name", "bad-name", "bad-phone", "existing-customer", "repeated-in-file"] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

/**
 * Where a unit of the inventory (동호수) stands: for sale, held for a customer by a counsellor
 * (상담 중, until its hold runs out), sold (계약 완료), or kept off the board's figures (비공개).
 */
export const UNIT_STATUSES = ["available", "held", "contracted", "hidden"] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Why a unit's hold was let go with its lead (app/.server/units/release.ts): the lead was moved to the bin, or marked as spam. */
export const HOLD_RELEASE_REASONS = ["lead-deleted", "lead-spam"] as const;
export type HoldReleaseReason = (typeof HOLD_RELEASE_REASONS)[number];

/** What happened to a unit: brought in or updated by an import, edited, held, its hold released, sold, its sale undone. */
export const UNIT_CHANGE_KINDS = ["imported", "edited", "held", "released", "contracted", "contract-undone"] as const;
export type UnitChangeKind = (typeof UNIT_CHANGE_KINDS)[number];

/** Where the public remaining-units line comes from: the board's counts, the office's typed line, or nowhere. */
export const REMAINING_UNITS_SOURCES = ["board", "manual", "off"] as const;
export type RemainingUnitsSource = (typeof REMAINING_UNITS_SOURCES)[number];

/** What keeps a row of an imported 배치표 out: no 동, a floor or 호 that is not a number, a type the site does not sell, a price or status it cannot read, a repeat. */
export const UNIT_IMPORT_PROBLEMS = [
  "missing-building",
  "bad-floor",
  "bad-line",
  "unknown-type",
  "bad-price",
  "bad-status",
  "repeated-in-file",
] as const;
export type UnitImportProblem = (typeof UNIT_IMPORT_PROBLEMS)[number];

/** The team performance page's periods: a Korean calendar day, week (Monday first) or month. */
export const PERFORMANCE_UNITS = ["day", "week", "month"] as const;
export type PerformanceUnit = (typeof PERFORMANCE_UNITS)[number];

/** Staff roles: the owner runs the office (staff, access records); managers run the sites; counsellors work their leads. */
/**
 * The 납부 일정's stages, in the order they are paid: 계약금 (in one or two parts), 중도금 회차,
 * 잔금. A price sheet's 중도금 loan terms: none declared, 이자후불제 (interest deferred to 입주),
 * 무이자 (the developer pays it).
 */
export const PAYMENT_STAGES = ["deposit", "interim", "balance"] as const;
export type PaymentStage = (typeof PAYMENT_STAGES)[number];
export const LOAN_KINDS = ["none", "deferred-interest", "interest-free"] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

/** The console's editors whose words the ad-copy check reads (app/forms/ad-copy.ts), as access records name them. */
export const AD_COPY_PLACES = ["press", "popup", "schedule", "site-settings"] as const;
export type AdCopyPlace = (typeof AD_COPY_PLACES)[number];

export const ROLES = ["owner", "manager", "counsellor"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What the access records (app/.server/audit/records.ts) say was done. Every console action that shows or
 * touches personal data writes one, and every change of access rights.
 */
export const AUDIT_ACTIONS = [
  // Signing in and out.
  "auth.sign-in",
  "auth.sign-out",
  "auth.sign-out-everywhere",
  "auth.password",
  "auth.second-factor",
  // Leads: what was shown, and what was done to them.
  "leads.list",
  "leads.search",
  "lead.view",
  "lead.reveal-phone",
  "lead.status",
  "lead.note",
  "lead.assign",
  "lead.text",
  "lead.contact",
  "lead.grade",
  "lead.follow-up",
  "customer.view",
  // Marketing consent: a withdrawal recorded from the console, an 080 opt-out list read and applied.
  "consent.withdraw",
  "consent.upload",
  "lead.delete",
  "lead.restore",
  "lead.destroy",
  "leads.export",
  "leads.import",
  "visits.view",
  "visits.change",
  "outbox.view",
  "console.settings",
  // Campaign texts: each names the campaign and its audience count.
  "campaign.create",
  "campaign.test",
  "campaign.send",
  "campaign.pause",
  "campaign.resume",
  "campaign.cancel",
  "campaign.prices",
  "lead.transfer",
  "customer.merge",
  "blocklist.change",
  "channel.change",
  "channel.spend",
  // The 분양가 table and 납부 일정: saved, published, taken off the site.
  "prices.change",
  // Published words carrying an ad-copy warning, confirmed by an owner or manager (which editor, which phrases).
  "content.ad-copy-confirm",
  // The unit inventory (동호수): its import, each unit's change (edit, hold, release, contract, undo) and its settings.
  "units.view",
  "units.import",
  "units.change",
  "units.settings",
  // Access rights.
  "staff.create",
  "staff.invite",
  "staff.role",
  "staff.sites",
  "staff.disable",
  "staff.enable",
  "staff.reset-second-factor",
  "staff.name",
  // The records themselves.
  "audit.view",
  "audit.review",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The access records keep two chains: changes of access rights, kept three years (the standard's
 * rule for them), and every other record, kept AUDIT_RETENTION_DAYS.
 */
export const AUDIT_CHAINS = ["access", "rights"] as const;
export type AuditChain = (typeof AUDIT_CHAINS)[number];

/**
 * How a record's chain hash is made: `hmac-sha256` under a key kept outside the database
 * (AUDIT_KEY, or one derived from the session secret); `sha256`, unkeyed, only for records written
 * before the key, which may only begin a chain.
 */
export const AUDIT_HASH_ALGORITHMS = ["sha256", "hmac-sha256"] as const;
export type AuditHashAlgorithm = (typeof AUDIT_HASH_ALGORITHMS)[number];

/**
 * Why an access record does not fit its chain: it does not follow the record before it, it was
 * rehashed without the key, its algorithm is unknown, its content was altered, or the chain stops
 * before its last record.
 */
export const AUDIT_CHAIN_PROBLEMS = ["broken-link", "rewritten-unkeyed", "unknown-algorithm", "altered", "cut"] as const;
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number];

/** Access-rights changes: the "rights" chain. */
export const ACCESS_RIGHTS_ACTIONS = [
  "staff.create",
  "staff.invite",
  "staff.role",
  "staff.sites",
  "staff.disable",
  "staff.enable",
  "staff.reset-second-factor",
  "staff.name",
] as const satisfies readonly AuditAction[];
