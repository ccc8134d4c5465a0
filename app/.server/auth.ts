import { and, eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { normalizeEmail } from "./admins.ts";
import { db } from "./db.ts";
import { CACHE_CONTROL } from "./http.ts";
import { attemptKeys, beginAttempt, clearAttempts, LOGIN_WINDOW_MS } from "./login-throttle.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { admins, adminSites } from "./schema.ts";
import { requireSite } from "./site.ts";
import { createSession, destroySession, readSession, type SessionAdmin } from "./session.ts";

export type Admin = SessionAdmin;

export type LoginResult =
  | { ok: true; admin: Admin; setCookie: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

// Loaders of one request share its Request object; the session is looked up once per request.
const sessionLookups = new WeakMap<Request, Promise<Admin | null>>();

/** The administrator signed in on this request's site, or null. */
export function getAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<Admin | null> {
  let lookup = sessionLookups.get(request);
  if (!lookup) {
    lookup = readSession(request, requireSite(context).slug);
    sessionLookups.set(request, lookup);
  }
  return lookup;
}

export const CONSOLE_LOGIN_PATH = "/admin/login";

/** The console's sign-in page, returning to `returnTo` (a path on this site) afterwards. */
export function consoleLoginPath(returnTo?: string) {
  const back = safeReturnTo(returnTo);
  return back && back !== "/admin" ? `${CONSOLE_LOGIN_PATH}?${new URLSearchParams({ returnTo: back })}` : CONSOLE_LOGIN_PATH;
}

/**
 * The signed-in administrator; otherwise throws a redirect to a sign-in page (the console's,
 * unless `loginPath` names another), which comes back to this page afterwards.
 */
export async function requireAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { loginPath = consoleLoginPath }: { loginPath?: (returnTo: string) => string } = {},
): Promise<Admin> {
  const admin = await getAdmin(request, context);
  if (admin) return admin;
  const url = new URL(request.url);
  // A client navigation asks for /admin/leads.data?_routes=…; the page to come back to is /admin/leads.
  const path = url.pathname.replace(/\.data$/, "");
  for (const internal of ["_routes", "index"]) url.searchParams.delete(internal);
  throw redirect(loginPath(path + url.search), { headers: { "Cache-Control": CACHE_CONTROL.private } });
}

/** As requireAdmin, for resource routes (feeds, downloads, JSON): answers 401 instead of redirecting. */
export async function requireAdminOr401(request: Request, context: Readonly<RouterContextProvider>): Promise<Admin> {
  const admin = await getAdmin(request, context);
  if (admin) return admin;
  throw Response.json({ error: "로그인이 필요합니다." }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
}

/** The sign-in form below a site's press list; `returnTo` (a path on this site) is where a successful sign-in goes. */
export function pressLoginPath(site: string, returnTo?: string) {
  const path = `/${site}/press`;
  return returnTo && returnTo !== path ? `${path}?${new URLSearchParams({ returnTo })}#login` : `${path}#login`;
}

/** A path on this site to continue to after sign-in; anything else (another origin, "//x") is ignored. */
export function safeReturnTo(value: unknown): string | undefined {
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  return typeof value === "string" && /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : undefined;
}

// Checked when the email is unknown, so a wrong email costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Checks the credentials: a client address with five failures in fifteen minutes is refused for
 * the rest of the window; an account failed against more often is answered more slowly
 * (login-throttle.ts), never refused. On success the request's previous session (if any) is replaced by a new one:
 * a session id fixed before sign-in is never promoted.
 */
export async function login(
  request: Request,
  credentials: { email: string; password: string },
  { clientAddress, site }: { clientAddress: string; site: string },
): Promise<LoginResult> {
  const email = normalizeEmail(credentials.email);
  const keys = attemptKeys(email, clientAddress);
  const attempt = await beginAttempt(keys);
  if (attempt.state === "locked") return { ok: false, reason: "locked", retryAfterSeconds: LOGIN_WINDOW_MS / 1000 };
  if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));

  // An account of another site is no account here: it fails like a wrong password.
  const [admin] = await db()
    .select({ id: admins.id, email: admins.email, passwordHash: admins.passwordHash })
    .from(admins)
    .innerJoin(adminSites, and(eq(adminSites.adminId, admins.id), eq(adminSites.site, site)))
    .where(eq(admins.email, email));
  decoyHash ??= hashPassword("decoy password that matches nothing");
  const valid = await verifyPassword(credentials.password, admin?.passwordHash ?? (await decoyHash));
  if (!admin || !valid) return { ok: false, reason: "invalid" };

  await clearAttempts(keys);
  await destroySession(request);
  return { ok: true, admin: { id: admin.id, email: admin.email }, setCookie: await createSession(admin.id, site) };
}

/** Ends the request's session; answers the Set-Cookie header that clears the cookie. */
export function logout(request: Request): Promise<string> {
  sessionLookups.delete(request);
  return destroySession(request);
}
