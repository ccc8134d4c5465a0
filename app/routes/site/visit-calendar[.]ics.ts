import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { wayThereOf } from "#app/.server/content/way-there.ts";
import { requireSite } from "#app/.server/site.ts";
import { findBookingByLink } from "#app/.server/visits/booking-link.ts";
import { bookingCalendar } from "#app/.server/visits/calendar.ts";
import type { Route } from "./+types/visit-calendar[.]ics";

/**
 * "캘린더에 추가" on a booking's personal page: the visit as an .ics file, for a booking still to
 * come. The key is the page's, so the answer is as private as the page (no-store, no index).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { pack, settings } = await effectivePack(requireSite(context, params.site).pack);
  const found = await findBookingByLink(params.token);
  if (found.state !== "active" || found.booking.site !== pack.slug) {
    return new Response("예약을 찾을 수 없거나 이미 지난 예약입니다.", {
      status: 404,
      headers: { ...PERSONAL_PAGE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const calendar = bookingCalendar(pack, { ...found.booking, linkToken: params.token }, wayThereOf(pack, settings).modelHouse);
  return new Response(calendar, {
    headers: {
      ...PERSONAL_PAGE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="visit-${found.booking.day}.ics"`,
    },
  });
}
