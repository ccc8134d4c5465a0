import { useEffect, useRef, useState } from "react";
import type { Coordinates, Place } from "#app/utils/maps.ts";

/**
 * The office's Kakao map on the location page, only when it set a map key: the SDK is added by
 * this component after the page is up (the CSP allows its hosts on this page only then), so the
 * page's own first paint waits for nothing, and without scripts the addresses and app links beside
 * it still lead the way.
 */

interface KakaoMaps {
  load(callback: () => void): void;
  LatLng: new (lat: number, lng: number) => unknown;
  LatLngBounds: new () => { extend(point: unknown): void };
  Map: new (element: HTMLElement, options: { center: unknown; level: number }) => { setBounds(bounds: unknown): void };
  Marker: new (options: { map: unknown; position: unknown; title: string }) => unknown;
}

declare global {
  interface Window {
    kakao?: { maps: KakaoMaps };
  }
}

export function KakaoMap({ appKey, places }: { appKey: string; places: (Place & { coordinates: Coordinates })[] }) {
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const points = places.map((place) => `${place.coordinates.lat},${place.coordinates.lng}`).join(";");
  useEffect(() => {
    const draw = () => {
      const maps = window.kakao?.maps;
      const target = element.current;
      if (!maps || !target || places.length === 0) return;
      maps.load(() => {
        const first = places[0]!.coordinates;
        const map = new maps.Map(target, { center: new maps.LatLng(first.lat, first.lng), level: 5 });
        const bounds = new maps.LatLngBounds();
        for (const place of places) {
          const position = new maps.LatLng(place.coordinates.lat, place.coordinates.lng);
          new maps.Marker({ map, position, title: place.name });
          bounds.extend(position);
        }
        if (places.length > 1) map.setBounds(bounds);
      });
    };
    if (window.kakao?.maps) return draw();
    const script = document.createElement("script");
    script.src = `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(appKey)}&autoload=false`;
    script.async = true;
    script.onload = draw;
    script.onerror = () => setFailed(true);
    document.head.append(script);
    // Drawn again only when the key or the points change, not on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appKey, points]);
  return (
    <div className="way-there__map">
      <div ref={element} className="way-there__kakao" role="img" aria-label={`지도: ${places.map((place) => place.name).join(", ")}`}>
        {failed ? <p className="way-there__map-note">지도를 불러오지 못했습니다. 아래 지도 앱 버튼을 이용해 주세요.</p> : null}
      </div>
    </div>
  );
}
