import { CACHE_CONTROL } from "#app/.server/http.ts";
import { leadJsonResponse } from "./lead-json.server.ts";
import { requireSite } from "#app/.server/site.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import type { Route } from "./+types/interest";

const NOT_CACHED = { "Cache-Control": CACHE_CONTROL.private, "X-Robots-Tag": "noindex" };

/** What the registration popup needs when it opens: its wording and the consent notice (the form fetches its own token). */
export async function loader({ context }: Route.LoaderArgs) {
  const { consent, popup } = (await effectivePack(requireSite(context).pack)).pack.leads;
  return Response.json({ consent, popup }, { headers: NOT_CACHED });
}

export function action({ request, context }: Route.ActionArgs) {
  return leadJsonResponse("interest", request, context);
}
