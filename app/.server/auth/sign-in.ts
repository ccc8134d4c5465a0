import { and, eq, isNull } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { normalizeEmail } from "./admins.ts";
import { recordAccess } from "../audit/records.ts";
import { getClientAddress } from "../client-address.ts";
import { db } from "../db.ts";
import { attemptKeys, beginAttempt, completedSignIn, recordFailure } from "./login-throttle.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { admins, adminSites } from "../schema.ts";
import { acceptRecoveryCode, acceptTotp } from "./second-factor.ts";
import {
  completeSession,
  countCodeAttempt,
  createSession,
  destroySession,
  readSession,
  type SessionAdmin,
  type SessionState,
} from "./session.ts";
import { requireSite } from "../site.ts";

/**
 * Who is signed in, and what they may do. Signing in takes two steps (docs/decisions/015): the
 * password makes a half session, good for ten minutes and only for the code step (or, for an
 * account without a second factor yet, its enrolment); the code completes it. Every console loader
 * and action runs behind the console's middleware (app/routes/admin/guard.server.ts), which reads
 * the session here once per request.
 */

export type Admin = SessionAdmin;

export type LoginResult =
  | { ok: true; setCookie: string; next: "code" | "enrol" }
  | { ok: false; reason: "invalid" }
  /** The password is right, but the account has no rights on this site: `sites` are those it works on. */
  | { ok: false; reason: "wrong-site"; sites: string[] }
  /** Too many failures from this address (`client`) or against this account from strangers (`account`). */
  | { ok: false; reason: "locked"; why: "client" | "account"; retryAfterSeconds: number };

/** The request's session, read once per request and kept in React Router's request context. */
const sessionContext = createContext<Promise<SessionState | null> | null>(null);

/**
 * The session this request carries on its site, looked up once per request. `quiet` reads it
 * without counting the request as activity (a stream a tab keeps open must not keep a session
 * alive past its idle time); whichever caller asks first decides.
 */
export function sessionOf(request: Request, context: Readonly<RouterContextProvider>, { quiet = false }: { quiet?: boolean } = {}) {
  let lookup = context.get(sessionContext);
  if (!lookup) {
    lookup = readSession(request, requireSite(context).slug, new Date(), { touch: !quiet });
    context.set(sessionContext, lookup);
  }
  return lookup;
}

/** The person signed in (both factors) on this request's site, or null. */
export async function getAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<Admin | null> {
  const session = await sessionOf(request, context);
  return session?.complete ? session.admin : null;
}

/** A sign-in halfway (password given, the second factor still to come), or null. */
export async function getHalfSignIn(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await sessionOf(request, context);
  return session && !session.complete ? session : null;
}

export const CONSOLE_LOGIN_PATH = "/admin/login";

/** The console's sign-in page, returning to `returnTo` (a path on this site) afterwards. */
export function consoleLoginPath(returnTo?: string) {
  const back = safeReturnTo(returnTo);
  return back && back !== "/admin" ? `${CONSOLE_LOGIN_PATH}?${new URLSearchParams({ returnTo: back })}` : CONSOLE_LOGIN_PATH;
}

export const FORBIDDEN_MESSAGE = "이 화면을 볼 권한이 없습니다. 필요하면 대표(소유자) 계정에 권한을 요청해 주세요.";

/** A path on this site to continue to after sign-in; anything else (another origin, "//x") is ignored. */
export function safeReturnTo(value: unknown): string | undefined {
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  return typeof value === "string" && /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : undefined;
}

// Where the sign-in steps lead: password, then the code (or, for an account without a second
// factor yet, its enrolment), then the page that sent the person to sign in.

