import crypto from "node:crypto";
import type { LeadKind, SpamReason } from "#app/vocabulary.ts";
import { hmac, sameSecret } from "./secret.ts";
import { getEnv, type Env } from "./env.ts";
import type { RateLimitRule } from "./rate-limit.ts";

/**
 * Keeping bots out of the lead forms without a captcha: a honeypot field, a minimum time between
 * rendering a form and submitting it (a signed timestamp the form carries), and per-client rate
 * limits kept in the database so that every instance counts the same hits.
 */

export interface LeadPolicy {
  rateLimits: RateLimitRule[];
  /** Forms submitted sooner than this after rendering are treated as bots. */
  minFillMs: number;
  /** When true, a submission without a valid form token is treated as a bot. */
  requireToken: boolean;
}

/** 5 a minute and 30 a day, per client and kind of form. */
export const LEAD_RATE_LIMITS: RateLimitRule[] = [
  { name: "minute", limit: 5, windowMs: 60_000 },
  { name: "day", limit: 30, windowMs: 24 * 60 * 60_000 },
];

export const STRICT_POLICY: LeadPolicy = { rateLimits: LEAD_RATE_LIMITS, minFillMs: 2_000, requireToken: true };
/** For browser tests and load scripts: no rate limits, no fill time, no token needed. The honeypot still counts. */
export const RELAXED_POLICY: LeadPolicy = { rateLimits: [], minFillMs: 0, requireToken: false };

/** LEADS_RATE_LIMIT=off (or E2E=1 without LEADS_RATE_LIMIT=on) relaxes the limits; env.ts refuses that in production. */
export function leadPolicy(env: Env = getEnv()): LeadPolicy {
  const relaxed = env.LEADS_RATE_LIMIT === "off" || (env.E2E && env.LEADS_RATE_LIMIT !== "on");
  return relaxed ? RELAXED_POLICY : STRICT_POLICY;
}

/**
 * A token rendered into each form: when it was rendered, signed and bound to the kind of form.
 * It carries nothing personal, so a page holding one may still be cached and shared.
 */
export function issueFormToken(kind: LeadKind, now = Date.now()): string {
  const issued = now.toString(36);
  return `${issued}.${hmac(`form:${kind}`, issued).slice(0, 22)}`;
}

/** How long ago the token was rendered, or undefined for a missing, forged or other-form token. */
export function readFormToken(kind: LeadKind, token: unknown, now = Date.now()): { elapsedMs: number } | undefined {
  if (typeof token !== "string" || token.length > 64) return undefined;
  const [issued, signature] = token.split(".");
  if (!issued || !signature) return undefined;
  const expected = hmac(`form:${kind}`, issued).slice(0, 22);
  if (!sameSecret(signature, expected)) return undefined;
  const issuedAt = parseInt(issued, 36);
  return Number.isFinite(issuedAt) ? { elapsedMs: now - issuedAt } : undefined;
}

const SUBMISSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Decides whether a submission looks automated, and names it. The browser sends one
 * submission id per filled-in form and keeps it across retries, so a double click or a resent
 * request finds the lead it already made; a plain form post without one gets a fresh id
 * (its repeats are folded by phone instead, see createLead).
 */
export function classifySubmission({
  kind,
  token,
  honeypot,
  submissionId,
  policy,
  now = Date.now(),
}: {
  kind: LeadKind;
  token: unknown;
  honeypot: unknown;
  submissionId: unknown;
  policy: LeadPolicy;
  now?: number;
}): { submissionId: string; spam: SpamReason | null } {
  const id = typeof submissionId === "string" && SUBMISSION_ID.test(submissionId) ? submissionId : crypto.randomUUID();
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { submissionId: id, spam: "honeypot" };
  const read = readFormToken(kind, token, now);
  if (!read) return { submissionId: id, spam: policy.requireToken ? "no-token" : null };
  if (read.elapsedMs < policy.minFillMs) return { submissionId: id, spam: "too-fast" };
  return { submissionId: id, spam: null };
}

/** A client's address, keyed so that it identifies the client for rate limits but cannot be read back. */
export function clientKey(address: string): string {
  return hmac("client", address).slice(0, 32);
}
