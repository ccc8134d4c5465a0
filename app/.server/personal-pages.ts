/**
 * The public pages that show one visitor their own booking: a booking's page from its texts
 * (/{site}/visit/{key}) and the visit page answering a booking made without JavaScript
 * (/{site}/customer?done=1, which names the booked time). They carry none of the office's ad and
 * analytics tags (the site layout leaves them out), are never cached or indexed, and send their
 * address to no other site (PERSONAL_PAGE_HEADERS). Other result pages (?done=1 of the inquiry
 * page) show only a thank-you and keep the tags that count the conversion.
 */
export function showsVisitorsOwnBooking(url: URL): boolean {
  if (/^\/[^/]+\/visit\/[^/]+\/?$/.test(url.pathname)) return true;
  // A waitlist entry's own page (its name, time, the place held), and the join page's answer (their place in line).
  if (/^\/[^/]+\/waitlist\/[^/]+\/?$/.test(url.pathname)) return true;
  if (/^\/[^/]+\/waitlist\/?$/.test(url.pathname) && url.searchParams.get("done") === "1") return true;
  return /^\/[^/]+\/customer\/?$/i.test(url.pathname) && url.searchParams.get("done") === "1";
}

/** The personal opt-out link of a text (/{site}/optout/{token}): the same care as a booking's page. */
export function isPersonalPage(url: URL): boolean {
  return showsVisitorsOwnBooking(url) || /^\/[^/]+\/optout\/[^/]+\/?$/.test(url.pathname);
}

/** A lead form posted from such a page records where it came from without the key in its address. */
export function withoutBookingKey(path: string): string {
  return path.replace(/^(\/[^/]+\/(?:visit|waitlist))\/[^/]+\/?$/, "$1");
}
