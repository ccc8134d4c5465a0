import crypto from "node:crypto";
import { recordReceipts } from "../outbox/receipts.ts";
import { reportsFromSolapi } from "./solapi.ts";

/**
 * SOLAPI's delivery reports posted to `/hooks/solapi/<secret>` (or with `Authorization: Bearer
 * <secret>`). SOLAPI's console takes a URL only, so the secret travels in it; the route is outside
 * the console (no session) and is authenticated by this secret alone (SOLAPI_WEBHOOK_SECRET).
 */

export type HookOutcome =
  | { status: 401; reason: "no-secret-configured" | "no-credentials" }
  | { status: 403; reason: "wrong-secret" }
  | { status: 400; reason: "not-json" }
  | { status: 200; recorded: number };

/** Which secret the request presents: the URL's last segment, else a bearer token. */
export function presentedSecret(request: Request, key: string | undefined): string | null {
  if (key) return key;
  const header = request.headers.get("authorization");
  const bearer = header && /^Bearer\s+(.+)$/i.exec(header.trim())?.[1];
  return bearer ?? null;
}

/** Equal secrets, compared in constant time (digests first, so lengths leak nothing either). */
export function sameSecret(presented: string, expected: string) {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(presented), digest(expected));
}

/** Authenticates the post, then records every report it carries; a refused post changes nothing. */
export async function receiveSolapiReports(request: Request, key: string | undefined, secret: string | undefined): Promise<HookOutcome> {
  if (!secret) return { status: 401, reason: "no-secret-configured" };
  const presented = presentedSecret(request, key);
  if (!presented) return { status: 401, reason: "no-credentials" };
  if (!sameSecret(presented, secret)) return { status: 403, reason: "wrong-secret" };
  let payload: unknown;
  try {
    payload = await request.json();
  } catch {
    return { status: 400, reason: "not-json" };
  }
  return { status: 200, recorded: await recordReceipts(reportsFromSolapi(payload)) };
}
