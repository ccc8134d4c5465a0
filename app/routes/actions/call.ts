import { countCallTap } from "#app/.server/channels/calls.ts";
import { getClientAddress } from "#app/.server/client-address.ts";
import { postSource } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { consumeRateLimit, type RateLimitRule } from "#app/.server/rate-limit.ts";
import { requireSite } from "#app/.server/site.ts";
import { clientKey, leadPolicy } from "#app/.server/spam.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import type { Route } from "./+types/call";

/**
 * The tel: tap beacon (app/utils/call-line.ts): `channel` ("" for none, or one of the site's
 * channels) and `page` (the path the tap was on). It needs no cookie and keeps only a count per
 * channel, page and day; anything else is refused with a 4xx and counts nothing.
 */

/** A visitor taps a few numbers at most; a script tapping all day is stopped. */
export const CALL_TAP_LIMITS: RateLimitRule[] = [
  { name: "minute", limit: 20, windowMs: 60_000 },
  { name: "day", limit: 200, windowMs: 24 * 60 * 60_000 },
];

/** A path of our pages: letters, digits and the few marks our URLs use, without a query or a second slash at the start. */
const PAGE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%]{0,199}$/;

const answer = (status: number, message?: string, headers: Record<string, string> = {}) =>
  new Response(message ?? null, {
    status,
    headers: {
      "Cache-Control": CACHE_CONTROL.private,
      "X-Robots-Tag": "noindex",
      ...(message ? { "Content-Type": "text/plain; charset=utf-8" } : {}),
      ...headers,
    },
  });

export function loader() {
  return answer(405, "POST only", { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = requireSite(context);
  if (postSource(request, site.origins) === "cross-site") return answer(403, "cross-site");
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|text\/plain|multipart\/form-data)\b/.test(type)) return answer(415, "form data only");
  const rules = leadPolicy().rateLimits.length > 0 ? CALL_TAP_LIMITS : [];
  const limit = await consumeRateLimit(`call:${site.slug}:${clientKey(getClientAddress(context))}`, rules);
  if (!limit.allowed) return answer(429, "too many", { "Retry-After": String(limit.retryAfterSeconds) });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(400, "unreadable");
  }
  const channel = form.get("channel");
  const page = form.get("page");
  const channelId = channel === "" ? null : readWholeNumber(channel);
  if (channelId === undefined || typeof page !== "string" || !PAGE_PATH.test(page)) return answer(400, "channel or page");
  if (!(await countCallTap(site.slug, { channelId, path: page }))) return answer(400, "unknown channel");
  return answer(204);
}
