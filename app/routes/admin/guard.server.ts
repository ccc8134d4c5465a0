import { redirect, type MiddlewareFunction } from "react-router";
import { getAdmin, safeReturnTo, type Admin } from "#app/.server/auth.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";

/**
 * Every admin response is personal (lead data, a signed-in administrator): never stored by a
 * browser or proxy, never indexed, whatever a search engine found a link from.
 */
export const ADMIN_HEADERS = {
  "Cache-Control": CACHE_CONTROL.private,
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const LOGIN_PATH = "/admin/login";

/** The admin sign-in page, returning to `returnTo` (a path on this site) afterwards. */
export function adminLoginPath(returnTo?: string) {
  const back = safeReturnTo(returnTo);
  return back && back !== "/admin" ? `${LOGIN_PATH}?${new URLSearchParams({ returnTo: back })}` : LOGIN_PATH;
}

/**
 * The signed-in administrator; otherwise throws a redirect to /admin/login, which comes back to
 * this page afterwards. Like auth.ts's requireAdmin, whose sign-in form is below the press list;
 * the console has its own page so a manager never lands on the public site.
 */
export async function requireAdmin(request: Request): Promise<Admin> {
  const admin = await getAdmin(request);
  if (admin) return admin;
  const url = new URL(request.url);
  // A client navigation asks for /admin/leads.data?_routes=…; the page to come back to is /admin/leads.
  const path = url.pathname.replace(/\.data$/, "");
  for (const internal of ["_routes", "index"]) url.searchParams.delete(internal);
  throw redirect(adminLoginPath(path + url.search), { headers: ADMIN_HEADERS });
}

/** Adds the admin headers to whatever the routes below answered, redirects and errors included. */
export const adminHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) response.headers.set(name, value);
  return response;
};

/** Refuses the whole admin layout to a visitor who is not signed in, before any loader or action runs. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  await requireAdmin(request);
  return next();
};
