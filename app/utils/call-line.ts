import { useSyncExternalStore } from "react";
import { formatPhone } from "./phone.ts";

/**
 * A visitor's call line (issue #31, docs/decisions/032): the channel they landed through and its
 * own phone number, kept in a first-party session cookie the landing answer sets (it is private
 * anyway). Shared pages carry the site's number; the frame's inline script (callLineScript) puts the
 * channel's in before the first paint, and the components below render the same after hydration.
 * No personal data: a channel id and a public number.
 */

export const CALL_LINE_COOKIE = "call_line";
/** Where the pages' tel: taps are counted (app/routes/actions/call.ts). */
export const CALL_TAP_PATH = "/actions/call";

/** "7.05041234567.0504-123-4567": the channel, its number's digits and how it is shown (both "" when it has none). */
const CALL_LINE = /^(\d{1,9})\.(\d{8,12})?\.([\d-]{0,16})$/;

export interface CallLine {
  channelId: number;
  /** Digits, or "" when the channel shows the site's own number. */
  phone: string;
}

export function callLineValue({ channelId, phone }: CallLine) {
  return `${channelId}.${phone}.${phone ? formatPhone(phone) : ""}`;
}

export function readCallLine(value: string | undefined): CallLine | null {
  const match = value === undefined ? null : CALL_LINE.exec(decodeURIComponent(value));
  return match ? { channelId: Number(match[1]), phone: match[2] ?? "" } : null;
}

function cookieValue(cookies: string) {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CALL_LINE_COOKIE) return rest.join("=");
  }
  return undefined;
}

const subscribeNever = () => () => {};

/**
 * The number to show and dial: the visitor's channel's, else the site's. Server HTML and hydration
 * render the site's (what the shared page holds, already swapped by the inline script, so the
 * element rendering it carries suppressHydrationWarning); the browser then renders the channel's.
 */
export function useCallPhone(sitePhone: string) {
  return useSyncExternalStore(
    subscribeNever,
    () => readCallLine(cookieValue(document.cookie))?.phone || sitePhone,
    () => sitePhone,
  );
}

/**
 * The frame's inline script, run before the header is parsed: with a call line it swaps the site's
 * number for the channel's in every tel: link and every element marked `data-call-number`, as the
 * parser adds them (a MutationObserver's records are handled before the next paint), so no other
 * number is ever painted; and on every page it reports taps on tel: links with a beacon that needs
 * no cookie (a visitor without a call line counts as channel 0).
 */
export function callLineScript(sitePhone: string) {
  const site = JSON.stringify({ digits: sitePhone.replace(/\D/g, ""), shown: formatPhone(sitePhone) });
  return `((site) => {
  const line = /(?:^|;\\s*)${CALL_LINE_COOKIE}=([^;]*)/.exec(document.cookie);
  const parts = line ? /^(\\d{1,9})\\.(\\d{8,12})?\\.([\\d-]{0,16})$/.exec(decodeURIComponent(line[1])) : null;
  const channel = parts ? parts[1] : "";
  addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="tel:"]') : null;
    if (link && navigator.sendBeacon) navigator.sendBeacon("${CALL_TAP_PATH}", new URLSearchParams({ channel, page: location.pathname }));
  }, true);
  if (!parts || !parts[2] || parts[2] === site.digits) return;
  const digits = parts[2], shown = parts[3];
  const siteLinks = "a[href=" + JSON.stringify("tel:" + site.digits) + "]";
  const swap = () => {
    for (const link of document.querySelectorAll(siteLinks)) {
      link.setAttribute("href", "tel:" + digits);
      const label = link.getAttribute("aria-label");
      if (label) link.setAttribute("aria-label", label.replace(site.shown, shown));
    }
    for (const element of document.querySelectorAll("[data-call-number]")) {
      const text = element.firstChild;
      if (text && text.nodeType === 3 && !text.nextSibling) { if (text.data !== shown) text.data = shown; }
      else if (element.textContent !== shown) element.textContent = shown;
    }
  };
  swap();
  new MutationObserver(swap).observe(document.documentElement, { childList: true, subtree: true });
})(${site});`;
}
