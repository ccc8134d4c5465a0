import type { LeadConsent } from "#app/content/types.ts";

/**
 * The consent notice in full, beside the box that records the person's consent: shown on the desk's
 * tablet or read aloud (현장 등록), or read on the phone (전화 접수).
 */
export function ConsentNotice({ id, consent }: { id: string; consent: LeadConsent }) {
  return (
    <section className="consent-notice" aria-labelledby={id}>
      <h3 id={id}>{consent.label}</h3>
      <dl>
        <dt>수집·이용 목적</dt>
        <dd>{consent.purpose}</dd>
        <dt>수집 항목</dt>
        <dd>{consent.items}</dd>
        <dt>보유·이용 기간</dt>
        <dd>{consent.retention}</dd>
      </dl>
      <p>{consent.refusal}</p>
    </section>
  );
}
