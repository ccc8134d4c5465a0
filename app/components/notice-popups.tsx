import { lazy, Suspense, useEffect, useState } from "react";
import type { PublicPopup } from "#app/forms/popups.ts";

/** The popups' own code comes only to a page that has popups to show: most days none do. */
const NoticePopupStack = lazy(() => import("./notice-popup-stack.tsx").then((module) => ({ default: module.NoticePopupStack })));

/**
 * The site's notice popups, fetched after the page has painted: never part of the page's HTML
 * (crawlers read the page, not the notice), and fixed over it, so nothing below moves.
 */
export function NoticePopups() {
  const [active, setActive] = useState<PublicPopup[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/popups.json", { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ popups: PublicPopup[] }>) : { popups: [] }))
      .then(({ popups }) => setActive(popups))
      .catch(() => {
        // A notice that cannot load is not worth an error on the visitor's page.
      });
    return () => controller.abort();
  }, []);
  if (active.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NoticePopupStack active={active} />
    </Suspense>
  );
}
