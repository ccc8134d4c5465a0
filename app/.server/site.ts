import { data } from "react-router";
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

/** The content pack of a site that data names (a lead's, a booking's); an unknown slug is a bug, not a visitor's mistake. */
export function sitePack(slug: string): SitePack {
  const pack = sitePacks[slug];
  if (!pack) throw new Error(`Unknown site ${slug}`);
  return pack;
}

/** The content pack a /{site}/… URL names; an unknown slug is a 404. */
export function requireSite(slug: string | undefined): SitePack {
  if (slug && Object.hasOwn(sitePacks, slug)) return sitePacks[slug]!;
  throw data(null, { status: 404 });
}

/** Origins the pages may frame (video player, VR tours): the CSP's frame-src. */
export function frameOrigins(): string[] {
  const tours = getSite().vrTabs.map((tab) => new URL(tab.url).origin);
  return [...new Set([VIDEO_EMBED_ORIGIN, ...tours])];
}
