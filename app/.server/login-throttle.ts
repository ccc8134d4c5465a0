import { and, count, gt, inArray, lt } from "drizzle-orm";
import { hmac } from "./secret.ts";
import { db } from "./db.ts";
import { loginAttempts } from "./schema.ts";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;

/**
 * Failed sign-ins are counted per email and per client address, in the database so every
 * instance sees them. Both are stored as HMACs under the session secret: the table never holds
 * an address or an email, and without the secret its keys cannot be matched to either.
 */
export function attemptKeys(email: string, clientAddress: string): string[] {
  return [`email:${hmac("login-email", email)}`, `client:${hmac("login-client", clientAddress)}`];
}

/**
 * Records an attempt before the password is checked, then counts: concurrent guesses each see
 * the others, so a burst cannot slip past the limit. Answers the attempt's row ids, or "locked"
 * (and forgets this attempt) when the email or the client already failed too often.
 */
export async function beginAttempt(keys: string[], now = new Date()): Promise<number[] | "locked"> {
  const rows = await db()
    .insert(loginAttempts)
    .values(keys.map((key) => ({ key, attemptedAt: now })))
    .returning({ id: loginAttempts.id });
  const ids = rows.map((row) => row.id);
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const counts = await db()
    .select({ key: loginAttempts.key, value: count() })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.attemptedAt, since)))
    .groupBy(loginAttempts.key);
  if (counts.some((row) => row.value > MAX_FAILED_LOGINS)) {
    await db().delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    return "locked";
  }
  return ids;
}

/** A successful sign-in clears the email's and the client's failures, and old rows of anyone. */
export async function clearAttempts(keys: string[], now = new Date()) {
  await db().delete(loginAttempts).where(inArray(loginAttempts.key, keys));
  await db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
