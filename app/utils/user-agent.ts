import { UAParser } from "ua-parser-js";

/**
 * A browser's user-agent string in two words, "Chrome · Android", for the lead page; the whole
 * string stays on the page for whoever needs it. Parsed by ua-parser-js (1.x: MIT; 2.x changed
 * to AGPL), with the names it gives renamed where Korean staff know them otherwise.
 */

const BROWSER_NAMES: Record<string, string> = {
  "Mobile Safari": "Safari",
  KAKAOTALK: "카카오톡",
  NAVER: "네이버 앱",
};

const SYSTEM_NAMES: Record<string, string> = {
  "Mac OS": "macOS",
  "Chromium OS": "ChromeOS",
};

export function browserSummary(userAgent: string): string | null {
  if (!userAgent) return null;
  const { browser, os } = new UAParser(userAgent).getResult();
  if (!browser.name && !os.name) return null;
  const name = browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : "알 수 없는 브라우저";
  const system = os.name ? (SYSTEM_NAMES[os.name] ?? os.name) : null;
  return [name, system].filter(Boolean).join(" · ");
}
