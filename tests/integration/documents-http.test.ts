import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { seedDemoContent } from "#app/.server/seed.ts";
import { DEFAULT_SITE } from "#app/content/index.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";
import { PUBLIC_PAGES as PAGES } from "#tests/public-pages.ts";

/**
 * What the server answers over HTTP, read without a browser: these were browser tests that used
 * only Playwright's `request` (docs/decisions/023-fast-tests.md lists where each came from). Same
 * names, same assertions, on the app as `npm start` serves it minus static files and compression
 * (tests/app-server.ts), with the demo content the browser tests' server seeds. What needs the
 * production build's files (hashed assets, link previews, the PDF) or server.js's baseline
 * headers stays in tests/e2e.
 */

const database = withTestDatabase({ empty: "once" });
let app: TestApp;
let baseURL: string;

beforeAll(async () => {
  app = await startTestApp();
  baseURL = app.origin;
  // The default configuration: daegu on localhost at the test server's port.
  setEnv(parseEnv({ PORT: String(app.port) }));
  await seedDemoContent(DEFAULT_SITE);
});
afterAll(() => app.close());

/** The part of Playwright's `request` fixture the tests use; redirects are answered, never followed. */
function answer(response: Response) {
  return {
    status: () => response.status,
    headers: () => Object.fromEntries(response.headers),
    text: () => response.clone().text(),
    json: () => response.clone().json() as Promise<unknown>,
  };
}
const request = {
  async get(path: string, { headers }: { maxRedirects?: number; headers?: Record<string, string> } = {}) {
    return answer(await app.fetch(path, { headers }));
  },
  async post(
    path: string,
    { headers = {}, form }: { maxRedirects?: number; headers?: Record<string, string>; form: Record<string, string> },
  ) {
    return answer(
      await app.fetch(path, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      }),
    );
  },
};

const ALIASES: [alias: string, canonical: string][] = [
  ["/SalesInfo/guide", "/SalesInfo/SubscriptionGuide"],
  ["/SalesInfo/StampTax", "/SalesInfo/stampTax"],
];

