import type { MiddlewareFunction } from "react-router";
import { requireAdmin } from "#app/.server/auth.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";

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
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  await requireAdmin(request);
  return next();
};
