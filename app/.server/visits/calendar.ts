import { createEvent } from "ics";
import type { SitePack } from "#app/content/types.ts";
import { kakaoMapUrl, type Place } from "#app/utils/maps.ts";
import { bookingUrl } from "./messages.ts";

/**
 * A booking as a calendar entry ("캘린더에 추가" on its personal page): the visit's time in Korean
 * wall-clock time (TZID=Asia/Seoul, with the zone's definition: no summer time, UTC+9), the model
 * house's address and the map and booking links. Its page is the booking's own, so it carries the
 * same key and the same privacy (no-store, no index).
 */

const KST_OFFSET_MS = 9 * 60 * 60_000;

/** Korea has kept UTC+9 without summer time since 1988; calendars without the IANA zone read this. */
const SEOUL_ZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Asia/Seoul",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0900",
  "TZOFFSETTO:+0900",
  "TZNAME:KST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export function bookingCalendar(
  pack: SitePack,
  booking: { id: number; startsAt: Date; endsAt: Date; linkToken: string },
  modelHouse: Place,
): string {
  const { error, value } = createEvent({
    uid: `visit-${pack.slug}-${booking.id}@${pack.slug}`,
    title: `${pack.brand.name} 견본주택 방문`,
    description: [
      `방문 예약 확인·변경·취소: ${bookingUrl(pack.slug, booking.linkToken)}`,
      `지도: ${kakaoMapUrl(modelHouse)}`,
      `분양문의: ${pack.phone}`,
    ].join("\n"),
    location: modelHouse.address,
    ...(modelHouse.coordinates ? { geo: { lat: modelHouse.coordinates.lat, lon: modelHouse.coordinates.lng } } : {}),
    start: seoulWallClock(booking.startsAt),
    startInputType: "local",
    startOutputType: "local",
    end: seoulWallClock(booking.endsAt),
    endInputType: "local",
    endOutputType: "local",
    productId: `${pack.slug}/visits`,
    calName: pack.brand.name,
    status: "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("The calendar entry could not be made");
  // The floating times ics writes become Seoul times, the zone defined once before the event.
  return value
    .replace(/^(DTSTART|DTEND):(\d{8}T\d{6})$/gm, "$1;TZID=Asia/Seoul:$2")
    .replace(/^BEGIN:VEVENT$/m, `${SEOUL_ZONE.join("\r\n")}\r\nBEGIN:VEVENT`);
}

/** The instant as Seoul's wall clock, [year, month, day, hour, minute], whatever zone the server runs in. */
function seoulWallClock(instant: Date): [number, number, number, number, number] {
  const seoul = new Date(instant.getTime() + KST_OFFSET_MS);
  return [seoul.getUTCFullYear(), seoul.getUTCMonth() + 1, seoul.getUTCDate(), seoul.getUTCHours(), seoul.getUTCMinutes()];
}
