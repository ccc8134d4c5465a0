import { data, Form, Link, redirect, useNavigation } from "react-router";
import { addLeadNote, changeLeadStatus, getLeadDetail } from "#app/.server/leads/record.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { requireSite } from "#app/.server/site.ts";
import { listLeadBookings } from "#app/.server/visits/console.ts";
import { BOOKING_STATUS_LABELS } from "#app/forms/admin-visits.ts";
import {
  NOTE_MAX,
  NoteFormSchema,
  OUTBOX_STATUS_LABELS,
  SMS_PURPOSE_LABELS,
  SPAM_REASON_LABELS,
  STATUS_LABELS,
  StatusFormSchema,
  TEXT_HOLD_LABELS,
} from "#app/forms/admin.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone, telHref } from "#app/utils/phone.ts";
import { formatKst } from "#app/utils/kst.ts";
import { ADMIN_HEADERS } from "./guard.server.ts";
import { requireAdmin } from "#app/.server/auth.ts";
import { notFound, requireLeadId } from "./lead.server.ts";
import type { Route } from "./+types/lead";
import { LEAD_STATUSES } from "#app/vocabulary.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = requireLeadId(params.id);
  const { slug, pack: site } = requireSite(context);
  const [detail, bookings] = await Promise.all([getLeadDetail(slug, id), listLeadBookings(id)]);
  if (!detail) throw notFound();
  return { ...detail, bookings, kindLabels: site.leads.kindLabels, consent: site.leads.consent };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const admin = await requireAdmin(request, context);
  const id = requireLeadId(params.id);
  const site = requireSite(context).slug;
  const form = Object.fromEntries(await request.formData());
  let found: boolean;
  if (form.intent === "status") {
    const parsed = StatusFormSchema.safeParse(form);
    if (!parsed.success) return data({ intent: "status", error: "상태를 선택해 주세요." }, { status: 400 });
    found = await changeLeadStatus(site, id, parsed.data.status, admin);
  } else if (form.intent === "note") {
    const parsed = NoteFormSchema.safeParse(form);
    if (!parsed.success) {
      return data({ intent: "note", error: parsed.error.issues[0]?.message ?? "메모를 확인해 주세요." }, { status: 400 });
    }
    found = await addLeadNote(site, id, parsed.data.body, admin);
  } else {
    throw data("알 수 없는 요청입니다.", { status: 400, headers: ADMIN_HEADERS });
  }
  if (!found) throw notFound();
  // Post/redirect/get: reloading the page shows the change without sending it again.
  return redirect(`/admin/leads/${id}`, { status: 303, headers: ADMIN_HEADERS });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData ? `접수 #${loaderData.lead.id} | 관리자` : "고객 접수 | 관리자",
    description: "고객 접수 상세",
    path: loaderData ? `/admin/leads/${loaderData.lead.id}` : "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, bookings, notes, changes, messages, kindLabels, consent } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const timeline = [
    ...notes.map((note) => ({ key: `n${note.id}`, at: note.createdAt, author: note.authorEmail, note: note.body, change: undefined })),
    ...changes.map((change) => ({
      key: `c${change.id}`,
      at: change.createdAt,
      author: change.authorEmail,
      note: undefined,
      change: `${statusLabel(change.fromStatus)} → ${statusLabel(change.toStatus)}`,
    })),
  ].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());

  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to="/admin/leads">← 고객 접수 목록</Link>
      </p>
      <div className="admin-page__head">
        <h1 className="admin-title">
          {lead.name} <span className="admin-title__sub">접수 #{lead.id}</span>
        </h1>
        <span className={`admin-status admin-status--${lead.status}`}>{STATUS_LABELS[lead.status]}</span>
      </div>

      <div className="admin-detail">
        <section className="admin-card" aria-labelledby="lead-info-title">
          <h2 id="lead-info-title" className="admin-card__title">
            접수 내용
          </h2>
          <dl className="admin-facts">
            <dt>유형</dt>
            <dd>
              <span className={`admin-kind admin-kind--${lead.kind}`}>{kindLabels[lead.kind]}</span>
            </dd>
            <dt>이름</dt>
            <dd>{lead.name}</dd>
            <dt>연락처</dt>
            <dd>
              <a href={telHref(lead.phone)}>{formatPhone(lead.phone)}</a>
            </dd>
            <dt>접수 시각</dt>
            <dd>{formatKst(lead.createdAt, { seconds: true })}</dd>
            {bookings.length > 0 ? (
              <>
                <dt>방문 예약</dt>
                <dd>
                  <ul className="admin-facts__bookings">
                    {bookings.map((booking) => (
                      <li key={booking.id}>
                        <Link to={`/admin/visits?day=${booking.day}`}>{booking.when}</Link>{" "}
                        <span className="admin-muted">{BOOKING_STATUS_LABELS[booking.status]}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            <dt>문의 내용</dt>
            <dd className="admin-facts__message">{lead.message || <span className="admin-muted">없음</span>}</dd>
            <dt>접수 페이지</dt>
            <dd>{lead.sourcePath}</dd>
            <dt>유입 경로</dt>
            <dd>
              {[
                lead.utmSource && `매체 ${lead.utmSource}`,
                lead.utmMedium && `방식 ${lead.utmMedium}`,
                lead.utmCampaign && `캠페인 ${lead.utmCampaign}`,
                lead.referrerHost && `이전 사이트 ${lead.referrerHost}`,
              ]
                .filter(Boolean)
                .join(" · ") || <span className="admin-muted">직접 유입</span>}
            </dd>
            <dt>개인정보 동의</dt>
            <dd>
              {formatKst(lead.consentedAt, { seconds: true })} 동의 · 동의문 버전 {lead.consentVersion}
              {lead.consentVersion === consent.version ? (
                <details className="admin-consent">
                  <summary>동의한 내용 보기</summary>
                  <p>
                    <strong>{consent.label}</strong>
                  </p>
                  <p>목적: {consent.purpose}</p>
                  <p>항목: {consent.items}</p>
                  <p>보유 기간: {consent.retention}</p>
                </details>
              ) : (
                <span className="admin-muted"> (현재 동의문 {consent.version}과 다른 버전)</span>
              )}
            </dd>
            {lead.spamReason ? (
              <>
                <dt>자동 판정</dt>
                <dd>스팸 의심 ({SPAM_REASON_LABELS[lead.spamReason]})</dd>
              </>
            ) : null}
            {lead.textsHeld ? (
              <>
                <dt>안내 문자</dt>
                <dd className="admin-warning">보내지 않음: {TEXT_HOLD_LABELS[lead.textsHeld]}</dd>
              </>
            ) : null}
            <dt>브라우저</dt>
            <dd className="admin-facts__agent">{lead.userAgent || <span className="admin-muted">알 수 없음</span>}</dd>
          </dl>
        </section>

        <div className="admin-detail__side">
          <section className="admin-card" aria-labelledby="lead-status-title">
            <h2 id="lead-status-title" className="admin-card__title">
              상태 변경
            </h2>
            <Form method="post" className="admin-status-form">
              <input type="hidden" name="intent" value="status" />
              {LEAD_STATUSES.map((status) => (
                <button
                  key={status}
                  type="submit"
                  name="status"
                  value={status}
                  aria-pressed={lead.status === status}
                  className={`admin-chip admin-chip--${status}`}
                  disabled={pendingIntent === "status"}
                >
                  {STATUS_LABELS[status]}
                </button>
              ))}
            </Form>
            {actionData?.intent === "status" ? (
              <p className="admin-form__error" role="alert">
                {actionData.error}
              </p>
            ) : null}
          </section>

          <section className="admin-card" aria-labelledby="lead-notes-title">
            <h2 id="lead-notes-title" className="admin-card__title">
              상담 메모
            </h2>
            <Form method="post" className="admin-form" key={notes.length}>
              <input type="hidden" name="intent" value="note" />
              <div className="admin-field">
                <label htmlFor="note-body">새 메모</label>
                <textarea id="note-body" name="body" rows={3} maxLength={NOTE_MAX} required placeholder="통화 내용, 방문 약속 등" />
              </div>
              <p className="admin-form__error" role="alert">
                {actionData?.intent === "note" ? actionData.error : ""}
              </p>
              <button type="submit" className="admin-button admin-button--primary" disabled={pendingIntent === "note"}>
                {pendingIntent === "note" ? "저장 중…" : "메모 추가"}
              </button>
            </Form>
            {timeline.length === 0 ? (
              <p className="admin-empty__text">아직 기록이 없습니다.</p>
            ) : (
              <ol className="admin-timeline" aria-label="메모와 상태 변경 기록">
                {timeline.map((entry) => (
                  <li key={entry.key} className={entry.note === undefined ? "admin-timeline__change" : "admin-timeline__note"}>
                    <p className="admin-timeline__meta">
                      <time dateTime={new Date(entry.at).toISOString()}>{formatKst(entry.at)}</time> · {entry.author}
                    </p>
                    {entry.note === undefined ? <p>상태 변경: {entry.change}</p> : <p className="admin-timeline__body">{entry.note}</p>}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>

      <section className="admin-card" aria-labelledby="lead-sms-title">
        <h2 id="lead-sms-title" className="admin-card__title">
          발송한 문자
        </h2>
        {messages.length === 0 ? (
          <p className="admin-empty__text">이 접수로 보낸 문자가 없습니다.</p>
        ) : (
          <ul className="admin-messages">
            {messages.map((message) => (
              <li key={message.id} className="admin-message">
                <p className="admin-message__head">
                  <span className={`admin-sms admin-sms--${message.status}`}>{OUTBOX_STATUS_LABELS[message.status]}</span>
                  <strong>{SMS_PURPOSE_LABELS[message.purpose]}</strong>
                  <span>{formatPhone(message.recipient)}</span>
                  <span className="admin-muted">
                    {message.sentAt ? `${formatKst(message.sentAt)} 발송` : `${formatKst(message.createdAt)} 접수`} · 시도{" "}
                    {message.attempts}회
                  </span>
                </p>
                {message.lastResponse ? <p className="admin-message__response">응답: {message.lastResponse}</p> : null}
                <details>
                  <summary>문자 내용</summary>
                  <pre className="admin-message__body">{message.body}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/notifications" className="admin-link">
          문자 발송 현황 전체 보기
        </Link>
      </section>

      <section className="admin-card admin-danger" aria-labelledby="lead-delete-title">
        <h2 id="lead-delete-title" className="admin-card__title">
          고객 정보 삭제
        </h2>
        <p>이 접수와 메모, 보낸 문자 기록을 모두 지웁니다. 되돌릴 수 없습니다.</p>
        <Link to={`/admin/leads/${lead.id}/delete`} className="admin-button admin-button--danger">
          삭제…
        </Link>
      </section>
    </div>
  );
}

function statusLabel(status: string) {
  const labels: Record<string, string> = STATUS_LABELS;
  return labels[status] ?? status;
}
