import { useEffect, useState, type IframeHTMLAttributes } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * A third-party player (a video, a VR tour) asked for once the page is up: the page hydrates after
 * its first paint (docs/decisions/019-first-paint.md), and the player's host, connection and
 * document would otherwise share a phone's line with that paint. Without JavaScript the
 * `<noscript>` copy loads with the page. Its box keeps its size meanwhile (.video-frame), so
 * nothing moves when it arrives.
 *
 * After hydration the frame comes in a task of its own (a timer), not in hydration's: making a
 * frame (its window, its first document) took ~8 ms of processor on this machine, which at a
 * phone's 4× made hydration's task a long one (docs/performance.md, "Hydration's blocking time").
 * A page reached by a client navigation has nothing to hydrate and shows the frame at once.
 */
export function EmbedAfterPaint(props: IframeHTMLAttributes<HTMLIFrameElement> & { title: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (shown) return;
    const timer = window.setTimeout(() => setShown(true), 0);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return shown ? (
    <iframe {...props} />
  ) : (
    <noscript>
      <iframe {...props} />
    </noscript>
  );
}