function head(html: string) {
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    h1Count: html.match(/<h1[\s>]/g)?.length ?? 0,
  };
}
function directives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = "", ...values] = part.split(/\s+/);
        return [name, values] as const;
      }),
  );
}
describe("server-rendered documents", () => {
  test("the home page arrives as complete Korean HTML without JavaScript", async () => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="ko"/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
    expect(html).toContain('<meta name="robots" content="index,follow"/>');
    expect(html).toMatch(/<h1[^>]*>/);
  });

  test("an unknown path answers 404 with a Korean page", async () => {
    const response = await request.get("/no/such/page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("페이지를 찾을 수 없습니다");
  });

  test("the health check reports the database", async () => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: database.kind });
  });
});
describe("files for crawlers", () => {
  test("robots.txt allows the site, keeps crawlers out of admin and names the sitemap", async () => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain("Allow: /");
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml lists the public pages with absolute URLs", async () => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const body = await response.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ["/", "/Promotion/Customer", "/daegu/press", "/privacy"]) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    expect(locs.every((loc) => loc!.startsWith(`${baseURL}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  test("public pages may be cached briefly by browsers and CDNs, except those showing places left in visit times", async () => {
    const response = await request.get("/Brand/intro");
    expect(response.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    for (const path of ["/", "/daegu/customer"]) {
      expect((await request.get(path)).headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    }
  });
});
describe("the server-rendered home page", () => {
  test("carries every section, link and the visit form, with the hero preloaded per screen and JSON-LD", async () => {
    const html = await (await request.get("/")).text();
    for (const href of [
      "/Brand/video",
      "/BusinessGuide/intro",
      "/LocationEnvironment/intro",
      "/LocationEnvironment/primium",
      "/FloorPlan/84A",
      "/Promotion/Customer",
      "#interestForm",
    ]) {
      expect(html, href).toContain(`href="${href}"`);
    }
    expect(html).toContain('id="interestForm"');
    expect(html).toMatch(/<form[^>]+action="\/daegu\/customer"/);
    expect(html).toMatch(/<link[^>]+rel="preload"[^>]+href="\/images\/daegu\/hero\.svg"[^>]+media="\(min-width: 901px\)"/);
    expect(html).toMatch(/<link[^>]+rel="preload"[^>]+href="\/images\/daegu\/hero-mobile\.svg"[^>]+media="\(max-width: 900px\)"/);
    expect(html).toMatch(/<img[^>]+class="home-hero__image"[^>]+width="1920" height="1080"[^>]+fetchpriority="high"/i);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    const complex = jsonLd.find((entry) => entry["@type"] === "ApartmentComplex");
    expect(complex?.address).toMatchObject({ "@type": "PostalAddress", addressRegion: "대구광역시", addressLocality: "동구" });
  });
});
describe("the visit reservation form", () => {
  test("an unknown site's customer page is Not Found", async () => {
    const response = await request.get("/nowhere/customer");
    expect(response.status()).toBe(404);
  });
});
describe("the inquiry page", () => {
  test("describes itself to search engines as the sales office's contact point", async () => {
    const html = await (await request.get("/Promotion/Customer")).text();
    expect(html).toMatch(/<title>상담 문의[^<]*<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/Promotion\/Customer"/);
    const jsonLd = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      "@type": "RealEstateAgent",
      contactPoint: { "@type": "ContactPoint", telephone: "1661-0000" },
    });
  });
});
describe("informational pages as documents (no JavaScript)", () => {
  test("each answers 200 with its own title, description, canonical URL and one <h1>", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const page = head(await response.text());
      expect(page.title, path).toBeTruthy();
      expect(page.description, path).toBeTruthy();
      expect(page.canonical, path).toBe(`${baseURL}${path}`);
      expect(page.h1Count, path).toBe(1);
      titles.add(page.title!);
      descriptions.add(page.description!);
    }
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  for (const [alias, canonical] of ALIASES) {
    test(`${alias} is moved permanently to ${canonical}`, async () => {
      const response = await request.get(alias, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()["location"]!, "http://x").pathname).toBe(canonical);
    });
  }

  test("an unknown floor-plan type is the Korean 404 page", async () => {
    const response = await request.get("/FloorPlan/99Z");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("페이지를 찾을 수 없습니다");
  });
});
describe("the press list", () => {
  test("the list is cacheable for visitors and the feed is RSS", async () => {
    const list = await request.get("/daegu/press");
    expect(list.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
    expect(list.headers()["vary"]).toMatch(/Cookie/i);
    const feed = await request.get("/daegu/press/rss.xml");
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await feed.text()).toMatch(/<rss version="2.0"[\s\S]*<item>/);
    expect((await request.get("/nowhere/press")).status()).toBe(404);
  });
});
describe("security headers", () => {
  test("documents carry an enforced CSP with a fresh script nonce on every request", async () => {
    const first = await request.get("/");
    const second = await request.get("/");
    const csp = first.headers()["content-security-policy"];
    expect(csp).toBeTruthy();
    expect(first.headers()["content-security-policy-report-only"]).toBeUndefined();
    const policy = directives(csp!);
    const nonce = policy.get("script-src")?.find((value) => value.startsWith("'nonce-"));
    expect(nonce).toBeTruthy();
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(second.headers()["content-security-policy"]).not.toBe(csp);

    // Every script element the browser runs as parsed carries that nonce. The held ones inside
    // <noscript> are text to a browser with scripting; the starter copies them with its own nonce.
    const html = (await first.text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    const value = nonce!.slice("'nonce-".length, -1);
    // Structured data (ld+json) is not executed, so it needs no nonce.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((match) => match[0])
      .filter((script) => !script.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${value}"`);
  });

  test("frames are limited to the video and VR hosts the content names", async () => {
    const csp = (await request.get("/")).headers()["content-security-policy"]!;
    const frameSrc = directives(csp).get("frame-src") ?? [];
    expect(frameSrc.length).toBeGreaterThan(0);
    for (const source of frameSrc) expect(source).toMatch(/^https:\/\/[a-z0-9.-]+$/);
  });

  test("public pages are cached briefly with stale-while-revalidate", async () => {
    const headers = (await request.get("/Brand/intro")).headers();
    expect(headers["cache-control"]).toMatch(/public, max-age=\d+, stale-while-revalidate=\d+/);
  });
});
describe("the admin console", () => {
  test("admin answers are never cached or indexed, and the download refuses a visitor without a session", async () => {
    const login = await request.get("/admin/login");
    expect(login.headers()["cache-control"]).toBe("private, no-store");
    expect(login.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await login.text()).toMatch(/<meta name="robots" content="noindex,nofollow"/);

    for (const path of ["/admin", "/admin/leads", "/admin/leads/1", "/admin/notifications"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toMatch(/^\/admin\/login/);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
      expect(response.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
    }
    const download = await request.post("/admin/leads/export.csv", {
      maxRedirects: 0,
      headers: { Origin: baseURL! },
      form: { purpose: "contact", reason: "몰래 내려받기", columns: "name" },
    });
    expect(download.status()).toBe(401);
    expect(download.headers()["cache-control"]).toBe("private, no-store");
  });
});
