import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { LeadKind } from "#app/forms/lead.ts";
import { getSessionSecret } from "./boot.ts";
import { db } from "./db.ts";
import { getEnv, type Env } from "./env.ts";
import { rateLimits } from "./schema.ts";

/**
 * Keeping bots out of the lead forms without a captcha: a honeypot field, a minimum time between
 * rendering a form and submitting it (a signed timestamp the form carries), and per-client rate
 * limits kept in the database so that every instance counts the same hits.
 */

export type SpamReason = "honeypot" | "too-fast" | "no-token";

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

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

function sign(purpose: string, value: string) {
  return crypto.createHmac("sha256", getSessionSecret()).update(`${purpose}:${value}`).digest("base64url");
}

/**
 * A token rendered into each form: when it was rendered, signed and bound to the kind of form.
 * It carries nothing personal, so a page holding one may still be cached and shared.
 */
export function issueFormToken(kind: LeadKind, now = Date.now()): string {
  const issued = now.toString(36);
  return `${issued}.${sign(`form:${kind}`, issued).slice(0, 22)}`;
}

/** How long ago the token was rendered, or undefined for a missing, forged or other-form token. */
export function readFormToken(kind: LeadKind, token: unknown, now = Date.now()): { elapsedMs: number } | undefined {
  if (typeof token !== "string" || token.length > 64) return undefined;
  const [issued, signature] = token.split(".");
  if (!issued || !signature) return undefined;
  const expected = sign(`form:${kind}`, issued).slice(0, 22);
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
    return undefined;
  }
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
  return sign("client", address).slice(0, 32);
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the exhausted window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against each rule for `key`. Each window starts at the first hit after the
 * previous window ended (so a burst is never split across a clock-aligned boundary), and the
 * count is one atomic upsert, correct with any number of instances on one database.
 */
export async function consumeRateLimit(key: string, rules: RateLimitRule[], now = new Date()): Promise<RateLimitResult> {
  let blocked = false;
  let retryAfterMs = 0;
  for (const rule of rules) {
    const windowKey = `${key}:${rule.name}`;
    const at = now.toISOString();
    const expired = new Date(now.getTime() - rule.windowMs).toISOString();
    const [row] = await db()
      .insert(rateLimits)
      .values({ key: windowKey, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${expired}::timestamptz then ${at}::timestamptz else ${rateLimits.windowStartedAt} end`,
          hits: sql`case when ${rateLimits.windowStartedAt} <= ${expired}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
    if (row && row.hits > rule.limit) {
      blocked = true;
      retryAfterMs = Math.max(retryAfterMs, row.windowStartedAt.getTime() + rule.windowMs - now.getTime());
    }
  }
  if (Math.random() < 0.01) await pruneRateLimits(now);
  return { allowed: !blocked, retryAfterSeconds: blocked ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : 0 };
}

/** Forgets windows that ended long ago; the longest rule is a day. */
export async function pruneRateLimits(now = new Date()) {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 2 * 24 * 60 * 60_000)));
}
