import { issueFormToken } from "#app/.server/form-tokens.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { requireSite } from "#app/.server/site.ts";
import { LEAD_KINDS } from "#app/vocabulary.ts";
import type { Route } from "./+types/token";

/**
 * A fresh token for a lead form drawn in the browser (app/components/form-token.ts): the pages
 * the server renders carry one already. Each token makes one lead and expires in two hours.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const kind = LEAD_KINDS.find((candidate) => candidate === new URL(request.url).searchParams.get("form"));
  const headers = { "Cache-Control": CACHE_CONTROL.private, "X-Robots-Tag": "noindex" };
  if (!kind) return Response.json({ error: "form must be interest, visit or inquiry" }, { status: 400, headers });
  return Response.json({ token: issueFormToken(requireSite(context).slug, kind) }, { headers });
}
