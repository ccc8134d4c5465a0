import { useEffect, useRef } from "react";

const DESKTOP = "(min-width: 901px)";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const STEP_LOCK_MS = 500;
/** Closer than this to a step's position counts as being there (sub-pixel offsets, zoom). */
const AT_STEP_PX = 4;
const FIELD = "input, textarea, select, button";

/**
 * Desktop wheel stepping (spec §4): one wheel gesture moves exactly one `[data-home-step]`
 * section, the last step being the visit form with the footer (index N - 0.5, 8.5 for the
 * home page). The page stays an ordinary scrolling document: keyboard, scroll bar, anchors,
 * crawlers and phones scroll natively, and the index follows whatever scrolled.
 * The current index is written to `data-section-index` on the container.
 */
export function useSectionSteps<T extends HTMLElement>() {
  const containerRef = useRef<T>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const desktop = window.matchMedia(DESKTOP);
    const reducedMotion = window.matchMedia(REDUCED_MOTION);
    let position = 0;
    let lastStepAt = -Infinity;

    const positions = () => {
      const header = document.querySelector(".site-header")?.getBoundingClientRect().height ?? 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      return [...container.querySelectorAll<HTMLElement>("[data-home-step]")]
        .filter((section) => section.getClientRects().length > 0)
        .map((section) => Math.round(Math.min(max, Math.max(0, section.getBoundingClientRect().top + window.scrollY - header))));
    };

    const publish = (count: number) => {
      container.dataset.sectionIndex = String(position === count - 1 ? position + 0.5 : position + 1);
    };

    const follow = () => {
      const tops = positions();
      const y = window.scrollY;
      let nearest = 0;
      tops.forEach((top, index) => {
        if (Math.abs(top - y) < Math.abs(tops[nearest]! - y)) nearest = index;
      });
      position = nearest;
      publish(tops.length);
    };

    const onWheel = (event: WheelEvent) => {
      if (!desktop.matches || event.ctrlKey || event.deltaY === 0) return;
      if (document.querySelector("dialog[open]") || document.activeElement?.matches(FIELD)) return;
      const tops = positions();
      const last = tops.length - 1;
      // The form and footer may be taller than the window: from the last step, scroll natively.
      if (position === last && (event.deltaY > 0 || window.scrollY > tops[last]! + AT_STEP_PX)) return;
      event.preventDefault();
      // The page's clock, not the event's own stamp (the same time base, a frame apart at most): a
      // browser test moves it (page.clock) instead of waiting the lock out.
      const now = performance.now();
      if (now - lastStepAt < STEP_LOCK_MS) return;
      const next = Math.min(last, Math.max(0, position + Math.sign(event.deltaY)));
      if (next === position) return;
      lastStepAt = now;
      position = next;
      publish(tops.length);
      window.scrollTo({ top: tops[next], behavior: reducedMotion.matches ? "instant" : "smooth" });
    };

    // Anything else that moved the page (keys, scroll bar, anchors, focus) moves the index with it.
    const onScrollEnd = () => {
      if (!desktop.matches) return;
      const tops = positions();
      if (Math.abs(window.scrollY - (tops[position] ?? 0)) > AT_STEP_PX) follow();
    };

    // At the top nothing needs measuring, which keeps a layout out of hydration.
    if (window.scrollY === 0) container.dataset.sectionIndex = "1";
    else follow();
    window.addEventListener("wheel", onWheel, { passive: false });
    window.addEventListener("scrollend", onScrollEnd);
    return () => {
      window.removeEventListener("wheel", onWheel);
      window.removeEventListener("scrollend", onScrollEnd);
    };
  }, []);

  return containerRef;
}
