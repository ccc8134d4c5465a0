import { data, type MiddlewareFunction } from "react-router";
import { requireAdmin } from "#app/.server/auth.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { isCalendarDay } from "#app/utils/kst.ts";

/**
 * Every admin response is personal (lead data, a signed-in administrator): never stored by a
 * browser or proxy, never indexed, whatever a search engine found a link from.
 */
export const ADMIN_HEADERS = {
  "Cache-Control": CACHE_CONTROL.private,
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** Adds the admin headers to whatever the routes below answered, redirects and errors included. */
export const adminHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) response.headers.set(name, value);
  return response;
};

/** Refuses the whole admin layout to a visitor who is not signed in, before any loader or action runs. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await requireAdmin(request, context);
  return next();
};

/**
 * Dates in a console URL (?from=, ?to=, ?day=) must be real calendar days: "2026-02-31" is a 400
 * with a message, never passed on to the database.
 */
export function requireCalendarDays(url: URL, names: string[]) {
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value && !isCalendarDay(value)) {
      throw data("날짜가 올바르지 않습니다. 2026-11-24처럼 실제 있는 날짜로 입력해 주세요.", { status: 400, headers: ADMIN_HEADERS });
    }
  }
}
