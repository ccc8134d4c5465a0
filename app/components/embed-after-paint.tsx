import { useEffect, useState, type IframeHTMLAttributes } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * A third-party player (a video, a VR tour) asked for once the page is up (decision 019): its
 * host's connection would share a phone's line with the first paint. Without JavaScript the
 * `<noscript>` copy loads with the page. Its box keeps its size meanwhile, so nothing moves. After
 * hydration it comes in a task of its own, not hydration's (decision 046).
 */
export function EmbedAfterPaint(props: IframeHTMLAttributes<HTMLIFrameElement> & { title: string }) {
  const [shown, setShown] = useState(useHydrated());
  useEffect(() => {
    if (shown) return;
    const timer = window.setTimeout(() => setShown(true), 0);
    return () => window.clearTimeout(timer);
  }, [shown]);
  const frame = <iframe {...props} />;
  return shown ? frame : <noscript>{frame}</noscript>;
}