/** The page a sign-in continues to: an admin page or the press list that sent the person here, else /admin. */
export function continueTo(value: unknown) {
  const path = safeReturnTo(value);
  if (path && /^\/[a-z][a-z0-9-]*\/press(?:[/?#]|$)/.test(path)) return path;
  return path?.startsWith("/admin") && !path.startsWith("/admin/login") && !path.startsWith("/admin/enrol") ? path : "/admin";
}

/** The step after the password, keeping where to go afterwards. */
export function nextStepPath(next: "code" | "enrol", returnTo: unknown) {
  const back = safeReturnTo(returnTo);
  const path = next === "code" ? "/admin/login/code" : "/admin/enrol";
  return back ? `${path}?${new URLSearchParams({ returnTo: back })}` : path;
}

// Checked when the email is unknown, so a wrong email costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * The first step: the password. Failures are counted per address and per account
 * (login-throttle.ts): an address that keeps failing is refused for a while, and so is an account
 * failed against too often, except from an address it has signed in from before. A disabled
 * account or one whose invitation is not taken up yet fails like a wrong password. An account of
 * another site is told so, and where it works, but only once its password is verified (the answer
 * tells a stranger nothing an unknown email would not), and the attempt stays counted: it signed
 * in nowhere. On success the browser's previous session (if any) is replaced by a half one: a
 * session id fixed before sign-in is never promoted.
 */
export async function login(
  request: Request,
  credentials: { email: string; password: string },
  { clientAddress, site }: { clientAddress: string; site: string },
): Promise<LoginResult> {
  const email = normalizeEmail(credentials.email);
  const attempt = await beginAttempt(attemptKeys(email, clientAddress));
  if (attempt.state === "refused") return { ok: false, reason: "locked", why: attempt.why, retryAfterSeconds: attempt.retryAfterSeconds };

  const [admin] = await db()
    .select({ id: admins.id, passwordHash: admins.passwordHash, enrolledAt: admins.totpEnabledAt })
    .from(admins)
    .where(and(eq(admins.email, email), isNull(admins.disabledAt)));
  decoyHash ??= hashPassword("decoy password that matches nothing");
  const valid = await verifyPassword(credentials.password, admin?.passwordHash ?? (await decoyHash));
  if (!admin || !admin.passwordHash || !valid) return { ok: false, reason: "invalid" };
  const worksOn = await db().select({ site: adminSites.site }).from(adminSites).where(eq(adminSites.adminId, admin.id));
  if (!worksOn.some((membership) => membership.site === site)) {
    return { ok: false, reason: "wrong-site", sites: worksOn.map((membership) => membership.site).sort() };
  }

  // Not a failure; the address's earlier failures are forgiven only once both factors are given.
  await attempt.succeeded();
  await destroySession(request);
  return { ok: true, setCookie: await createSession(admin.id, site, { complete: false }), next: admin.enrolledAt ? "code" : "enrol" };
}

/** Codes one half session may try; then it ends and the password is asked again. */
export const MAX_CODE_ATTEMPTS = 5;

export type SecondFactorResult =
  | { ok: true; setCookie: string }
  | { ok: false; reason: "invalid"; attemptsLeft: number }
  /** The half session ended (too many wrong codes, or it ran out): sign in again with the password. */
  | { ok: false; reason: "ended"; why: "codes" | "expired"; setCookie: string };

/**
 * The second step: a code from the authenticator app, or a recovery code. Each half session may
 * try MAX_CODE_ATTEMPTS codes, counted before each is checked, so parallel guesses cannot exceed
 * it; then the half session is ended and counts as a failed sign-in of the account from this
 * address, so going round again through the password is throttled like guessing it.
 */
export async function verifySecondFactor(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { code, recovery }: { code: string; recovery: boolean },
): Promise<SecondFactorResult> {
  const half = await getHalfSignIn(request, context);
  if (!half?.enrolled) return { ok: false, reason: "ended", why: "expired", setCookie: await logout(request) };
  const tried = await countCodeAttempt(half.admin.sessionId, MAX_CODE_ATTEMPTS);
  if (tried === null) return { ok: false, reason: "ended", why: "codes", setCookie: await logout(request) };
  const accepted = recovery ? await acceptRecoveryCode(half.admin.id, code) : await acceptTotp(half.admin.id, code);
  if (accepted) return { ok: true, setCookie: await signedIn(request, context, half.admin, { recovery }) };
  if (tried < MAX_CODE_ATTEMPTS) return { ok: false, reason: "invalid", attemptsLeft: MAX_CODE_ATTEMPTS - tried };
  await recordFailure(attemptKeys(half.admin.email, getClientAddress(context)));
  return { ok: false, reason: "ended", why: "codes", setCookie: await logout(request) };
}

/** Completes a half session (after a code, or after enrolling a second factor) and records the sign-in. */
export async function signedIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  admin: Admin,
  detail: Record<string, unknown> = {},
) {
  const site = requireSite(context).slug;
  const clientAddress = getClientAddress(context);
  await db().update(admins).set({ lastSignInAt: new Date() }).where(eq(admins.id, admin.id));
  await completedSignIn(attemptKeys(admin.email, clientAddress));
  await recordAccess({ site, actor: admin, clientAddress, action: "auth.sign-in", detail });
  context.set(sessionContext, null);
  return completeSession(request, site, admin.id);
}

/** Ends the request's session; answers the Set-Cookie header that clears the cookie. */
export function logout(request: Request): Promise<string> {
  return destroySession(request);
}
