import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { attributionMiddleware, landingAttributionCookie, readAttribution } from "./attribution.ts";
import { parseEnv, setEnv } from "./env.ts";

const landing = (url: string, referer?: string, cookieHeader?: string) =>
  landingAttributionCookie({ url, referer, cookieHeader, secure: false });

function requestWith(cookie: string | undefined) {
  return new Request("https://www.example.co.kr/actions/visit", { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
}

describe("campaign attribution", () => {
  test("a landing URL with utm_* sets a session cookie that later requests read back, with the referring host", () => {
    const setCookie = landing(
      "https://www.example.co.kr/?utm_source=naver&utm_medium=cpc&utm_campaign=spring_open",
      "https://search.naver.com/search.naver?query=동대구",
    );
    expect(setCookie).toMatch(/^lead_source=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(setCookie).not.toMatch(/Max-Age|Expires/);
    const pair = setCookie!.split(";")[0]!;
    expect(readAttribution(requestWith(pair))).toEqual({
      utmSource: "naver",
      utmMedium: "cpc",
      utmCampaign: "spring_open",
      referrerHost: "search.naver.com",
    });
  });

  test("moving between our own pages keeps what was kept", () => {
    expect(landing("https://www.example.co.kr/Brand/intro", "https://www.example.co.kr/")).toBeUndefined();
  });

  test("a plain external referrer is kept only when nothing was kept yet", () => {
    expect(landing("https://www.example.co.kr/", "https://blog.example.net/post/1")).toContain("lead_source=");
    expect(landing("https://www.example.co.kr/", "https://blog.example.net/post/1", "lead_source=s%3Dnaver")).toBeUndefined();
  });

  test("a new campaign replaces the old one", () => {
    expect(landing("https://www.example.co.kr/?utm_source=kakao", undefined, "lead_source=s%3Dnaver")).toContain("kakao");
  });

  test("values are cut to the column size and Secure is added in production", () => {
    const setCookie = landingAttributionCookie({
      url: `https://www.example.co.kr/?utm_campaign=${"x".repeat(300)}`,
      referer: undefined,
      cookieHeader: undefined,
      secure: true,
    });
    expect(setCookie).toMatch(/; Secure$/);
    expect(readAttribution(requestWith(setCookie!.split(";")[0])).utmCampaign).toHaveLength(100);
  });

  test("a visit without a cookie, or with a mangled one, has no attribution", () => {
    const none = { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null };
    expect(readAttribution(requestWith(undefined))).toEqual(none);
    expect(readAttribution(requestWith("lead_source=%E0%A4%A"))).toEqual(none);
  });

  test("control characters a forged cookie carries (a NUL byte cannot be stored) are dropped", () => {
    const forged = `lead_source=${encodeURIComponent(new URLSearchParams({ s: "na\u0000ver", c: "\u0000\u0001" }).toString())}`;
    expect(readAttribution(requestWith(forged))).toMatchObject({ utmSource: "naver", utmCampaign: null });
  });
});

describe("the site layout's attribution middleware", () => {
  const run = (url: string) =>
    attributionMiddleware(
      { request: new Request(url), params: {}, context: new RouterContextProvider(), url: new URL(url), pattern: "" },
      async () => new Response("page", { headers: { "Cache-Control": "public, max-age=60" } }),
    );

  test("sets the cookie on a campaign landing and keeps that personal answer out of shared caches", async () => {
    setEnv(parseEnv({}));
    const response = await run("https://www.example.co.kr/?utm_source=naver");
    expect(response?.headers.get("Set-Cookie")).toMatch(/^lead_source=/);
    expect(response?.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("leaves an ordinary page view, and its caching, alone", async () => {
    setEnv(parseEnv({}));
    const response = await run("https://www.example.co.kr/Brand/intro");
    expect(response?.headers.get("Set-Cookie")).toBeNull();
    expect(response?.headers.get("Cache-Control")).toBe("public, max-age=60");
  });
});
