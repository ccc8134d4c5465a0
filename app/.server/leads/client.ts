import crypto from "node:crypto";
import { createCookie } from "react-router";
import { getEnv } from "../env.ts";
import { hmac } from "../secret.ts";

/**
 * Which browser sent a lead: a random id in a first-party cookie, set by the first lead form
 * answer. Only the same browser may add to its earlier lead (message, consent, a booked time) or
 * move its own booking (app/.server/leads/create.ts); a phone number alone proves nothing. The database keeps a keyed
 * hash of the id, never the cookie's value.
 */

const LIFETIME_SECONDS = 35 * 24 * 60 * 60; // A booking can be made 31 days ahead; the cookie outlives it.
const CLIENT_ID = /^[A-Za-z0-9_-]{22}$/;

const leadClientCookie = () =>
  createCookie("lead_client", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: LIFETIME_SECONDS,
    secure: getEnv().NODE_ENV === "production",
  });

export interface LeadClient {
  /** What leads store: a keyed hash of the browser's id. */
  clientId: string;
  /** A Set-Cookie header when the browser had no id yet. */
  setCookie: string | null;
}

export async function leadClient(request: Request): Promise<LeadClient> {
  const cookie = leadClientCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof value === "string" && CLIENT_ID.test(value)) return { clientId: hmac("lead-client", value), setCookie: null };
  const fresh = crypto.randomBytes(16).toString("base64url");
  return { clientId: hmac("lead-client", fresh), setCookie: await cookie.serialize(fresh) };
}
