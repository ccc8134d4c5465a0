import { memo, Suspense, use, useEffect, useRef, useState, type ComponentType } from "react";

/**
 * How far below the screen a part starts hydrating (or fetching its code, defer-until-near.tsx):
 * about a phone screen of scrolling, so it is ready before the visitor reaches it.
 */
export const NEAR_SCREEN_MARGIN = "0px 0px 800px 0px";

const onServer = typeof document === "undefined";

/** Set once the page's first hydration has committed: a part mounted later has no server HTML to keep. */
let firstHydrationCommitted = false;

/**
 * Set by the visitor's first input. From then on React may ask a waiting part to hydrate at once
 * (a tap or a key inside it, a hover that opens the registration popup and so changes a context
 * above it); a part that suspended then would lose its server HTML to the empty fallback.
 */
let visitorActed = false;
if (!onServer) {
  const act = () => (visitorActed = true);
  for (const type of ["pointerover", "pointerdown", "keydown", "focusin", "popstate"]) {
    window.addEventListener(type, act, { capture: true, passive: true, once: true });
  }
}

function Gate({ wait, until, children }: { wait: boolean; until: Promise<void>; children: React.ReactNode }) {
  if (wait && !visitorActed) use(until);
  return children;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * A part of a public page below the first screen whose code is already in the page (the home
 * page's sections, the footer): the server renders it in place, and the browser hydrates it when
 * it comes near the screen instead of with the rest of the page
 * (docs/decisions/034-hydration-when-near.md). Until then it is the server's HTML: its links work
 * as they do without scripts, and a tap or a key inside it makes React hydrate it there and then
 * and replay the event. Each part hydrates in a task of its own, after the page's first paint and
 * hydration, so no long task holds the main thread for parts nobody is looking at.
 *
 * Props must not change while the part waits (the wrapper is memoised, so a parent's re-render
 * with the same props does not reach it): React would hydrate it at once, or drop its HTML if the
 * visitor had not acted yet. A client-side navigation renders it at once: there is no HTML to keep.
 */
export function hydrateWhenNear<Props extends object>(Part: ComponentType<Props>) {
  const HydrateWhenNear = memo(function HydrateWhenNear(props: Props) {
    const [wait] = useState(() => !onServer && !firstHydrationCommitted);
    const [near] = useState(deferred);
    const box = useRef<HTMLDivElement>(null);
    useEffect(() => {
      firstHydrationCommitted = true;
      const part = box.current?.firstElementChild;
      if (!wait || !part || !("IntersectionObserver" in window)) return near.resolve();
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near.resolve(), {
        rootMargin: NEAR_SCREEN_MARGIN,
      });
      observer.observe(part);
      void near.promise.then(() => observer.disconnect());
      return () => observer.disconnect();
    }, [wait, near]);
    return (
      <div ref={box} className="deferred-part">
        <Suspense fallback={null}>
          <Gate wait={wait} until={near.promise}>
            <Part {...props} />
          </Gate>
        </Suspense>
      </div>
    );
  });
  HydrateWhenNear.displayName = `HydrateWhenNear(${Part.displayName ?? Part.name})`;
  return HydrateWhenNear;
}
