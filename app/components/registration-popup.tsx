import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LEAD_ENDPOINTS } from "#app/forms/lead.ts";
import type { PopupSetup } from "./registration-dialog.tsx";

// The dialog and its form come with the first hover, focus or tap on an opener, not with the page.
const RegistrationDialog = lazy(() => import("./registration-dialog.tsx"));

/**
 * The registration popup, mounted once by the site layout and opened by every RegisterLink.
 *
 * Opening pushes one history entry (same URL, marked in history.state) so that the browser's
 * Back closes it. That entry is handled here, not by the router: a popstate between the page
 * and its popup entry is stopped before React Router sees it, so no loader runs again (a press
 * article would otherwise count a second view) and the scroll position stays put.
 */

// Listeners on window run in the order they were added, whatever their phase, so this one is
// added when the module loads: route modules load before React Router creates its history
// listener at hydration. (Reached first by a client navigation from a page outside the site
// layout, the router hears the popstate too and merely reloads the page's data.)
let onPopState: ((event: PopStateEvent) => void) | null = null;
if (typeof window !== "undefined") {
  window.addEventListener("popstate", (event) => onPopState?.(event));
}

interface PopupControls {
  open(opener: HTMLElement | null): void;
  /** Fetches the form's wording ahead of a likely open (hover, focus). */
  prepare(): void;
  isOpen: boolean;
}

const PopupContext = createContext<PopupControls | null>(null);

/** The popup's controls, or null outside the site layout (an opener then stays a plain link). */
export function useRegistrationPopup() {
  return useContext(PopupContext);
}

const HISTORY_MARK = "registrationPopup";

export function RegistrationPopupProvider({ children }: { children: React.ReactNode }) {
  // Remembering the page the popup opened on closes it on any router navigation, with no effect needed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [setup, setSetup] = useState<PopupSetup | "failed" | null>(null);
  const [wanted, setWanted] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const location = useLocation();
  const page = location.pathname + location.search + location.hash;
  const isOpen = openOn === page;
  const here = useRef(page);
  useEffect(() => {
    here.current = page;
  }, [page]);

  useEffect(() => {
    onPopState = (event) => {
      const url = window.location.pathname + window.location.search + window.location.hash;
      const toPopup = isPopupEntry(event.state);
      if (url !== here.current || (!toPopup && !document.querySelector("dialog.registration-popup[open]"))) return;
      event.stopImmediatePropagation();
      setOpenOn(toPopup ? url : null);
    };
    return () => {
      onPopState = null;
    };
  }, []);

  const prepare = useCallback(() => {
    setWanted(true);
    loading.current ??= fetch(LEAD_ENDPOINTS.interest, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setSetup((await response.json()) as PopupSetup);
      })
      .catch(() => {
        loading.current = null;
        setSetup("failed");
      });
  }, []);

  const open = useCallback(
    (opener: HTMLElement | null) => {
      openerRef.current = opener;
      prepare();
      if (!isPopupEntry(window.history.state)) {
        window.history.pushState({ ...window.history.state, [HISTORY_MARK]: true }, "");
      }
      setOpenOn(here.current);
    },
    [prepare],
  );

  const close = useCallback(() => {
    // Leaving through the entry we pushed keeps history as it was before the popup.
    if (isPopupEntry(window.history.state)) window.history.back();
    else setOpenOn(null);
  }, []);

  return (
    <PopupContext value={{ open, prepare, isOpen }}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <RegistrationDialog isOpen={isOpen} setup={setup} onClose={close} onRetryLoad={prepare} openerRef={openerRef} />
        </Suspense>
      ) : null}
    </PopupContext>
  );
}

function isPopupEntry(state: unknown) {
  return Boolean(state && typeof state === "object" && HISTORY_MARK in state && state[HISTORY_MARK]);
}
