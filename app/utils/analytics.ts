/**
 * The ad and analytics tools a site may switch on (issue #18), declared once: the setting naming
 * the tool's id, what the privacy page says about it, the hosts the CSP opens for it, and its
 * snippet. With no id set nothing here runs and no request leaves the origin.
 */

export interface AnalyticsTags {
  ga4MeasurementId?: string;
  naverAnalyticsId?: string;
  metaPixelId?: string;
  kakaoPixelId?: string;
}

export type AnalyticsSetting = keyof AnalyticsTags;

interface AnalyticsTool {
  setting: AnalyticsSetting;
  /** The privacy page's name for the tool and who runs it. */
  name: string;
  company: string;
  /** The script the page loads (the snippet's own tag, given the page's nonce). */
  scriptSrc: (id: string) => string;
  /** Runs after the script tag: the vendor's own set-up, with ids already checked by the settings form. */
  init: (id: string) => string;
  /** Where its script comes from, and where it sends what it measures. */
  hosts: { script: string[]; connect: string[]; img: string[] };
}

export const ANALYTICS_TOOLS: AnalyticsTool[] = [
  {
    setting: "ga4MeasurementId",
    name: "Google 애널리틱스 4",
    company: "Google LLC",
    scriptSrc: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
    init: (id) =>
      `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("js",new Date());gtag("config",${JSON.stringify(id)});`,
    hosts: {
      script: ["https://www.googletagmanager.com"],
      connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"],
      img: ["https://*.google-analytics.com", "https://www.googletagmanager.com"],
    },
  },
  {
    setting: "naverAnalyticsId",
    name: "네이버 애널리틱스",
    company: "네이버 주식회사",
    scriptSrc: () => "https://wcs.naver.net/wcslog.js",
    init: (id) => `window.wcs_add=window.wcs_add||{};wcs_add["wa"]=${JSON.stringify(id)};if(window.wcs){wcs_do();}`,
    hosts: {
      script: ["https://wcs.naver.net"],
      connect: ["https://wcs.naver.com", "https://wcs.naver.net"],
      img: ["https://wcs.naver.com", "https://wcs.naver.net"],
    },
  },
  {
    setting: "metaPixelId",
    name: "메타 픽셀",
    company: "Meta Platforms, Inc.",
    scriptSrc: () => "https://connect.facebook.net/en_US/fbevents.js",
    // The vendor's stub queues calls until fbevents.js (loaded by the tag above) takes over.
    init: (id) =>
      `if(!window.fbq){var n=window.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!window._fbq)window._fbq=n;n.push=n;n.loaded=!0;n.version="2.0";n.queue=[];}fbq("init",${JSON.stringify(id)});fbq("track","PageView");`,
    hosts: { script: ["https://connect.facebook.net"], connect: ["https://www.facebook.com"], img: ["https://www.facebook.com"] },
  },
  {
    setting: "kakaoPixelId",
    name: "카카오 픽셀",
    company: "주식회사 카카오",
    scriptSrc: () => "https://t1.daumcdn.net/kas/static/kp.js",
    // kp.js is loaded in order before this, so kakaoPixel exists unless a blocker removed it.
    init: (id) => `window.kakaoPixelIds=[${JSON.stringify(id)}];if(window.kakaoPixel){kakaoPixel(${JSON.stringify(id)}).pageView();}`,
    hosts: { script: ["https://t1.daumcdn.net"], connect: ["https://bc.ad.daum.net"], img: ["https://bc.ad.daum.net"] },
  },
];

/** The tools with an id set, each with that id. */
export function toolsInUse(tags: AnalyticsTags): { tool: AnalyticsTool; id: string }[] {
  return ANALYTICS_TOOLS.flatMap((tool) => {
    const id = tags[tool.setting];
    return id ? [{ tool, id }] : [];
  });
}

/** The extra CSP sources the tools in use need, by directive. */
export function analyticsCspSources(tags: AnalyticsTags): { script: string[]; connect: string[]; img: string[] } {
  const used = toolsInUse(tags).map(({ tool }) => tool.hosts);
  const unique = (hosts: string[]) => [...new Set(hosts)];
  return {
    script: unique(used.flatMap((hosts) => hosts.script)),
    connect: unique(used.flatMap((hosts) => hosts.connect)),
    img: unique(used.flatMap((hosts) => hosts.img)),
  };
}

interface TagGlobals {
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
  kakaoPixel?: (id: string) => { participation: () => void };
  kakaoPixelIds?: string[];
  wcs?: { cnv?: (type: string, value: string) => unknown; trans?: (conversion: { type: string }) => void };
  wcs_do?: (options?: Record<string, unknown>) => void;
}

/**
 * A lead was received: tells each tool on the page, as its vendor documents a lead (sign-up or
 * enquiry). Tools that are off (or that a blocker removed) are simply absent.
 */
export function reportLeadConversion(): void {
  const globals = window as unknown as TagGlobals;
  try {
    globals.gtag?.("event", "generate_lead");
    globals.fbq?.("track", "Lead");
    for (const id of globals.kakaoPixelIds ?? []) globals.kakaoPixel?.(id).participation();
    if (globals.wcs?.trans) globals.wcs.trans({ type: "lead" });
    else if (globals.wcs?.cnv && globals.wcs_do) globals.wcs_do({ cnv: globals.wcs.cnv("4", "1") });
  } catch {
    // A vendor's script failing must never spoil the visitor's confirmation.
  }
}
