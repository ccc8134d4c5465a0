import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { LeadConsent, LeadContent } from "#app/content/types.ts";
import { LEAD_FORM_TEXT, LEAD_MESSAGES } from "#app/forms/lead.ts";
import { ConsentField } from "./consent-field.tsx";
import { ContactFields, LEAD_ENDPOINTS, SpamGuardFields, SubmitButton, useLeadSubmission } from "./lead-form.tsx";

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
  /** Fetches the form's token and wording ahead of a likely open (hover, focus). */
  prepare(): void;
  isOpen: boolean;
}

const PopupContext = createContext<PopupControls | null>(null);

/** The popup's controls, or null outside the site layout (an opener then stays a plain link). */
export function useRegistrationPopup() {
  return useContext(PopupContext);
}

const HISTORY_MARK = "registrationPopup";

interface PopupSetup {
  token: string;
  consent: LeadConsent;
  popup: LeadContent["popup"];
}

export function RegistrationPopupProvider({ children }: { children: React.ReactNode }) {
  // Remembering the page the popup opened on closes it on any router navigation, with no effect needed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [setup, setSetup] = useState<PopupSetup | "failed" | null>(null);
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
      <RegistrationPopup
        isOpen={isOpen}
        setup={setup}
        onClose={close}
        onRetryLoad={prepare}
        openerRef={openerRef}
      />
    </PopupContext>
  );
}

function isPopupEntry(state: unknown) {
  return Boolean(state && typeof state === "object" && HISTORY_MARK in state && state[HISTORY_MARK]);
}

function RegistrationPopup({
  isOpen,
  setup,
  onClose,
  onRetryLoad,
  openerRef,
}: {
  isOpen: boolean;
  setup: PopupSetup | "failed" | null;
  onClose(): void;
  onRetryLoad(): void;
  openerRef: React.RefObject<HTMLElement | null>;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { status, errors, submit, revalidate, reset } = useLeadSubmission("interest");
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen) {
      const opener = openerRef.current;
      if (!dialog.open) dialog.showModal();
      const root = document.documentElement;
      root.classList.add("is-popup-open");
      return () => {
        root.classList.remove("is-popup-open");
        if (dialog.open) dialog.close();
        if (opener?.isConnected) opener.focus();
        reset();
      };
    }
  }, [isOpen, openerRef, reset]);

  const ready = setup && setup !== "failed" ? setup : null;
  const showResult = status.state === "done" || status.state === "failed";

  useEffect(() => {
    if (isOpen && ready) dialogRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
  }, [isOpen, ready]);

  useEffect(() => {
    if (showResult) resultRef.current?.focus();
  }, [showResult]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [
      ...event.currentTarget.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), textarea, select, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => element.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="registration-popup"
      aria-labelledby="registration-popup-title"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A second Escape may close the dialog natively (the browser's anti-trap rule): follow it.
      onClose={() => {
        if (isOpen) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="registration-popup__panel">
        <button type="button" className="registration-popup__close" onClick={onClose} aria-label={LEAD_FORM_TEXT.close}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id="registration-popup-title" className="registration-popup__title">
          {ready?.popup.title ?? LEAD_FORM_TEXT.popupTitle}
        </h2>
        <div role="status" aria-live="polite" className="lead-result-region">
          {showResult ? (
            <div ref={resultRef} tabIndex={-1} className={`lead-result lead-result--${status.state === "done" ? "success" : "failure"}`}>
              <p className="lead-result__message">{status.message}</p>
              <div className="lead-result__actions">
                {status.state === "failed" ? (
                  <button type="button" className="lead-secondary" onClick={reset}>
                    {LEAD_FORM_TEXT.retry}
                  </button>
                ) : null}
                <button type="button" className="lead-submit" onClick={onClose}>
                  {LEAD_FORM_TEXT.close}
                </button>
              </div>
            </div>
          ) : setup === "failed" ? (
            <div className="lead-result lead-result--failure">
              <p className="lead-result__message">{LEAD_MESSAGES.networkError}</p>
              <button type="button" className="lead-secondary" onClick={onRetryLoad}>
                {LEAD_FORM_TEXT.retry}
              </button>
            </div>
          ) : null}
        </div>
        {!ready && setup !== "failed" ? <p className="registration-popup__loading">{LEAD_FORM_TEXT.loading}</p> : null}
        {ready && isOpen ? (
          // Hidden, not removed, after a failure: "다시 입력하기" brings back what was typed.
          <form
            method="post"
            action="/Promotion/Customer"
            noValidate
            hidden={showResult}
            className="lead-form registration-popup__form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit(event.currentTarget);
            }}
            onChange={(event) => revalidate(event.currentTarget)}
          >
            <p className="registration-popup__intro">{ready.popup.intro}</p>
            <SpamGuardFields token={ready.token} />
            <ContactFields errors={errors} />
            <ConsentField consent={ready.consent} error={errors.consent} />
            <SubmitButton kind="interest" busy={status.state === "submitting"} />
          </form>
        ) : null}
      </div>
    </dialog>
  );
}
