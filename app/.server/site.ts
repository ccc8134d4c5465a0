import { createContext, data, type RouterContextProvider } from "react-router";
import { sitePacks } from "#app/content/index.ts";
import type { SitePack } from "#app/content/types.ts";
import { VIDEO_EMBED_ORIGIN } from "#app/utils/video.ts";
import { getEnv } from "./env.ts";

/**
 * Which development a request is for. One server presents every site named in SITES, each on its
 * own host (docs/decisions/013-sites-by-hostname.md): server/create-app.ts picks the site from the
 * request's host before anything else runs, and every loader, action and query asks for it here.
 */

export interface RequestSite {
  slug: string;
  /** The site's canonical origin, scheme://host[:port]: every absolute URL of the site uses it. */
  origin: string;
  /** Every origin the site answers on (the canonical one and aliases): a post from any of them is the site's own. */
  origins: string[];
  pack: SitePack;
}

/** Set per request by server/create-app.ts; null only on a host no site claims (where only /healthz answers). */
export const siteContext = createContext<RequestSite | null>(null);

/** Every site this server presents, in the order SITES names them. */
export function servedSites(): RequestSite[] {
  return getEnv().SITES.map((address) => ({ ...address, pack: sitePack(address.slug) }));
}

/**
 * The site one of whose origins has this host (host[:port] as the client, or behind TRUST_PROXY
 * proxies the proxy, named it; default ports left out). Matching on the host and not the scheme
 * lets a TLS-terminating proxy talk plain HTTP to us.
 */
export function siteForHost(host: string | undefined): RequestSite | undefined {
  const wanted = host?.toLowerCase();
  const address = wanted ? getEnv().SITES.find((site) => site.origins.some((origin) => new URL(origin).host === wanted)) : undefined;
  return address && { ...address, pack: sitePack(address.slug) };
}

/**
 * The request's site. `slug`, when a URL names one (/{site}/press, /{site}/customer…), must be
 * that site's own: another site's slug on this host is a 404, so no page shows another site's data.
 */
export function requireSite(context: Readonly<RouterContextProvider>, slug?: string): RequestSite {
  const site = context.get(siteContext);
  if (!site || (slug !== undefined && slug !== site.slug)) throw data(null, { status: 404 });
  return site;
}

/** The canonical origin of a site this server presents, for links in texts and feeds. */
export function siteOrigin(slug: string): string {
  const site = getEnv().SITES.find((candidate) => candidate.slug === slug);
  if (!site) throw new Error(`The site ${slug} is not among SITES`);
  return site.origin;
}

/** The content pack of a site that data names (a lead's, a booking's); an unknown slug is a bug, not a visitor's mistake. */
export function sitePack(slug: string): SitePack {
  const pack = sitePacks[slug];
  if (!pack) throw new Error(`Unknown site ${slug}`);
  return pack;
}

/** Origins a site's pages may frame (video player, VR tours): the CSP's frame-src. */
export function frameOrigins(pack: SitePack): string[] {
  const tours = pack.vrTabs.map((tab) => new URL(tab.url).origin);
  return [...new Set([VIDEO_EMBED_ORIGIN, ...tours])];
}
