import crypto from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { createCookie, type Cookie } from "react-router";
import type { Role } from "#app/vocabulary.ts";
import { db, type Executor } from "../db.ts";
import { getEnv } from "../env.ts";
import { admins, adminSites, sessions } from "../schema.ts";
import { getSessionSecret } from "../secret.ts";

const MINUTE = 60 * 1000;
/** A signed-in session ends twelve hours after sign-in, whatever happens (the standard's "absolute" limit). */
export const SESSION_LIFETIME_MS = 12 * 60 * MINUTE;
/** Between the password and the second factor a session is only half made, for ten minutes at most. */
const HALF_SESSION_LIFETIME_MS = 10 * MINUTE;

/** Idle timeout: ADMIN_IDLE_MINUTES (default 30) without a request ends a session. */
const idleTimeoutMs = () => getEnv().ADMIN_IDLE_MINUTES * MINUTE;
/** last_seen_at is refreshed at most this often, so reading pages does not write on every request. */
const touchIntervalMs = () => Math.min(5 * MINUTE, idleTimeoutMs() / 6);

export interface SessionAdmin {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** The session's own id (the token's hash), to end every session of the account but this one. */
  sessionId: string;
  /** The desk's kiosk: it registers walk-ins and opens nothing else of the console (decision 029). */
  kiosk: boolean;
}

export interface SessionState {
  admin: SessionAdmin;
  /** False while the second factor is still to be given (or enrolled). */
  complete: boolean;
  /** Whether the account has a second factor yet: the half session asks for a code, or enrols one. */
  enrolled: boolean;
}

let cookie: { secure: boolean; secret: string; cookie: Cookie } | undefined;

/** A request that carries it is a member of staff's: pages are rendered for them, never from the page cache. */
export const SESSION_COOKIE = "__session";

/**
 * The session cookie holds a random token; the database keeps only its SHA-256, so a leaked
 * table cannot be replayed. SameSite=Lax keeps the cookie off cross-site POSTs (with the Origin
 * check, our CSRF defence: docs/decisions/006); SameSite=None would need CSRF tokens. Each site's
 * host has its own cookie, and a session belongs to the site it was made on.
 */
function sessionCookie(): Cookie {
  const secure = getEnv().NODE_ENV === "production";
  const secret = getSessionSecret();
  // Made again when the configuration it reads changed: tests set another between files.
  if (cookie?.secure !== secure || cookie.secret !== secret) {
    cookie = {
      secure,
      secret,
      cookie: createCookie(SESSION_COOKIE, {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        maxAge: SESSION_LIFETIME_MS / 1000,
        secrets: [secret],
      }),
    };
  }
  return cookie.cookie;
}

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Starts a session for an account on one site: complete (the second factor given), or half (the
 * password given, the code still to come). Answers the Set-Cookie header that carries it.
 */
export async function createSession(adminId: number, site: string, { complete }: { complete: boolean }, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({
      id: hashToken(token),
      adminId,
      site,
      secondFactorAt: complete ? now : null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (complete ? SESSION_LIFETIME_MS : HALF_SESSION_LIFETIME_MS)),
    });
  // Sessions that ran out are dropped here rather than by a timer that every instance would run.
  await db()
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), and(isNull(sessions.kioskAt), lt(sessions.lastSeenAt, new Date(now.getTime() - idleTimeoutMs())))),
    );
  return sessionCookie().serialize(token);
}

/**
 * The session the request carries on this site, or null: within its lifetime and idle timeout,
 * of an account not disabled that still works on this site. The person's role is their role on
 * this site (docs/decisions/022-role-per-site.md). With `touch: false` the request does
 * not count as activity (the live-alert stream, which a forgotten tab would hold open for ever).
 */
