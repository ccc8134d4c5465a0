import { useEffect, useRef } from "react";
import { LEAD_FORM_TEXT, LEAD_MESSAGES } from "#app/forms/lead.ts";
import { ConsentField } from "./consent-field.tsx";
import { answerOf, ContactFields, SpamGuardFields, SubmitButton, useAnswerInView, useLeadSubmission } from "./lead-form.tsx";
import type { LeadConsent, LeadContent } from "#app/content/types.ts";

/** What the dialog needs from the server, fetched when the popup is first wanted. */
export interface PopupSetup {
  consent: LeadConsent;
  popup: LeadContent["popup"];
}

/**
 * The registration popup's dialog and form. Loaded the first time a visitor is about to open the
 * popup (app/components/registration-popup.tsx), so pages don't carry it in their first bytes.
 */
export default function RegistrationPopup({
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
  const { status, errors, submit, revalidate, reset, prepare } = useLeadSubmission("interest");
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

  useAnswerInView(resultRef, answerOf(status));

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
            onFocus={(event) => prepare(event.currentTarget)}
          >
            <p className="registration-popup__intro">{ready.popup.intro}</p>
            <SpamGuardFields kind="interest" />
            <ContactFields errors={errors} />
            <ConsentField consent={ready.consent} error={errors.consent} />
            <SubmitButton kind="interest" busy={status.state === "submitting"} />
          </form>
        ) : null}
      </div>
    </dialog>
  );
}
