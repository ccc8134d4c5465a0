import { and, count, gt, inArray, lt } from "drizzle-orm";
import { db } from "./db.ts";
import { loginAttempts } from "./schema.ts";
import { hmac } from "./secret.ts";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;
/** The longest an account's sign-in is slowed down by failures against it. */
export const MAX_ACCOUNT_DELAY_MS = 8_000;

/**
 * Failed sign-ins are counted per client address and per account, in the database so every
 * instance sees them, both keyed under the session secret (the table never holds an address or
 * an email). A client that keeps failing is refused for the rest of the window. An account that
 * many clients fail against is only slowed down: a stranger cannot lock the office out of its
 * own console, and a guesser gets a few tries a minute however many addresses it has.
 */
export function attemptKeys(email: string, clientAddress: string) {
  return { account: `email:${hmac("login-email", email)}`, client: `client:${hmac("login-client", clientAddress)}` };
}

export type AttemptKeys = ReturnType<typeof attemptKeys>;

export type Attempt =
  | { state: "locked" }
  /** Go on after `delayMs` (0 unless the account has been failed against more than the limit). */
  | { state: "allowed"; delayMs: number };

/** 1 s after the limit, doubling with each further failure, capped at MAX_ACCOUNT_DELAY_MS. */
export function accountDelayMs(failures: number) {
  return failures <= MAX_FAILED_LOGINS ? 0 : Math.min(1_000 * 2 ** (failures - MAX_FAILED_LOGINS - 1), MAX_ACCOUNT_DELAY_MS);
}

/**
 * Records an attempt before the password is checked, then counts: concurrent guesses each see
 * the others, so a burst cannot slip past the limit. A locked client's attempt is forgotten.
 */
export async function beginAttempt(keys: AttemptKeys, now = new Date()): Promise<Attempt> {
  const rows = await db()
    .insert(loginAttempts)
    .values([keys.account, keys.client].map((key) => ({ key, attemptedAt: now })))
    .returning({ id: loginAttempts.id });
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const counts = await db()
    .select({ key: loginAttempts.key, value: count() })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, [keys.account, keys.client]), gt(loginAttempts.attemptedAt, since)))
    .groupBy(loginAttempts.key);
  const failures = (key: string) => Math.max(0, (counts.find((row) => row.key === key)?.value ?? 0) - 1);
  if (failures(keys.client) >= MAX_FAILED_LOGINS) {
    await db()
      .delete(loginAttempts)
      .where(
        inArray(
          loginAttempts.id,
          rows.map((row) => row.id),
        ),
      );
    return { state: "locked" };
  }
  return { state: "allowed", delayMs: accountDelayMs(failures(keys.account)) };
}

/** A successful sign-in clears its client's failures and the account's, and old rows of anyone. */
export async function clearAttempts(keys: AttemptKeys, now = new Date()) {
  await db()
    .delete(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.account, keys.client]));
  await db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
