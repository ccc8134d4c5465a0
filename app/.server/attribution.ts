import type { MiddlewareFunction } from "react-router";
import { withoutControlCharacters } from "#app/forms/text.ts";
import { getEnv } from "./env.ts";

/**
 * Where a visitor came from: the utm_* parameters of the URL they landed on and the host of the
 * site that sent them, kept for the visit in a first-party session cookie (no Max-Age: it ends
 * with the browser session) so that a lead made pages later still knows its campaign.
 */

export interface Attribution {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
}

export const ATTRIBUTION_COOKIE = "lead_source";
const FIELD_MAX = 100;

const NONE: Attribution = { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null };

/**
 * The Set-Cookie value for a request that lands from a campaign or another site, or undefined.
 * A new campaign URL replaces what was kept; a plain external referrer only fills an empty slot,
 * so moving between our pages (or coming back from a map site) keeps the original campaign.
 */
export function landingAttributionCookie({
  url,
  referer,
  cookieHeader,
  secure,
}: {
  url: string;
  referer: string | undefined;
  cookieHeader: string | undefined;
  secure: boolean;
}): string | undefined {
  const landing = new URL(url);
  const params = landing.searchParams;
  const referrerHost = externalHost(referer, landing.host);
  const hasCampaign = ["utm_source", "utm_medium", "utm_campaign"].some((name) => params.get(name));
  if (!hasCampaign && (!referrerHost || readCookie(cookieHeader, ATTRIBUTION_COOKIE) !== undefined)) return undefined;
  const value = new URLSearchParams();
  for (const [name, key] of [
    ["utm_source", "s"],
    ["utm_medium", "m"],
    ["utm_campaign", "c"],
  ] as const) {
    const field = withoutControlCharacters(params.get(name) ?? "")
      .trim()
      .slice(0, FIELD_MAX);
    if (field) value.set(key, field);
  }
  if (referrerHost) value.set("r", referrerHost);
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return `${ATTRIBUTION_COOKIE}=${encodeURIComponent(value.toString())}; ${attributes.join("; ")}`;
}

/** The attribution a lead form's request carries (nothing when the visit had none). */
export function readAttribution(request: Request): Attribution {
  return attributionOfCookie(readCookie(request.headers.get("Cookie") ?? undefined, ATTRIBUTION_COOKIE));
}

/** The attribution a `lead_source` cookie's raw value holds (nothing when absent or unreadable). */
export function attributionOfCookie(raw: string | undefined): Attribution {
  if (!raw) return NONE;
  let value: URLSearchParams;
  try {
    value = new URLSearchParams(decodeURIComponent(raw));
  } catch {
    return NONE;
  }
  // The cookie comes back from the browser, so anything may be in it: a NUL byte would make the
  // lead impossible to store.
  const field = (key: string) => withoutControlCharacters(value.get(key) ?? "").slice(0, FIELD_MAX) || null;
  return { utmSource: field("s"), utmMedium: field("m"), utmCampaign: field("c"), referrerHost: field("r") };
}

function externalHost(referer: string | undefined, ownHost: string): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).host;
    return host && host !== ownHost ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/** One cookie's raw value from a Cookie header, or undefined when the header does not carry it. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * Site-layout middleware: a landing request from a campaign or another site gets the cookie.
 * That response names one visitor's source, so it must not be cached and shared.
 */
export const attributionMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const cookie =
    request.method === "GET"
      ? landingAttributionCookie({
          url: request.url,
          referer: request.headers.get("Referer") ?? undefined,
          cookieHeader: request.headers.get("Cookie") ?? undefined,
          secure: getEnv().NODE_ENV === "production",
        })
      : undefined;
  const response = await next();
  if (cookie) {
    response.headers.append("Set-Cookie", cookie);
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};
