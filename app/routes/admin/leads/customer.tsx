import { Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { markAttendance } from "#app/.server/visits/office.ts";
import { customerRecord } from "#app/.server/leads/customer.ts";
import { customerIdByPhone, keptCustomerOf, mergeCustomers } from "#app/.server/leads/merge.ts";
import { MERGE_MESSAGES } from "#app/forms/assignment.ts";
import { can } from "#app/permissions.ts";
import { requireSite } from "#app/.server/site.ts";
import { BOOKING_STATUS_LABELS } from "#app/forms/admin-visits.ts";
import { CustomerFormSchema, STATUS_LABELS, visitMarkRefusal } from "#app/forms/admin.ts";
import { CONSENT_STANDING_TEXT, consentSentence } from "#app/forms/consent.ts";
import { sourcePageTitle } from "#app/content/source-pages.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { revalidateAfterConflict, type ConsoleFormAnswer } from "../forms.tsx";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { CustomerMerge } from "./customer-merge.tsx";
import { VisitMarks } from "./lead-actions.tsx";
import { LeadHistory } from "./lead-history.tsx";
import { notFound, requireLeadId, unlessRefused } from "./lead.server.ts";
import { signedInAdmin } from "../guard.server.ts";
import type { Route } from "./+types/customer";

/**
 * One customer: every lead of theirs the person may see, the visits they booked and everything
 * that happened (docs/decisions/016). Statuses stay on the leads; the page shows each lead's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  // A customer's id has the same shape as a lead's: anything else is a 404.
  const id = requireLeadId(params.id);
  const site = requireSite(context).pack;
  // A customer merged into another is read as the one kept.
  const kept = await keptCustomerOf(site.slug, id);
  if (kept !== null && kept !== id) throw redirect(`/admin/customers/${kept}`);
  const record = await customerRecord(changeContext(context, admin), id);
  if (!record) throw notFound();
  /** A number's consent as the page says it: the standing since when, the next notice, the ledger in sentences. */
  const consentOf = (consent: typeof record.consent) => ({
    standing: consent.standing,
    since: formatKst((consent.standing === "opted-out" ? consent.optedOutAt : consent.consentedAt) ?? new Date(0)),
    nextNotice: consent.nextNotice,
    sentences: consent.events.map((event) => ({
      id: event.id,
      text: consentSentence({
        when: formatKst(event.at),
        kind: event.kind,
        via: event.via,
        formLabel: event.leadKind ? site.leads.kindLabels[event.leadKind] : null,
        actorName: event.actorName,
      }),
    })),
  });
  return {
    ...record,
    consent: consentOf(record.consent),
    otherNumbers: record.otherNumbers.map((number) => ({ ...number, consent: consentOf(number.consent) })),
    mayMerge: can(admin.role, "leads.assign"),
    merged: new URL(request.url).searchParams.get("merged") === "1",
    leads: record.leads.map((lead) => ({ ...lead, source: sourcePageTitle(site, lead.sourcePath) ?? lead.sourcePath })),
    kindLabels: site.leads.kindLabels,
  };
}