export async function readSession(
  request: Request,
  site: string,
  now = new Date(),
  { touch = true }: { touch?: boolean } = {},
): Promise<SessionState | null> {
  const token = await readToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const [row] = await db()
    .select({
      adminId: admins.id,
      email: admins.email,
      name: admins.name,
      role: adminSites.role,
      enrolledAt: admins.totpEnabledAt,
      lastSeenAt: sessions.lastSeenAt,
      secondFactorAt: sessions.secondFactorAt,
      kioskAt: sessions.kioskAt,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .innerJoin(adminSites, and(eq(adminSites.adminId, sessions.adminId), eq(adminSites.site, sessions.site)))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.site, site),
        isNull(admins.disabledAt),
        gt(sessions.expiresAt, now),
        // A kiosk waits on the desk between walk-ins and can show nobody's data: only its lifetime ends it.
        or(isNotNull(sessions.kioskAt), gt(sessions.lastSeenAt, new Date(now.getTime() - idleTimeoutMs()))),
      ),
    );
  if (!row) return null;
  if (touch && now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs()) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    admin: { id: row.adminId, email: row.email, name: row.name, role: row.role, sessionId: id, kiosk: row.kioskAt !== null },
    complete: row.secondFactorAt !== null,
    enrolled: row.enrolledAt !== null,
  };
}

/**
 * The session a bare Cookie header carries on this site, without counting as activity: the server
 * asks it before reading an upload's body, where there is no Request yet.
 */
export function sessionOfCookie(cookieHeader: string, site: string, now = new Date()): Promise<SessionState | null> {
  return readSession(new Request("http://session.invalid/", { headers: { Cookie: cookieHeader } }), site, now, { touch: false });
}

/**
 * Which of these complete sessions of this site are still good (lifetime, idle timeout, account
 * enabled and still on the site), without counting as activity: the live-alert streams ask this
 * together, and end the streams of sessions that ended.
 */
export async function liveSessionIds(ids: string[], site: string, now = new Date()): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .innerJoin(adminSites, and(eq(adminSites.adminId, sessions.adminId), eq(adminSites.site, sessions.site)))
    .where(
      and(
        inArray(sessions.id, ids),
        eq(sessions.site, site),
        isNull(admins.disabledAt),
        isNotNull(sessions.secondFactorAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleTimeoutMs())),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Counts one second-factor code against a half session before it is checked, in one statement,
 * so parallel guesses cannot all pass: the new count, or null once `max` codes have been tried
 * (or the session is gone or complete).
 */
export async function countCodeAttempt(sessionId: string, max: number): Promise<number | null> {
  const [row] = await db()
    .update(sessions)
    .set({ codeAttempts: sql`${sessions.codeAttempts} + 1` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.secondFactorAt), lt(sessions.codeAttempts, max)))
    .returning({ codeAttempts: sessions.codeAttempts });
  return row?.codeAttempts ?? null;
}

/** The second factor was given: the half session is replaced by a complete one (a new token, twelve hours). */
export async function completeSession(request: Request, site: string, adminId: number, now = new Date()): Promise<string> {
  const token = await readToken(request);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.id, hashToken(token)));
  return createSession(adminId, site, { complete: true }, now);
}

/**
 * Makes a complete session the desk's kiosk, for good: the console then confines it to the kiosk
 * screen (guard.server.ts), on every instance, until someone signs in again in that browser.
 */
export async function makeKioskSession(executor: Executor, sessionId: string, now = new Date()) {
  await executor
    .update(sessions)
    .set({ kioskAt: now })
    .where(and(eq(sessions.id, sessionId), isNotNull(sessions.secondFactorAt), isNull(sessions.kioskAt)));
}

/** Deletes the request's session, if any; answers the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.id, hashToken(token)));
  return sessionCookie().serialize("", { maxAge: 0 });
}

/**
 * Ends an account's sessions, on every site and browser (or on `site` only: a role there changed),
 * but the one named `except` (the browser that changed its own password stays signed in).
 * Disabling an account, a new password or a reset second factor end them all at once.
 */
export async function endAccountSessions(executor: Executor, adminId: number, { except, site }: { except?: string; site?: string } = {}) {
  await executor
    .delete(sessions)
    .where(and(eq(sessions.adminId, adminId), except ? ne(sessions.id, except) : undefined, site ? eq(sessions.site, site) : undefined));
}
