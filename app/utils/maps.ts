/**
 * Links that open a place in Korea's map apps, which need no key: Kakao Map and Naver Map by their
 * web addresses (a phone with the app opens it there), T map by its app scheme (it has no web map).
 * Client-safe: the booking page, the location page and the confirmation text build them alike.
 */

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface Place {
  name: string;
  address: string;
  coordinates?: Coordinates | null;
}

/** "35.87970, 128.62860" as the office types it (latitude, longitude), or null when it is not a point in Korea's range. */
export function parseCoordinates(value: string | undefined | null): Coordinates | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,8})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,8})?)\s*$/.exec(value ?? "");
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  // Korea and its islands, with room: a swapped pair (128, 35) is refused rather than mapped to the sea.
  return lat >= 32 && lat <= 39.5 && lng >= 124 && lng <= 132 ? { lat, lng } : null;
}

export function kakaoMapUrl(place: Place) {
  const { coordinates } = place;
  return coordinates
    ? `https://map.kakao.com/link/map/${encodeURIComponent(place.name)},${coordinates.lat},${coordinates.lng}`
    : `https://map.kakao.com/link/search/${encodeURIComponent(place.address)}`;
}

/** Directions from where the person is, in Kakao Map (the place's address searched when it has no coordinates). */
export function kakaoDirectionsUrl(place: Place) {
  const { coordinates } = place;
  return coordinates
    ? `https://map.kakao.com/link/to/${encodeURIComponent(place.name)},${coordinates.lat},${coordinates.lng}`
    : kakaoMapUrl(place);
}

export function naverMapUrl(place: Place) {
  return `https://map.naver.com/p/search/${encodeURIComponent(place.address)}`;
}

/** T map's route to the place: its app only, and only to coordinates. */
export function tmapUrl(place: Place) {
  const { coordinates } = place;
  if (!coordinates) return null;
  const query = new URLSearchParams({ goalname: place.name, goalx: String(coordinates.lng), goaly: String(coordinates.lat) });
  return `tmap://route?${query}`;
}

/** The buttons a place gets, in the order the page shows them. */
export function mapLinks(place: Place): { app: "kakao" | "naver" | "tmap"; label: string; href: string }[] {
  const tmap = tmapUrl(place);
  return [
    { app: "kakao" as const, label: "카카오맵", href: kakaoDirectionsUrl(place) },
    { app: "naver" as const, label: "네이버 지도", href: naverMapUrl(place) },
    ...(tmap ? [{ app: "tmap" as const, label: "T map", href: tmap }] : []),
  ];
}
