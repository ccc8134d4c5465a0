import { CACHE_CONTROL } from "#app/.server/http.ts";
import { activePopups } from "#app/.server/content/popups.ts";
import { requireSite } from "#app/.server/site.ts";
import type { Route } from "./+types/popups[.]json";

/**
 * The notice popups showing now, fetched by the page after its first paint: they are never part
 * of the page's HTML (crawlers index the page, not the notice), and a change shows at once.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const popups = await activePopups(requireSite(context).slug);
  return Response.json({ popups }, { headers: { "Cache-Control": CACHE_CONTROL.livePage, "X-Robots-Tag": "noindex" } });
}
