import type { SitePack } from "./types";

/** Public pages served by code rather than by a `pages` entry of the pack. */
export function codePagePaths(site: SitePack): string[] {
  return ["/Promotion/Customer", `/${site.slug}/press`, `/${site.slug}/customer`, "/privacy"];
}

/** URLs a menu may link to that only redirect elsewhere, so the sitemap leaves them out. */
export const REDIRECT_PATHS = ["/Promotion/Press"];

/** Every indexable page of a pack, each once: what the sitemap lists. */
export function publicPaths(site: SitePack): string[] {
  return [...new Set([...Object.keys(site.pages), ...codePagePaths(site)])];
}
