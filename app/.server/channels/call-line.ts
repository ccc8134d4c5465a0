import type { MiddlewareFunction } from "react-router";
import { CALL_LINE_COOKIE, callLineValue } from "#app/utils/call-line.ts";
import { ATTRIBUTION_COOKIE, attributionOfCookie, landingAttributionCookie } from "../attribution.ts";
import { db } from "../db.ts";
import { getEnv } from "../env.ts";
import { requireSite } from "../site.ts";
import { channelOfAttribution } from "./channels.ts";

/**
 * The call line of a landing (app/utils/call-line.ts): whenever a landing sets the attribution
 * cookie, this sets the channel it belongs to and the channel's number, or clears the line when the
 * new attribution is no channel's. The landing's answer is already private (attribution.ts), so
 * shared pages never carry it. Not HttpOnly: the page's inline script reads it before first paint.
 */
export async function landingCallLineCookie(site: string, attributionCookie: string, secure: boolean) {
  const raw = attributionCookie.slice(ATTRIBUTION_COOKIE.length + 1).split(";", 1)[0];
  const channel = await channelOfAttribution(db(), site, attributionOfCookie(raw));
  const attributes = ["Path=/", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  if (!channel) return `${CALL_LINE_COOKIE}=; Max-Age=0; ${attributes.join("; ")}`;
  return `${CALL_LINE_COOKIE}=${encodeURIComponent(callLineValue({ channelId: channel.id, phone: channel.phone }))}; ${attributes.join("; ")}`;
}

/** Site-layout middleware, after the attribution's: a landing gets its call line too. */
export const callLineMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const secure = getEnv().NODE_ENV === "production";
  const attribution =
    request.method === "GET"
      ? landingAttributionCookie({
          url: request.url,
          referer: request.headers.get("Referer") ?? undefined,
          cookieHeader: request.headers.get("Cookie") ?? undefined,
          secure,
        })
      : undefined;
  const callLine = attribution ? await landingCallLineCookie(requireSite(context).slug, attribution, secure) : undefined;
  const response = await next();
  if (callLine) response.headers.append("Set-Cookie", callLine);
  return response;
};
