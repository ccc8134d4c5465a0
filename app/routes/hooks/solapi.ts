import { getEnv } from "#app/.server/env.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { receiveSolapiReports } from "#app/.server/sms/solapi-hook.ts";
import type { Route } from "./+types/solapi";

/**
 * SOLAPI's delivery reports (수신 완료, 실패 and why): authenticated by SOLAPI_WEBHOOK_SECRET,
 * never by a console session (app/.server/sms/solapi-hook.ts). Answers JSON; SOLAPI retries on
 * anything but 2xx.
 */
const HEADERS = { "Cache-Control": CACHE_CONTROL.private, "X-Robots-Tag": "noindex" };

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await receiveSolapiReports(request, params.key, getEnv().SOLAPI_WEBHOOK_SECRET);
  if (outcome.status === 200) return Response.json({ ok: true, recorded: outcome.recorded }, { headers: HEADERS });
  return Response.json({ ok: false, error: outcome.reason }, { status: outcome.status, headers: HEADERS });
}

export function loader() {
  return Response.json({ ok: false, error: "POST only" }, { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}
