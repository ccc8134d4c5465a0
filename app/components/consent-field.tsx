import { useId } from "react";
import type { LeadConsent } from "#app/content/types.ts";
import { CONSENT_VALUE, LEAD_FORM_TEXT } from "#app/forms/lead.ts";

/**
 * The required, unticked consent checkbox of every lead form, with the four notices the
 * Personal Information Protection Act asks for one tap away and a link to the full policy; then
 * the optional, unticked consent to advertising texts, which nothing else depends on.
 */
export function ConsentField({ consent, error }: { consent: LeadConsent; error?: string }) {
  const id = useId();
  const text = LEAD_FORM_TEXT.consent;
  return (
    <div className={`lead-consent${error ? " lead-consent--invalid" : ""}`}>
      <div className="lead-consent__check">
        <input
          id={id}
          type="checkbox"
          name="consent"
          value={CONSENT_VALUE}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-notice` : `${id}-notice`}
        />
        <label htmlFor={id}>
          {consent.label} <span className="lead-field__badge">{LEAD_FORM_TEXT.required}</span>
        </label>
      </div>
      <details className="lead-consent__details">
        <summary>{text.details}</summary>
        <dl id={`${id}-notice`} className="lead-consent__notice">
          <dt>{text.purpose}</dt>
          <dd>{consent.purpose}</dd>
          <dt>{text.items}</dt>
          <dd>{consent.items}</dd>
          <dt>{text.retention}</dt>
          <dd>{consent.retention}</dd>
          <dt>{text.refusal}</dt>
          <dd>{consent.refusal}</dd>
        </dl>
        <a className="lead-consent__policy" href="/privacy" target="_blank" rel="noopener">
          {text.privacyLink} <span className="visually-hidden">{text.newWindow}</span>
        </a>
      </details>
      {error ? (
        <p id={`${id}-error`} className="lead-field__error">
          {error}
        </p>
      ) : null}
      <div className="lead-consent__check lead-consent__check--optional">
        <input id={`${id}-marketing`} type="checkbox" name="marketing" value={CONSENT_VALUE} />
        <label htmlFor={`${id}-marketing`}>{LEAD_FORM_TEXT.marketing}</label>
      </div>
    </div>
  );
}
