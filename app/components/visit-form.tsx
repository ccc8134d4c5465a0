import { useHydrated } from "#app/utils/use-hydrated.ts";
import { useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { LeadConsent } from "#app/content/types.ts";
import { LEAD_FORM_TEXT, LEAD_MESSAGES } from "#app/forms/lead.ts";
import type { FieldErrors, FormValues } from "#app/forms/lead-schema.ts";
import { DEFAULT_MAX_PARTY_SIZE, NO_OPEN_DAYS_TEXT, PARTY_SIZE_TEXT, type VisitDay } from "#app/forms/visit.ts";
import { ConsentField } from "./consent-field.tsx";
import { RegisterLink } from "./register-link.tsx";
import { answerOf, ContactFields, MessageField, SpamGuardFields, SubmitButton, useAnswerInView, useLeadSubmission } from "./lead-form.tsx";
import { UnitInterestField } from "./unit-interest-field.tsx";
import { checkVisitSlot, VisitSlotPicker } from "./visit-slot-picker.tsx";

export interface VisitFormProps {
  /** The pack's slug: without JavaScript the form posts to /{site}/customer. */
  site: string;
  consent: LeadConsent;
  /** The days and times on offer; empty when the site does not book visits by time slot. */
  schedule: VisitDay[];
  /** 방문 인원 offered, 1 to this (the pack's `maxPartySize`). */
  maxPartySize?: number;
  /** The page was reached through the post/redirect/get of a successful plain post (?done=1). */
  done?: boolean;
  /** What that plain post booked, in words; the spec's success message otherwise. */
  doneMessage?: string;
  /** A plain post the server refused: its messages and what was typed. */
  initial?: { errors?: FieldErrors; values?: FormValues; message?: string };
  /** The pack's unit types for the optional 관심 타입 (the visit page; the home's form leaves it out). */
  unitTypes?: string[];
}

/**
 * The model-house visit reservation (home #interestForm and /{site}/customer). With JavaScript
 * it posts in place and shows the result instead of the form; without, it is a plain form post
 * answered by a redirect to /{site}/customer?done=1, so a refresh never sends it twice.
 */
export function VisitForm({
  site,
  consent,
  schedule,
  maxPartySize = DEFAULT_MAX_PARTY_SIZE,
  done = false,
  doneMessage,
  initial,
  unitTypes,
}: VisitFormProps) {
  const hydrated = useHydrated();
  const { status, errors, submit, revalidate, reset, prepare } = useLeadSubmission("visit", initial?.errors, checkVisitSlot);
  // After a booking attempt the places left have changed: reload them from the server.
  const schedulePoller = useRevalidator();
  const resultRef = useRef<HTMLParagraphElement>(null);
  useAnswerInView(resultRef, answerOf(status));
  const [doneFromUrl, setDoneFromUrl] = useState(done);
  const succeeded = doneFromUrl || status.state === "done";
  const failure = status.state === "failed" ? status.message : initial?.message;

  if (schedule.length === 0 && !succeeded) return <NoOpenDays />;
  return (
    <div className="lead-card visit-form">
      <div className="lead-result-region" role="status" aria-live="polite">
        {succeeded ? (
          <div className="lead-result lead-result--success">
            <p ref={resultRef} tabIndex={-1} className="lead-result__message">
              {status.state === "done" ? status.message : (doneMessage ?? LEAD_MESSAGES.success)}
            </p>
            {hydrated ? (
              <button
                type="button"
                className="lead-secondary"
                onClick={() => {
                  setDoneFromUrl(false);
                  reset();
                }}
              >
                {schedule.length > 0 ? LEAD_FORM_TEXT.writeAgain.withTimes : LEAD_FORM_TEXT.writeAgain.withoutTimes}
              </button>
            ) : (
              <a className="lead-secondary" href={`/${site}/customer`}>
                {schedule.length > 0 ? LEAD_FORM_TEXT.writeAgain.withTimes : LEAD_FORM_TEXT.writeAgain.withoutTimes}
              </a>
            )}
          </div>
        ) : failure ? (
          <p ref={resultRef} tabIndex={-1} className="lead-result lead-result--failure">
            {failure}
          </p>
        ) : null}
      </div>
      {succeeded ? null : (
        <form
          method="post"
          action={`/${site}/customer`}
          noValidate={hydrated}
          className="lead-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget).then(() => {
              if (schedule.length > 0) void schedulePoller.revalidate();
            });
          }}
          onChange={(event) => revalidate(event.currentTarget)}
          onFocus={(event) => prepare(event.currentTarget)}
        >
          <SpamGuardFields kind="visit" />
          <ContactFields errors={errors} values={initial?.values} phoneHint />
          {schedule.length > 0 ? (
            // Who and when together: on the home page's wide layout they are its second column.
            <div className="visit-form__when">
              <PartySizeField max={maxPartySize} error={errors.partySize} value={initial?.values?.partySize} />
              <VisitSlotPicker
                schedule={schedule}
                error={errors.visitSlot}
                initial={{ visitDate: initial?.values?.visitDate, visitSlot: initial?.values?.visitSlot }}
                waitlistHref={(slotId) => `/${site}/waitlist?slot=${slotId}`}
              />
            </div>
          ) : null}
          {unitTypes ? <UnitInterestField types={unitTypes} value={initial?.values?.unitType} error={errors.unitType} /> : null}
          <MessageField
            error={errors.message}
            value={initial?.values?.message}
            placeholder={schedule.length > 0 ? LEAD_FORM_TEXT.message.placeholderWithTimes : undefined}
          />
          <ConsentField consent={consent} error={errors.consent} />
          <SubmitButton kind="visit" busy={status.state === "submitting"} />
        </form>
      )}
    </div>
  );
}

/** No day open for booking: say so, and offer the inquiry page and the interest popup instead of a time typed as text. */
function NoOpenDays() {
  return (
    <div className="lead-card visit-closed">
      <p className="visit-closed__heading">{NO_OPEN_DAYS_TEXT.heading}</p>
      <p>{NO_OPEN_DAYS_TEXT.next}</p>
      <div className="visit-closed__alternatives">
        <Link to="/Promotion/Customer" className="lead-submit">
          {NO_OPEN_DAYS_TEXT.inquiry}
        </Link>
        <RegisterLink className="lead-secondary">{NO_OPEN_DAYS_TEXT.interest}</RegisterLink>
      </div>
    </div>
  );
}

/** 방문 인원: 1 to the site's maximum, one by default (the booking form and the waitlist's). */
export function PartySizeField({ max, error, value }: { max: number; error?: string; value?: string }) {
  const id = useId();
  return (
    <div className={`lead-field lead-field--party${error ? " lead-field--invalid" : ""}`}>
      <label className="lead-field__label" htmlFor={id}>
        {PARTY_SIZE_TEXT.label}
        <span className="lead-field__badge">{LEAD_FORM_TEXT.required}</span>
      </label>
      <select
        id={id}
        name="partySize"
        className="lead-field__control"
        defaultValue={value ?? "1"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      >
        {Array.from({ length: max }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {PARTY_SIZE_TEXT.option(count)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="lead-field__hint">
        {PARTY_SIZE_TEXT.hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="lead-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
