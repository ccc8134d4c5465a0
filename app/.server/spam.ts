import crypto from "node:crypto";
import type { LeadKind, SpamReason } from "#app/vocabulary.ts";
import { forgetExpiredTokens, readFormToken } from "./form-tokens.ts";
import { hmac } from "./secret.ts";
import { getEnv, type Env } from "./env.ts";
import { MIN_FILL_MS } from "#app/forms/lead.ts";
import type { TextBudget } from "./outbox/queue.ts";
import { pruneRateLimits, type RateLimitRule } from "./rate-limit.ts";
import { logError } from "./log.ts";
import { startPeriodicTask, type PeriodicTask } from "./periodic.ts";
import { BOOKING_BURSTS, type BookingBurstRules } from "./visits/bursts.ts";
import { sitePack } from "./site.ts";

/**
 * Keeping bots out of the lead forms without a captcha: a honeypot field, a minimum time between
 * rendering a form and submitting it (a signed timestamp the form carries), and per-client rate
 * limits kept in the database so that every instance counts the same hits.
 */

export interface LeadPolicy {
  rateLimits: RateLimitRule[];
  /** Whether the content pack's text budget applies (app/.server/outbox/queue.ts). */
  limitTexts: boolean;
  /** Forms submitted sooner than this after rendering are treated as bots. */
  minFillMs: number;
  /** When true, a submission without a valid form token is treated as a bot. */
  requireToken: boolean;
  /** What makes a wave of bookings a burst for the office to review; null looks for none. */
  bookingBursts: BookingBurstRules | null;
}

/** 5 a minute and 30 a day, per client and kind of form. */
export const LEAD_RATE_LIMITS: RateLimitRule[] = [
  { name: "minute", limit: 5, windowMs: 60_000 },
  { name: "day", limit: 30, windowMs: 24 * 60 * 60_000 },
];

export const STRICT_POLICY: LeadPolicy = {
  rateLimits: LEAD_RATE_LIMITS,
  limitTexts: true,
  minFillMs: MIN_FILL_MS,
  requireToken: true,
  bookingBursts: BOOKING_BURSTS,
};
/** For browser tests and load scripts: no rate limits, no text budget, no bursts, no fill time, no token needed. The honeypot still counts. */
export const RELAXED_POLICY: LeadPolicy = { rateLimits: [], limitTexts: false, minFillMs: 0, requireToken: false, bookingBursts: null };

/** LEADS_RATE_LIMIT=off (or E2E=1 without LEADS_RATE_LIMIT=on) relaxes the limits; env.ts refuses that in production. */
export function leadPolicy(env: Env = getEnv()): LeadPolicy {
  const relaxed = env.LEADS_RATE_LIMIT === "off" || (env.E2E && env.LEADS_RATE_LIMIT !== "on");
  return relaxed ? RELAXED_POLICY : STRICT_POLICY;
}

const SUBMISSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Decides whether a submission looks automated, and names it. The browser sends one
 * submission id per filled-in form and keeps it across retries, so a double click or a resent
 * request finds the lead it already made; a plain form post without one gets a fresh id
 * (its repeats are folded by phone instead, see createLead).
 */
export function classifySubmission({
  site,
  kind,
  token,
  honeypot,
  submissionId,
  policy,
  now = Date.now(),
}: {
  site: string;
  kind: LeadKind;
  token: unknown;
  honeypot: unknown;
  submissionId: unknown;
  policy: LeadPolicy;
  now?: number;
}): { submissionId: string; spam: SpamReason | null; tokenId: string | null } {
  const id = typeof submissionId === "string" && SUBMISSION_ID.test(submissionId) ? submissionId : crypto.randomUUID();
  const read = readFormToken(site, kind, token, now);
  const tokenId = read.state === "valid" ? read.id : null;
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { submissionId: id, spam: "honeypot", tokenId };
  if (read.state !== "valid") {
    return { submissionId: id, spam: policy.requireToken ? (read.state === "expired" ? "expired" : "no-token") : null, tokenId };
  }
  if (read.elapsedMs < policy.minFillMs) return { submissionId: id, spam: "too-fast", tokenId };
  return { submissionId: id, spam: null, tokenId };
}

/** The site's text budget under the current policy: its content pack's, or none when limits are relaxed. */
export function textBudgetOf(site: string, policy: LeadPolicy = leadPolicy()): TextBudget | null {
  return policy.limitTexts ? sitePack(site).leads.textBudget : null;
}

/** A client's address, keyed so that it identifies the client for rate limits but cannot be read back. */
export function clientKey(address: string): string {
  return hmac("client", address).slice(0, 32);
}

/**
 * Forgets the rate limits' ended windows and the form tokens past their lifetime, shortly after
 * boot and then hourly, on every instance (a delete that finds nothing costs nothing). A lead's
 * post did this itself one time in a hundred: a delete in the visitor's wait, and a lead whose
 * statements could not be counted (issue #32).
 */
export function startSpamRecordsPruning({ firstRunMs = 60_000, intervalMs = 60 * 60_000 } = {}): PeriodicTask {
  return startPeriodicTask({
    task: async () => {
      const now = new Date();
      await pruneRateLimits(now);
      await forgetExpiredTokens(now);
    },
    firstRunMs,
    intervalMs,
    onError: (error) => logError("Could not forget old rate-limit windows and form tokens; trying again in an hour", error),
  });
}
