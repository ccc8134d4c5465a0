import { data, type RouterContextProvider } from "react-router";
import { CACHE_CONTROL } from "./http.ts";
import { requireSite } from "./site.ts";

/**
 * Where a POST came from, as the browser tells it. Browsers send `Origin` with every POST (form
 * posts without JavaScript included) and `Sec-Fetch-Site` on every request; an origin is the
 * site's own only when scheme, host and port all equal one of the site's origins (`https://…`,
 * another port, or `user@…` are other origins). Only old clients and scripts send neither: then
 * the caller decides (docs/security.md).
 */
export function postSource(
  request: { headers: { get(name: string): string | null } },
  siteOrigins: string[],
): "same-origin" | "cross-site" | "unstated" {
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (origin === null && fetchSite === null) return "unstated";
  if (origin !== null && !siteOrigins.includes(origin)) return "cross-site";
  if (fetchSite !== null && fetchSite !== "same-origin") return "cross-site";
  return "same-origin";
}

export const CROSS_SITE_MESSAGE = "다른 사이트에서 보낸 요청은 처리할 수 없습니다.";

/**
 * For the console and signed-in actions: the post must say it came from this site. With the
 * SameSite=Lax session cookie this is our CSRF defence (docs/decisions/006-sessions-and-csrf.md).
 */
export function requireSameOrigin(request: Request, context: Readonly<RouterContextProvider>) {
  if (postSource(request, requireSite(context).origins) !== "same-origin") throw crossSiteRefusal();
}

/**
 * For the public forms: a post another site made is refused; one that states no origin (no
 * script, an old browser) goes on and is judged by its form token.
 */
export function refuseCrossSitePost(request: Request, context: Readonly<RouterContextProvider>) {
  if (postSource(request, requireSite(context).origins) === "cross-site") throw crossSiteRefusal();
}

function crossSiteRefusal() {
  return data(CROSS_SITE_MESSAGE, { status: 403, headers: { "Cache-Control": CACHE_CONTROL.private } });
}
