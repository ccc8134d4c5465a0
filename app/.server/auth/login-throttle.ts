import { and, count, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { db } from "../db.ts";
import { signInAttempts, signInClients } from "../schema.ts";
import { hmac } from "../secret.ts";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed passwords against one account in the window, after which strangers are refused. */
export const MAX_ACCOUNT_FAILURES = 5;
/**
 * Failed passwords from one address in the window, whatever the accounts. Higher than the
 * account's limit: an office's staff share one address, and the account limit stops guessing.
 */
export const MAX_CLIENT_FAILURES = 10;
/** How long an address an account signed in from stays one of its own. */
export const KNOWN_CLIENT_DAYS = 90;

/**
 * Failed sign-ins are counted per account and per client address, in the database so every
 * instance sees them, both keyed under the session secret (the tables never hold an address or an
 * email; an unknown email is counted like a real one, so the answers tell nothing about which
 * exist). Past the limit an account refuses every attempt, the right password included, except
 * from an address the account has signed in from before and that is not failing itself: however
 * many addresses a guesser has, an account gets MAX_ACCOUNT_FAILURES guesses a window, and the
 * office still gets in from where it works. Only the account and address that failed are ever
 * cleared, by a completed sign-in of that pair.
 */
export function attemptKeys(email: string, clientAddress: string) {
  return { account: hmac("login-email", email), client: hmac("login-client", clientAddress) };
}

export type AttemptKeys = ReturnType<typeof attemptKeys>;

export type Attempt =
  | { state: "refused"; why: "client" | "account"; retryAfterSeconds: number }
  /** Check the password, then `succeeded()` or leave the failure counted. */
  | { state: "allowed"; succeeded: () => Promise<void> };

/**
 * Records the attempt before the password is checked, then counts everything in the window,
 * concurrent attempts included: of any number of simultaneous guesses, the last to count sees all
 * the others, so no more than the limit can pass. A refused attempt is forgotten (it checked
 * nothing), so the refusal lasts until the failures that caused it are older than the window.
 */
export async function beginAttempt(keys: AttemptKeys, now = new Date()): Promise<Attempt> {
  const [row] = await db()
    .insert(signInAttempts)
    .values({ accountKey: keys.account, clientKey: keys.client, attemptedAt: now })
    .returning({ id: signInAttempts.id });
  const forget = () => db().delete(signInAttempts).where(eq(signInAttempts.id, row!.id));
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [counts] = await db()
    .select({
      account: sql<number>`count(*) filter (where ${signInAttempts.accountKey} = ${keys.account})`.mapWith(Number),
      client: sql<number>`count(*) filter (where ${signInAttempts.clientKey} = ${keys.client})`.mapWith(Number),
    })
    .from(signInAttempts)
    .where(
      and(
        or(eq(signInAttempts.accountKey, keys.account), eq(signInAttempts.clientKey, keys.client)),
        gt(signInAttempts.attemptedAt, since),
        sql`${signInAttempts.id} <> ${row!.id}`,
      ),
    );
  const { account, client } = counts ?? { account: 0, client: 0 };
  const refuse = async (why: "client" | "account", limit: number) => {
    await forget();
    return { state: "refused", why, retryAfterSeconds: await secondsUntilBelow(why, keys, limit, now) } as const;
  };
  if (client >= MAX_CLIENT_FAILURES) return refuse("client", MAX_CLIENT_FAILURES);
  if (account >= MAX_ACCOUNT_FAILURES && !(client < MAX_ACCOUNT_FAILURES && (await isKnownClient(keys, now)))) {
    return refuse("account", MAX_ACCOUNT_FAILURES);
  }
  return { state: "allowed", succeeded: async () => void (await forget()) };
}

/** When the failures of this account (or address) in the window fall below `limit` again. */
async function secondsUntilBelow(why: "client" | "account", keys: AttemptKeys, limit: number, now: Date) {
  const column = why === "client" ? signInAttempts.clientKey : signInAttempts.accountKey;
  const [oldestThatCounts] = await db()
    .select({ at: signInAttempts.attemptedAt })
    .from(signInAttempts)
    .where(and(eq(column, keys[why]), gt(signInAttempts.attemptedAt, new Date(now.getTime() - LOGIN_WINDOW_MS))))
    .orderBy(desc(signInAttempts.attemptedAt))
    .offset(limit - 1)
    .limit(1);
  const until = oldestThatCounts ? oldestThatCounts.at.getTime() + LOGIN_WINDOW_MS : now.getTime();
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

async function isKnownClient(keys: AttemptKeys, now: Date) {
  const [known] = await db()
    .select({ value: count() })
    .from(signInClients)
    .where(
      and(
        eq(signInClients.accountKey, keys.account),
        eq(signInClients.clientKey, keys.client),
        gt(signInClients.lastSignedInAt, new Date(now.getTime() - KNOWN_CLIENT_DAYS * 86_400_000)),
      ),
    );
  return (known?.value ?? 0) > 0;
}

/** A failure that was not a password: a half session ended by wrong second-factor codes. */
export async function recordFailure(keys: AttemptKeys, now = new Date()) {
  await db().insert(signInAttempts).values({ accountKey: keys.account, clientKey: keys.client, attemptedAt: now });
}

/**
 * Both factors given: this address's failures against this account are forgiven (its person got
 * in) and the address becomes one of the account's own. Failures against other accounts, and
 * other addresses' failures against this one, stay counted. Old rows of anyone are dropped here
 * rather than by a timer every instance would run.
 */
export async function completedSignIn(keys: AttemptKeys, now = new Date()) {
  await db()
    .delete(signInAttempts)
    .where(
      or(
        and(eq(signInAttempts.accountKey, keys.account), eq(signInAttempts.clientKey, keys.client)),
        lt(signInAttempts.attemptedAt, new Date(now.getTime() - LOGIN_WINDOW_MS)),
      ),
    );
  await db()
    .insert(signInClients)
    .values({ accountKey: keys.account, clientKey: keys.client, lastSignedInAt: now })
    .onConflictDoUpdate({ target: [signInClients.accountKey, signInClients.clientKey], set: { lastSignedInAt: now } });
  await db()
    .delete(signInClients)
    .where(lt(signInClients.lastSignedInAt, new Date(now.getTime() - KNOWN_CLIENT_DAYS * 86_400_000)));
}
