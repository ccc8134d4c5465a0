import { createContext } from "react-router";
import { analyticsCspSources, type AnalyticsTags } from "#app/utils/analytics.ts";
import { VIDEO_EMBED_ORIGIN } from "#app/utils/video.ts";

/**
 * Cache lifetimes and security headers, named once. Every response gets the baseline headers
 * from server.js; HTML documents add a Content-Security-Policy with the request's script nonce.
 */

export const CACHE_CONTROL = {
  /** Public pages change when content is deployed or an article is published: browsers and
   * CDNs may reuse a page for a minute, and serve it stale for ten while they refetch. */
  publicPage: "public, max-age=60, stale-while-revalidate=600",
  /** A public page listing places left in visit times: a cache may keep it but must ask again
   * each time (the server's own page cache keeps it until a booking or a slot's start changes it,
   * and answers the question with 304 when nothing has). */
  placesPage: "public, max-age=0, must-revalidate",
  /** A public page every request must reach the server for (an article counts its views). */
  livePage: "public, no-cache",
  /** Anything personal (a signed-in administrator, lead data): never stored anywhere. */
  private: "private, no-store",
  /** robots.txt, sitemap.xml, feeds: an hour is fresh enough for crawlers. */
  feed: "public, max-age=3600",
} as const;

/**
 * A page whose address carries a key (a booking's own page, an invitation, a site handoff) or that
 * shows one visitor's own booking: never stored or indexed, and its address never sent to another
 * site. `same-origin`, not `no-referrer`: under `no-referrer` browsers send `Origin: null` with the
 * page's own form posts, which the cross-site check refuses; our own server already knows the key.
 */
export const PERSONAL_PAGE_HEADERS = {
  "Cache-Control": CACHE_CONTROL.private,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const;

/**
 * Said by a route to the server's page cache only (server/page-cache.ts takes it off): the moment
 * what the page shows changes with time alone (a visit time starting is no longer offered), as
 * milliseconds since 1970. Changes in the database end the page through the content version.
 */
export const PAGE_CHANGES_AT_HEADER = "X-Page-Changes-At";

/** Headers between the app and its own server that no response carries out. */
export function isInternalHeader(name: string) {
  return name.toLowerCase() === PAGE_CHANGES_AT_HEADER.toLowerCase();
}

/**
 * A page that lists places left (visit times) must not be reused from a cache; other pages keep
 * the layout's. `changesAt`: when the page turns stale by the clock alone (see PAGE_CHANGES_AT_HEADER).
 */
export function livePageHeaders(live: boolean, changesAt: Date | null = null): HeadersInit {
  if (!live) return {};
  return {
    "Cache-Control": CACHE_CONTROL.placesPage,
    ...(changesAt ? { [PAGE_CHANGES_AT_HEADER]: String(changesAt.getTime()) } : {}),
  };
}

/**
 * How long the server's page cache (server/page-cache.ts) may keep a page, by the Cache-Control
 * its route answered with; a page answered otherwise is rendered for every request. Any change a
 * page shows bumps the site's content version and ends its entries at once; the lifetime bounds
 * what the version cannot see (an article whose scheduled time comes, a D-day at midnight). A
 * page of places left is kept as long, and at most until its next visit time starts
 * (PAGE_CHANGES_AT_HEADER): it used to be kept for one second, so under load the home page was
 * rendered again every second (issue #32).
 */
export const PAGE_CACHE_SECONDS: ReadonlyMap<string, number> = new Map([
  [CACHE_CONTROL.publicPage, 60],
  [CACHE_CONTROL.placesPage, 60],
]);

/**
 * Set by the page cache when it renders a page it may keep for everyone: the document then leaves
 * its form tokens as placeholders and reports its script nonce, both replaced in every response.
 */
export const sharedRenderContext = createContext<{ nonce?: string } | null>(null);

/** Headers every response carries, documents and files alike. */
export function baselineSecurityHeaders({ production }: { production: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": `accelerometer=(), autoplay=(self "${VIDEO_EMBED_ORIGIN}"), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()`,
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * What one page's document opens beyond the policy below, set by its loader (the console's door, the
 * location page with the office's map key); every other page opens none of it.
 */
export interface DocumentAllowances {
  /** WebAssembly: the door's QR reader (zxing-wasm, served from our own build). */
  wasm?: boolean;
  /** The Kakao Maps JavaScript API, its scripts and its map tiles: only when the office set a map key. */
  kakaoMap?: boolean;
}
export const documentAllowancesContext = createContext<DocumentAllowances>({});

/** The hosts the Kakao Maps JavaScript API loads from (its loader, its scripts, its tiles and marker images). */
export const KAKAO_MAP_HOSTS = {
  script: ["https://dapi.kakao.com", "https://t1.daumcdn.net"],
  img: ["https://*.daumcdn.net", "https://*.kakao.com", "https://*.kakaocdn.net"],
  connect: ["https://dapi.kakao.com"],
} as const;

/** The door's Permissions-Policy: the camera for this origin (the baseline turns it off everywhere else). */
export const CAMERA_ALLOWED = { "Permissions-Policy": "camera=(self)" } as const;

/** For everything that is not an HTML document (files, feeds, JSON): nothing may run or frame it. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The policy for HTML documents. Scripts run only with this request's nonce ('strict-dynamic'
 * lets React Router's module scripts load the chunks they import); the page cache puts the hashes
 * of a page's scripts in its place for a page it keeps the same for everyone (server/script-hashes.ts). Frames are limited to the
 * video and VR hosts the content pack names. An ad or analytics tag the office switched on opens
 * exactly its own hosts (app/utils/analytics.ts); with none, nothing leaves the origin.
 */
export function documentCsp({
  nonce,
  frameOrigins,
  production,
  analytics = {},
  allowances = {},
}: {
  nonce: string;
  frameOrigins: string[];
  production: boolean;
  analytics?: AnalyticsTags;
  allowances?: DocumentAllowances;
}) {
  const analyticsTags = analyticsCspSources(analytics);
  const map = allowances.kakaoMap ? KAKAO_MAP_HOSTS : { script: [], img: [], connect: [] };
  const both = (one: readonly string[], other: readonly string[]) => [...new Set([...one, ...other])];
  const tags = {
    script: both(analyticsTags.script, map.script),
    img: both(analyticsTags.img, map.img),
    connect: both(analyticsTags.connect, map.connect),
  };
  const withTags = (sources: string, hosts: string[]) => [sources, ...hosts].join(" ");
  const directives = [
    "default-src 'self'",
    // Browsers that know 'strict-dynamic' ignore host sources; the hosts serve older ones.
    withTags(`script-src 'nonce-${nonce}' 'strict-dynamic'${allowances.wasm ? " 'wasm-unsafe-eval'" : ""}`, tags.script),
    // React writes style attributes (image aspect boxes, transitions); public stylesheets arrive inline (decision 019).
    "style-src 'self' 'unsafe-inline'",
    withTags("img-src 'self' data:", tags.img),
    "font-src 'self'",
    withTags("connect-src 'self'", tags.connect),
    "media-src 'self'",
    `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(production ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}
