import { data } from "react-router";
import { getEnv } from "./env.ts";

/**
 * Refuses a form post that a page on another origin made. Browsers send Origin with every POST,
 * so a missing or foreign Origin is refused; with the SameSite=Lax session cookie this is our CSRF
 * defence (docs/decisions/006-sessions-and-csrf.md). Origin is compared with SITE_URL, not the
 * Host header, which a proxy may rewrite.
 */
export function requireSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null" && sameHost(origin, getEnv().SITE_URL)) return;
  throw data("다른 사이트에서 보낸 요청은 처리할 수 없습니다.", {
    status: 403,
    headers: { "Cache-Control": "private, no-store" },
  });
}

function sameHost(origin: string, siteUrl: string) {
  try {
    return new URL(origin).host === new URL(siteUrl).host;
  } catch {
    return false;
  }
}
