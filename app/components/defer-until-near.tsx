import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from "react";
import { NEAR_SCREEN_MARGIN } from "./hydrate-when-near.tsx";

const onServer = typeof document === "undefined";
/** On the server, every deferred part's component, loading; see `deferredPartsLoaded`. */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server holds every deferred part's component, so a document renders each in
 * place. Awaited before rendering (app/entry.server.tsx): a part that suspended would be sent as
 * a hidden copy swapped in by a script, which a browser without JavaScript never runs.
 */
export function deferredPartsLoaded() {
  return Promise.all(serverLoads);
}

/**
 * A component for a part of a page below the first screen (the visit form): rendered into the
 * server's HTML like any other, but in the browser its code is fetched only when that part comes
 * near the screen, or is touched or focused first, and the part is hydrated then. Until that
 * moment it is the server's HTML, which works on its own (a form posts without scripts), so
 * nothing is lost by waiting; a phone that never scrolls there never downloads it. After a
 * client-side navigation there is no server HTML to keep, so the code is fetched at once.
 *
 * The stylesheets a part uses must be rendered ahead of it, outside: one first met inside the
 * part's Suspense boundary makes React send the part as a hidden copy revealed by a script.
 */
export function deferUntilNear<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let comeNear!: () => void;
  const near = new Promise<void>((resolve) => (comeNear = resolve));
  let loadedOnServer: ComponentType<Props> | undefined;
  if (onServer) serverLoads.push(load().then((component) => (loadedOnServer = component)));

  const Lazy = lazy(() => {
    const ready = loadedOnServer;
    if (ready) {
      // Already there: a thenable that answers at once, so React renders the part without suspending.
      const now = { then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: ready }) };
      return now as unknown as Promise<{ default: ComponentType<Props> }>;
    }
    return near.then(load).then((component) => ({ default: component }));
  });

  /**
   * Shown only when there is no server HTML to keep: after a client-side navigation, or when React
   * had to give up the server's copy (an update reached the part before its code came). Either
   * way the part is wanted now.
   */
  function LoadNow() {
    useEffect(() => comeNear(), []);
    return null;
  }

  // memo: a parent's re-render (the home page's section steps) must not reach the part while it
  // is still the server's HTML, or React would replace that HTML with the fallback.
  const Deferred = memo(function Deferred(props: Props) {
    const box = useRef<HTMLDivElement>(null);
    useEffect(() => {
      // The server's HTML, still in place (without it the fallback, LoadNow, has asked already).
      const part = box.current?.firstElementChild;
      if (!part) return;
      if (!("IntersectionObserver" in window)) return comeNear();
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && comeNear(), {
        rootMargin: NEAR_SCREEN_MARGIN,
      });
      observer.observe(part);
      const events = ["pointerdown", "focusin"] as const;
      events.forEach((name) => part.addEventListener(name, comeNear, { once: true }));
      const stop = () => {
        observer.disconnect();
        events.forEach((name) => part.removeEventListener(name, comeNear));
      };
      void near.then(stop);
      return stop;
    }, []);
    return (
      <div ref={box} className="deferred-part">
        <Suspense fallback={<LoadNow />}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  });
  return Deferred;
}
