/**
 * A browser's user-agent string in two words, "Chrome · Android", for the lead page; the whole
 * string stays on the page for whoever needs it. Interim: ua-parser-js is the library for this and
 * is not yet a dependency. Until it is, the few browsers Korean visitors use, tested in
 * user-agent.test.ts; order matters, since most browsers also call themselves Chrome and Safari.
 */

const BROWSERS: [RegExp, string][] = [
  [/KAKAOTALK/i, "카카오톡"],
  [/NAVER\(inapp/i, "네이버 앱"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Whale\//, "Whale"],
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/FxiOS\/|Firefox\//, "Firefox"],
  [/CriOS\/|Chrome\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
  [/iPhone|iPad/, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function browserSummary(userAgent: string): string | null {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return null;
  return [browser ?? "알 수 없는 브라우저", system].filter(Boolean).join(" · ");
}
