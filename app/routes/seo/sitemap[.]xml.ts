import { CACHE_CONTROL } from "#app/.server/http.ts";
import { listPressForSitemap } from "#app/.server/content/press.ts";
import { requireSite } from "#app/.server/site.ts";
import { unitSettingsOf } from "#app/.server/units/settings.ts";
import { PUBLIC_UNITS_PATH } from "#app/content/units-page.ts";
import { publicPaths } from "#app/content/public-paths.ts";
import { absoluteUrl } from "#app/utils/meta.ts";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { pack: site, origin } = requireSite(context);
  const [articles, units] = await Promise.all([listPressForSitemap(site.slug), unitSettingsOf(site.slug)]);
  // The 잔여세대 page exists only while the office has it on (docs/decisions/030-unit-inventory.md).
  const unitsPage = units.publicPage ? [PUBLIC_UNITS_PATH] : [];
  const paths = [...publicPaths(site), ...unitsPage, ...articles.map((article) => `/${site.slug}/press/${article.id}`)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(origin, path))}</loc></url>`);
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed },
  });
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
