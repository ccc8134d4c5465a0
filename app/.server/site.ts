import { sitePacks } from "#app/content/index.ts";
import type { SitePack } from "#app/content/types.ts";
import { VIDEO_EMBED_ORIGIN } from "#app/utils/video.ts";
import { getEnv } from "./env.ts";

/** The content pack this server presents (chosen by SITE). */
export function getSite(): SitePack {
  const pack = sitePacks[getEnv().SITE];
  if (!pack) throw new Error(`Unknown SITE ${getEnv().SITE}`);
  return pack;
}

/** A content pack by URL slug, for /{site}/… routes; undefined for an unknown slug. */
export function findSite(slug: string | undefined): SitePack | undefined {
  return slug && Object.hasOwn(sitePacks, slug) ? sitePacks[slug] : undefined;
}

/** Origins the pages may frame (video player, VR tours): the CSP's frame-src. */
export function frameOrigins(): string[] {
  const tours = getSite().vrTabs.map((tab) => new URL(tab.url).origin);
  return [...new Set([VIDEO_EMBED_ORIGIN, ...tours])];
}
