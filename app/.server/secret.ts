import crypto from "node:crypto";

/**
 * The server's one secret (SESSION_SECRET, or for a local install one kept in DATA_DIR) and the
 * one keyed hash made with it. This module imports nothing of the app, so everything that signs
 * or keys a value can depend on it without pulling in the start-up code.
 */

let secret: string | undefined;

/** Set once at start-up (app/.server/set-up.ts), and by tests. */
export function setSessionSecret(value: string) {
  secret = value;
}

export function getSessionSecret(): string {
  if (!secret) throw new Error("The session secret is not set yet: setUpDatabase() sets it before anything is signed.");
  return secret;
}

/**
 * HMAC-SHA256 of `value` for one `purpose`, as base64url (43 characters). The purpose is part of
 * the input, so a value keyed for one use (a form token) never matches the same value keyed for
 * another (a client address).
 */
export function hmac(purpose: string, value: string): string {
  return crypto.createHmac("sha256", getSessionSecret()).update(`${purpose}:${value}`).digest("base64url");
}

let auditKey: string | undefined;

/** AUDIT_KEY, set once at start-up; without one the audit key is derived from the session secret. */
export function setAuditKey(value: string | undefined) {
  auditKey = value;
}

/**
 * The key of the access records' hash chain (audit.ts). Kept out of the database, so whoever can
 * write to the database cannot recompute the chain after changing a record. A dedicated AUDIT_KEY
 * lets the session secret change without making the records unverifiable.
 */
export function auditChainKey(): Buffer {
  return crypto
    .createHmac("sha256", auditKey ?? getSessionSecret())
    .update("audit-chain-key")
    .digest();
}

/** Compares two strings in constant time (a signature against the expected one). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
