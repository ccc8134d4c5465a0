import { CACHE_CONTROL } from "#app/.server/http.ts";
import { latestPress } from "#app/.server/content/press.ts";
import { absoluteUrl } from "#app/utils/meta.ts";
import { requireSite } from "#app/.server/site.ts";
import type { Route } from "./+types/press-rss[.]xml";

const FEED_SIZE = 20;

/** RSS 2.0: the site's latest press articles with their summaries. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { pack: site, origin: siteUrl } = requireSite(context, params.site);
  const listUrl = absoluteUrl(siteUrl, `/${site.slug}/press`);
  const articles = await latestPress(site.slug, FEED_SIZE);
  const items = articles.map((article) => {
    const url = absoluteUrl(siteUrl, `/${site.slug}/press/${article.id}`);
    return `    <item>
      <title>${xml(article.title)}</title>
      <link>${xml(url)}</link>
      <guid isPermaLink="true">${xml(url)}</guid>
      <pubDate>${article.date.toUTCString()}</pubDate>
      <description>${xml(article.summary)}</description>
    </item>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${site.seo.siteName} 보도자료`)}</title>
    <link>${xml(listUrl)}</link>
    <description>${xml(site.seo.defaultDescription)}</description>
    <language>ko-KR</language>
    <atom:link href="${xml(absoluteUrl(siteUrl, `/${site.slug}/press/rss.xml`))}" rel="self" type="application/rss+xml"/>
${articles[0] ? `    <lastBuildDate>${articles[0].date.toUTCString()}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed },
  });
}

/** Text for an XML element or attribute; characters XML 1.0 forbids (most control codes) are dropped. */
function xml(text: string) {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}
