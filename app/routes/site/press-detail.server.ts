import { isbot } from "isbot";
import type { Admin } from "#app/.server/auth/sign-in.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import type { PressArticle } from "#app/.server/content/press.ts";
import type { SitePack } from "#app/content/types.ts";
import { shareImageUrl } from "#app/utils/image-variants.js";
import { absoluteUrl } from "#app/utils/meta.ts";

/**
 * Whether this request is a person opening the article. Crawlers and link previews are not,
 * and neither is a prefetch (a browser or a framework fetching ahead in case of a click).
 */
export function countsAsView(request: Request) {
  if (request.method !== "GET") return false;
  if (isbot(request.headers.get("User-Agent"))) return false;
  const purpose = `${request.headers.get("Purpose") ?? ""} ${request.headers.get("Sec-Purpose") ?? ""}`;
  return !/\bprefetch\b/i.test(purpose);
}

/**
 * Every request must reach the server to be counted, so the detail is never served from a
 * cache without asking (no-cache); back and forward may still reuse it, as they are no new view.
 */
export function detailHeaders(admin: Admin | null): HeadersInit {
  return { "Cache-Control": admin ? CACHE_CONTROL.private : CACHE_CONTROL.livePage, Vary: "Cookie" };
}

/** schema.org NewsArticle for search engines. */
export function articleJsonLd({
  site,
  article,
  siteUrl,
}: {
  site: SitePack;
  article: Pick<PressArticle, "id" | "title" | "summary" | "date">;
  siteUrl: string;
}) {
  const url = absoluteUrl(siteUrl, `/${site.slug}/press/${article.id}`);
  const organization = {
    "@type": "Organization",
    name: site.seo.siteName,
    url: absoluteUrl(siteUrl, "/"),
    logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, site.brand.logo.src) },
  };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: article.summary,
    datePublished: article.date.toISOString(),
    mainEntityOfPage: url,
    url,
    image: [absoluteUrl(siteUrl, shareImageUrl(site.seo.shareImage.src))],
    author: organization,
    publisher: organization,
    inLanguage: "ko-KR",
  };
}
