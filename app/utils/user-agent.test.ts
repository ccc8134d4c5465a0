import { describe, expect, test } from "vitest";
import { browserSummary } from "./user-agent.ts";
import { formatVisitTime } from "./visit-time.ts";

describe("a browser in two words", () => {
  test.each([
    [
      "Chrome on Android",
      "Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome · Android",
    ],
    [
      "Safari on an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari · iOS",
    ],
    [
      "Samsung Internet, which also calls itself Chrome",
      "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet · Android",
    ],
    [
      "Whale on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Whale/3.27.254.15 Safari/537.36",
      "Whale · Windows",
    ],
    [
      "Edge on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge · Windows",
    ],
    [
      "Chrome on an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      "Chrome · iOS",
    ],
    [
      "KakaoTalk's in-app browser",
      "Mozilla/5.0 (Linux; Android 13; SM-A536N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 KAKAOTALK 10.4.5",
      "카카오톡 · Android",
    ],
    [
      "Safari on a Mac",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      "Safari · macOS",
    ],
  ])("%s", (_what, userAgent, summary) => {
    expect(browserSummary(userAgent)).toBe(summary);
  });

  test("an empty or unknown string has no summary", () => {
    expect(browserSummary("")).toBeNull();
    expect(browserSummary("curl/8.5.0")).toBeNull();
  });
});

describe("a visit's time in a list", () => {
  test("reads as month.day(weekday) and Korean time", () => {
    expect(formatVisitTime(new Date("2026-11-25T05:00:00Z"))).toBe("11.25(수) 14:00");
    expect(formatVisitTime("2026-11-30T15:30:00Z")).toBe("12.1(화) 00:30");
  });
});
