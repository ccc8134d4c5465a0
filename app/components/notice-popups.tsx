import { lazy, Suspense, useEffect, useState } from "react";
import type { PopupsAnswer } from "#app/forms/popups.ts";

/** The popups' own code comes only to a page that has popups to show: most days none do. */
const NoticePopupStack = lazy(() => import("./notice-popup-stack.tsx").then((module) => ({ default: module.NoticePopupStack })));

/**
 * The site's notice popups, fetched after the page has painted: never part of the page's HTML
 * (crawlers read the page, not the notice), and fixed over it, so nothing below moves. They wait
 * while the visitor is in a form, so a notice never covers a form someone has started.
 */
export function NoticePopups() {
  const [answer, setAnswer] = useState<PopupsAnswer | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/popups.json", { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<PopupsAnswer>) : null))
      .then(async (answer) => {
        if (!answer || answer.popups.length === 0) return;
        await formLeft(controller.signal);
        if (!controller.signal.aborted) setAnswer(answer);
      })
      .catch(() => {
        // A notice that cannot load is not worth an error on the visitor's page.
      });
    return () => controller.abort();
  }, []);
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <NoticePopupStack active={answer.popups} koreanMidnight={answer.koreanMidnight} />
    </Suspense>
  );
}

/** Where the visitor is filling something in: a form on the page, or the registration dialog. */
const inAForm = () => document.activeElement?.closest("form, dialog[open], [role=dialog]") != null;

/** Resolves once the focus is outside every form (at once when it already is). */
function formLeft(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (!inAForm()) return resolve();
    const check = () => {
      if (signal.aborted || inAForm()) return;
      document.removeEventListener("focusout", onFocusOut);
      resolve();
    };
    // focusout fires before the focus lands on the next element: look once it has moved.
    const onFocusOut = () => setTimeout(check, 0);
    document.addEventListener("focusout", onFocusOut);
    signal.addEventListener("abort", () => document.removeEventListener("focusout", onFocusOut));
  });
}
