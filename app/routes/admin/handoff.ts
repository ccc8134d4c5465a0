import { redirect } from "react-router";
import { CONSOLE_LOGIN_PATH } from "#app/.server/auth.ts";
import { requireSite } from "#app/.server/site.ts";
import { finishHandoff } from "#app/.server/site-handoff.ts";
import type { Route } from "./+types/handoff";

/** The other end of the site switcher: a one-time key from another of the administrator's sites becomes a session here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const setCookie = await finishHandoff(key, requireSite(context).slug);
  if (!setCookie) return redirect(CONSOLE_LOGIN_PATH);
  return redirect("/admin", { headers: { "Set-Cookie": setCookie } });
}
