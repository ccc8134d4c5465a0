import { getEnv } from "#app/.server/env.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";

export function loader() {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${getEnv().SITE_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed },
  });
}
