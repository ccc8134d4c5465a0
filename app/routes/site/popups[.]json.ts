import { CACHE_CONTROL } from "#app/.server/http.ts";
import { activePopups } from "#app/.server/content/popups.ts";
import { requireSite } from "#app/.server/site.ts";
import { addDays, kstDay, kstInstant } from "#app/utils/kst.ts";
import type { PopupsAnswer } from "#app/forms/popups.ts";
import type { Route } from "./+types/popups[.]json";

/**
 * The notice popups showing now, fetched by the page after its first paint: they are never part
 * of the page's HTML (crawlers index the page, not the notice), and a change shows at once.
 * `koreanMidnight` is where a day begins in Korea (the next midnight, in ms): "오늘 하루 보지 않기"
 * counts whole days from it, so the popups' code carries no calendar helpers (app/utils/kst.ts)
 * to the page: one response fewer for a page with popups (docs/decisions/020-javascript-budget.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const popups = await activePopups(requireSite(context).slug, now);
  const koreanMidnight = kstInstant(addDays(kstDay(now), 1), "00:00").getTime();
  return Response.json({ popups, koreanMidnight } satisfies PopupsAnswer, {
    headers: { "Cache-Control": CACHE_CONTROL.livePage, "X-Robots-Tag": "noindex" },
  });
}
