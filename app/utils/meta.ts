import type { MetaDescriptor } from "react-router";
import type { ImageAsset } from "#app/content/types.ts";
import { SHARE_IMAGE, shareImageUrl } from "./image-variants.js";

/** What every page's metadata needs from the site as a whole (the root loader provides it). */
export interface SiteSeo {
  siteUrl: string;
  siteName: string;
  /** What pages without a picture of their own share in link previews. */
  shareImage: ImageAsset;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Canonical path, e.g. "/Brand/intro". */
  path: string;
  /** The page's own picture for link previews: a pack picture, whose 1200×630 PNG the build composes. */
  image?: ImageAsset;
  type?: "website" | "article";
  robots?: string;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

/**
 * The one place page metadata is built. React Router replaces (not merges) a parent's meta,
 * so every route returns the full set through this helper.
 */
export function seo(site: SiteSeo | undefined, page: PageSeo): MetaDescriptor[] {
  if (!site) return [{ title: page.title }];
  const url = absoluteUrl(site.siteUrl, page.path);
  const picture = page.image ?? site.shareImage;
  const imageUrl = absoluteUrl(site.siteUrl, shareImageUrl(picture.src));
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { name: "robots", content: page.robots ?? "index,follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "ko_KR" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: SHARE_IMAGE.type },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: picture.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
  ];
  const jsonLd = page.jsonLd === undefined ? [] : Array.isArray(page.jsonLd) ? page.jsonLd : [page.jsonLd];
  for (const entry of jsonLd) tags.push({ "script:ld+json": entry });
  return tags;
}

export function absoluteUrl(siteUrl: string, path: string) {
  return new URL(path, `${siteUrl}/`).toString();
}

/** Root loader data as seen from a route's `meta` function. */
export function siteSeoFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { seo?: SiteSeo } | undefined;
  return root?.seo;
}
