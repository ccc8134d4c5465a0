import type { IframeHTMLAttributes } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * A third-party player (a video, a VR tour) asked for once the page is up: the page hydrates after
 * its first paint (docs/decisions/019-first-paint.md), and the player's host, connection and
 * document would otherwise share a phone's line with that paint. Without JavaScript the
 * `<noscript>` copy loads with the page. Its box keeps its size meanwhile (.video-frame), so
 * nothing moves when it arrives.
 */
export function EmbedAfterPaint(props: IframeHTMLAttributes<HTMLIFrameElement> & { title: string }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <iframe {...props} />
  ) : (
    <noscript>
      <iframe {...props} />
    </noscript>
  );
}
