import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { LeadKind } from "#app/vocabulary.ts";
import { db } from "./db.ts";
import { spentFormTokens } from "./schema.ts";
import { hmac, sameSecret } from "./secret.ts";

/**
 * The token each lead form carries: when it was handed out, a random id, and a signature that
 * binds both to one kind of form. It expires after two hours, and the submission that uses it
 * spends it, so a token copied out of a page makes one lead; every other use is a replay.
 * It names nobody, so a page that carries one may be cached (the token is put in per response).
 */

export const FORM_TOKEN_LIFETIME_MS = 2 * 60 * 60_000;

export function issueFormToken(site: string, kind: LeadKind, now = Date.now()): string {
  const payload = `${now.toString(36)}.${crypto.randomBytes(12).toString("base64url")}`;
  return `${payload}.${signature(site, kind, payload)}`;
}

export type FormTokenReading =
  | { state: "valid"; id: string; elapsedMs: number }
  /** Ours and for this form, but older than FORM_TOKEN_LIFETIME_MS. */
  | { state: "expired" }
  /** Missing, forged, or made for another form. */
  | { state: "invalid" };

export function readFormToken(site: string, kind: LeadKind, token: unknown, now = Date.now()): FormTokenReading {
  if (typeof token !== "string" || token.length > 80) return { state: "invalid" };
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match || !sameSecret(match[3]!, signature(site, kind, `${match[1]}.${match[2]}`))) return { state: "invalid" };
  const elapsedMs = now - parseInt(match[1]!, 36);
  if (!Number.isFinite(elapsedMs) || elapsedMs < -60_000) return { state: "invalid" };
  if (elapsedMs > FORM_TOKEN_LIFETIME_MS) return { state: "expired" };
  return { state: "valid", id: match[2]!, elapsedMs };
}

/**
 * A token field as SpamGuardFields writes it (raw HTML): React escapes every text of a page's
 * content, and scripts carry `<` escaped, so nothing else in a page can look like one.
 */
export const FORM_TOKEN_FIELD = /(<input type="hidden" name="_token" value=")@form-token:(interest|visit|inquiry)@(">)/g;

/** Gives each form of a rendered page (fresh or from the page cache) its own fresh token. */
export function fillFormTokens(site: string, html: string, now = Date.now()): string {
  return html.replace(
    FORM_TOKEN_FIELD,
    (_field, before: string, kind: LeadKind, after: string) => `${before}${issueFormToken(site, kind, now)}${after}`,
  );
}

/** Bound to one site's one form: a token from another site's page, or another form, is no token here. */
function signature(site: string, kind: LeadKind, payload: string) {
  return hmac(`form:${site}:${kind}`, payload).slice(0, 22);
}

/**
 * Spends a token for a submission, atomically with any other instance doing the same: the first
 * submission wins; the same submission again (a double click, a retried request) is not a replay.
 */
export async function spendFormToken(tokenId: string, submissionId: string, now = new Date()): Promise<"spent" | "replayed"> {
  const [inserted] = await db()
    .insert(spentFormTokens)
    .values({ tokenId, submissionId, spentAt: now })
    .onConflictDoNothing()
    .returning({ tokenId: spentFormTokens.tokenId });
  if (inserted) return "spent";
  const [holder] = await db()
    .select({ submissionId: spentFormTokens.submissionId })
    .from(spentFormTokens)
    .where(eq(spentFormTokens.tokenId, tokenId));
  return holder?.submissionId === submissionId ? "spent" : "replayed";
}

/** A spent token only needs remembering while it could still be valid. */
export async function forgetExpiredTokens(now = new Date()) {
  await db()
    .delete(spentFormTokens)
    .where(lt(spentFormTokens.spentAt, new Date(now.getTime() - FORM_TOKEN_LIFETIME_MS - 60 * 60_000)));
}
