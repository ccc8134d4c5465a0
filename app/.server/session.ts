import crypto from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import { createCookie, type Cookie } from "react-router";
import { getSessionSecret } from "./secret.ts";
import { db } from "./db.ts";
import { getEnv } from "./env.ts";
import { admins, adminSites, sessions } from "./schema.ts";

const HOUR = 60 * 60 * 1000;
/** A session ends a week after sign-in, or after a day without a request, whichever comes first. */
const SESSION_LIFETIME = 7 * 24 * HOUR;
const IDLE_TIMEOUT = 24 * HOUR;
/** last_seen_at is refreshed at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL = 5 * 60 * 1000;

export interface SessionAdmin {
  id: number;
  email: string;
}

let cookie: Cookie | undefined;

/**
 * The session cookie holds a random token; the database keeps only its SHA-256, so a leaked
 * table cannot be replayed. SameSite=Lax keeps the cookie off cross-site POSTs (with the Origin
 * check, our CSRF defence: docs/decisions/006); SameSite=None would need CSRF tokens.
 */
function sessionCookie(): Cookie {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().NODE_ENV === "production",
    path: "/",
    maxAge: SESSION_LIFETIME / 1000,
    secrets: [getSessionSecret()],
  });
  return cookie;
}

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** Starts a session for the administrator on one site; answers the Set-Cookie header that carries it. */
export async function createSession(adminId: number, site: string, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({
      id: hashToken(token),
      adminId,
      site,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME),
    });
  // Sessions that ran out are dropped here rather than by a timer that every instance would run.
  await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT))));
  return sessionCookie().serialize(token);
}

/**
 * The administrator whose live session on this site the request carries, or null. A session
 * belongs to the site it was made on, and only while the administrator still works there.
 */
export async function readSession(request: Request, site: string, now = new Date()): Promise<SessionAdmin | null> {
  const token = await readToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const [row] = await db()
    .select({ adminId: admins.id, email: admins.email, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .innerJoin(adminSites, and(eq(adminSites.adminId, sessions.adminId), eq(adminSites.site, sessions.site)))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.site, site),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { id: row.adminId, email: row.email };
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