/**
 * 방문 / 노쇼 of one of the customer's bookings: the booking and its lead change together
 * (visits/office.ts); or another customer of the site, by number, merged into this one.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const customerId = requireLeadId(params.id);
  const parsed = parseConsoleForm(await request.formData(), CustomerFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  if (post.intent === "merge") {
    const refuse = (message: string, status: number) =>
      refuseSubmission(parsed.submission, { fieldErrors: { phone: [message] } }, { status, extra: { intent: post.intent } });
    const otherId = await customerIdByPhone(requireSite(context).slug, post.phone);
    if (otherId === null) return refuse(MERGE_MESSAGES.notFound, 404);
    const merged = unlessRefused(await mergeCustomers(changeContext(context, admin), customerId, otherId));
    if (merged === "same-customer") return refuse(MERGE_MESSAGES.same, 409);
    return redirect(`/admin/customers/${customerId}?merged=1`, { status: 303 });
  }
  const marked = unlessRefused(
    await markAttendance(changeContext(context, admin), post.bookingId, post.status, new Date(), {
      leadId: post.leadId,
      shown: post.shown,
    }),
  );
  if (marked !== "done") {
    return refuseSubmission(parsed.submission, { formErrors: [visitMarkRefusal(marked)] }, { status: 409, extra: { intent: post.intent } });
  }
  return redirect(`/admin/customers/${customerId}`, { status: 303 });
}

/** A post refused because the page was old (409) redraws the page beside its answer. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    // A number, not a name: titles end up in browser history and tab lists.
    title: loaderData ? `고객 기록 #${loaderData.customer.id} | 관리자` : "고객 기록 | 관리자",
    description: "한 고객의 모든 접수와 기록",
    path: loaderData ? `/admin/customers/${loaderData.customer.id}` : "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, otherNumbers, leads, bookings, history, kindLabels, consent, mayMerge, merged } = loaderData;
  const answer: ConsoleFormAnswer | undefined = actionData;
  const navigation = useNavigation();
  const merging = navigation.state === "submitting" && navigation.formData?.get("intent") === "merge";
  const names = [...new Set(leads.map((lead) => lead.name))];
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to="/admin/leads">← 고객 접수 목록</Link>
      </p>
      <div className="admin-page__head">
        <h1 className="admin-title">
          {names.join(" · ")} <span className="admin-title__sub">고객 기록</span>
        </h1>
      </div>
      {merged ? (
        <p className="admin-notice" role="status">
          {MERGE_MESSAGES.merged(leads.length)}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="customer-facts-title">
        <h2 id="customer-facts-title" className="admin-card__title">
          고객 정보
        </h2>
        <dl className="admin-facts">
          <dt>연락처</dt>
          <dd>{customer.tel ? <a href={customer.tel}>{customer.phone}</a> : customer.phone}</dd>
          {otherNumbers.length > 0 ? (
            <>
              <dt>다른 번호</dt>
              {otherNumbers.map((number, index) => (
                // Masked numbers of two phones can read alike.
                <dd key={index}>{number.tel ? <a href={number.tel}>{number.phone}</a> : number.phone}</dd>
              ))}
            </>
          ) : null}
          <dt>첫 접수</dt>
          <dd>{formatKst(customer.since)}</dd>
          <dt>접수</dt>
          <dd>{leads.length}건</dd>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="customer-consent-title">
        <h2 id="customer-consent-title" className="admin-card__title">
          광고 수신 동의
        </h2>
        {otherNumbers.length === 0 ? (
          <NumberConsent consent={consent} />
        ) : (
          // One customer, several numbers: each number's consent is its own (a refusal holds for all, decision 055).
          [{ phone: customer.phone, consent }, ...otherNumbers].map((number, index) => (
            <div key={index}>
              <h3 className="admin-card__subtitle">{number.phone}</h3>
              <NumberConsent consent={number.consent} />
            </div>
          ))
        )}
      </section>

      <section className="admin-card" aria-labelledby="customer-leads-title">
        <h2 id="customer-leads-title" className="admin-card__title">
          접수 {leads.length}건
        </h2>
        <ul className="admin-customer__leads">
          {leads.map((lead) => (
            <li key={lead.id} className="admin-customer__lead">
              <p className="admin-customer__lead-head">
                <Link to={`/admin/leads/${lead.id}`}>접수 #{lead.id}</Link>
                <span className={`admin-kind admin-kind--${lead.kind}`}>{kindLabels[lead.kind]}</span>
                <span className={`admin-status admin-status--${lead.status}`}>{STATUS_LABELS[lead.status]}</span>
              </p>
              <p className="admin-muted">
                {formatKst(lead.createdAt)} · {lead.name} · {lead.source}
                {lead.utmSource || lead.utmCampaign ? ` · ${[lead.utmSource, lead.utmCampaign].filter(Boolean).join(" / ")}` : ""}
                {" · 담당 "}
                {lead.assigneeName || (lead.assigneeId ? "이름 없는 계정" : "미배정")}
              </p>
              {lead.message ? <p className="admin-customer__message">{lead.message}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="admin-card" aria-labelledby="customer-bookings-title">
        <h2 id="customer-bookings-title" className="admin-card__title">
          방문 예약
        </h2>
        {bookings.length === 0 ? (
          <p className="admin-empty__text">방문 예약이 없습니다.</p>
        ) : (
          <ul className="admin-facts__bookings" aria-label="방문 예약">
            {bookings.map((booking) => (
              <li key={booking.id} className={booking.status === "cancelled" ? "admin-customer__cancelled" : undefined}>
                <Link to={`/admin/visits?day=${booking.day}`}>{booking.when}</Link>{" "}
                <span className="admin-muted">
                  {BOOKING_STATUS_LABELS[booking.status]} · 접수 #{booking.leadId}
                </span>
                {booking.markable ? (
                  <VisitMarks booking={booking} lastResult={answer?.intent === "merge" ? undefined : answer?.result} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="customer-history-title">
        <h2 id="customer-history-title" className="admin-card__title">
          기록
        </h2>
        <LeadHistory entries={history} label="이 고객의 기록" showLead />
      </section>

      {mayMerge ? <CustomerMerge lastResult={answer?.intent === "merge" ? answer.result : undefined} submitting={merging} /> : null}
    </div>
  );
}

type ConsentView = Route.ComponentProps["loaderData"]["consent"];

/** One number's standing and its ledger in sentences. */
function NumberConsent({ consent }: { consent: ConsentView }) {
  return (
    <>
      <p className={consent.standing === "opted-out" ? "admin-warning" : undefined}>
        {consent.standing === "no-consent" ? CONSENT_STANDING_TEXT["no-consent"] : CONSENT_STANDING_TEXT[consent.standing](consent.since)}
        {consent.nextNotice ? <span className="admin-muted"> · {CONSENT_STANDING_TEXT.nextNotice(consent.nextNotice)}</span> : null}
      </p>
      {consent.sentences.length === 0 ? (
        <p className="admin-empty__text">{CONSENT_STANDING_TEXT.empty}</p>
      ) : (
        <ol className="admin-consent__list" aria-label="동의·철회 기록">
          {consent.sentences.map((sentence) => (
            <li key={sentence.id}>{sentence.text}</li>
          ))}
        </ol>
      )}
    </>
  );
}
