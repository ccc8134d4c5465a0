import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { assignableStaff, assignLead, takeLead } from "#app/.server/leads/assignment.ts";
import {
  latestContact,
  missedCallTextDue,
  recordContact,
  sendMissedCallText,
  setLeadGrade,
  setNextContact,
} from "#app/.server/leads/contacts.ts";
import { filledTemplates } from "#app/.server/leads/texts.ts";
import { countCustomerLeads } from "#app/.server/leads/customer.ts";
import { leadHistory } from "#app/.server/leads/history.ts";
import { addLeadNote, changeLeadStatus, getLeadDetail, revealPhone, type LeadChange } from "#app/.server/leads/record.ts";
import { leadTextsPanel } from "#app/.server/leads/texts.ts";
import { CONTACT_MESSAGES, CONTACT_RESULT_LABELS, whenLabel } from "#app/forms/contacts.ts";
import { pendingTransferOf, requestTransfer } from "#app/.server/leads/transfers.ts";
import { TRANSFER_MESSAGES } from "#app/forms/assignment.ts";
import { textPack } from "#app/.server/content/site-settings.ts";
import { maySee, mayWork } from "#app/.server/leads/visibility.ts";
import { requireSite } from "#app/.server/site.ts";
import { listLeadBookings } from "#app/.server/visits/console.ts";
import { markAttendance } from "#app/.server/visits/office.ts";
import { listBookableSchedule } from "#app/.server/visits/schedule.ts";
import type { VisitDay } from "#app/forms/visit.ts";
import { bookVisitForLead } from "#app/.server/visits/staff-booking.ts";
import { maxPartySizeOf } from "#app/.server/visits/settings.ts";
import { BOOKING_STATUS_LABELS } from "#app/forms/admin-visits.ts";
import {
  AssignFormSchema,
  BIN_DAYS,
  CONFIRMED_STATUSES,
  LeadFormSchema,
  NOTE_MAX,
  NoteFormSchema,
  SPAM_REASON_LABELS,
  STATUS_LABELS,
  TEXT_HOLD_LABELS,
  statusChangedMeanwhile,
  STAFF_BOOKING_MESSAGES,
  VISIT_MARK_MESSAGES,
  visitMarkRefusal,
} from "#app/forms/admin.ts";
import { ROLE_LABELS } from "#app/forms/staff.ts";
import { sourcePageTitle } from "#app/content/source-pages.ts";
import { can } from "#app/permissions.ts";
import { formatKst, kstDay } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { withParticle } from "#app/utils/particles.ts";
import { SOURCE_WORDS } from "#app/forms/conversion.ts";
import { formatPhone, maskPhone, smsHref, telHref } from "#app/utils/phone.ts";
import { browserSummary } from "#app/utils/user-agent.ts";
import type { LeadStatus } from "#app/vocabulary.ts";
import {
  revalidateAfterConflict,
  ErrorList,
  SelectField,
  TextareaField,
  useConsoleForm,
  useKeptAnswer,
  type ConsoleFormAnswer,
} from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { CallSheet, CALL_SHEET_ID, FollowUpCard, openCallSheet } from "./call-sheet.tsx";
import { LeadActionBar, VisitMarks } from "./lead-actions.tsx";
import { LeadHistory } from "./lead-history.tsx";
import { LeadTexts } from "./lead-text-form.tsx";
import { LeadTransfer } from "./lead-transfer.tsx";
import { notFound, requireLeadId, unlessRefused } from "./lead.server.ts";
import { anyUnitForSale, unitsOfLead } from "#app/.server/units/board.ts";
import { LeadUnitFacts } from "../units/lead-unit-facts.tsx";
import { BOOK_VISIT_ID, BookVisitForm } from "./book-visit.tsx";
import type { Route } from "./+types/lead";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const id = requireLeadId(params.id);
  const { slug, pack: site } = requireSite(context);
  const detail = await getLeadDetail(slug, id);
  // A lead someone else works is, to a counsellor, a lead that does not exist.
  if (!detail || !maySee(admin, detail.lead)) throw notFound();
  const works = mayWork(admin, detail.lead);
  // A counsellor may ask to hand their own lead to someone else; a manager simply assigns it.
  const mayTransfer = detail.lead.assigneeId === admin.id && !can(admin.role, "leads.assign");
  const [bookings, staff, history, customerLeads, texts, lastContact, missedCallDue, pack, pendingTransfer, units, unitsForSale, schedule] =
    await Promise.all([
      listLeadBookings(id),
      can(admin.role, "leads.assign") || mayTransfer ? assignableStaff(slug) : [],
      leadHistory(admin, [detail.lead]),
      detail.lead.customerId ? countCustomerLeads(slug, detail.lead.customerId, admin) : 0,
      // Templates filled with the office's current sales phone and model house, as the texts will be.
      textPack(slug).then((pack) => leadTextsPanel(admin, pack, detail.lead, detail.messages)),
      latestContact(id),
      works ? missedCallTextDue(id) : false,
      textPack(slug),
      mayTransfer ? pendingTransferOf(id) : null,
      unitsOfLead(slug, detail.lead),
      works && detail.lead.status !== "spam" ? anyUnitForSale(slug) : false,
      works && detail.lead.status !== "spam" ? listBookableSchedule(slug) : ([] as VisitDay[]),
    ]);
  await recordConsoleAccess(context, admin, "lead.view", { leadIds: [id] });
  const { phone, ...lead } = detail.lead;
  const now = new Date();
  const today = kstDay(now);
  const missedCallKey = pack.leads.sms.missedCallTemplate;
  return {
    lead: {
      ...lead,
      phone: works ? formatPhone(phone) : maskPhone(phone),
      tel: works ? telHref(phone) : null,
      sms: works ? smsHref(phone) : null,
      sourceTitle: sourcePageTitle(site, lead.sourcePath),
      browser: browserSummary(lead.userAgent),
    },
    units: units.map((unit) => ({ ...unit, heldUntil: unit.heldUntil?.toISOString() ?? null })),
    // The board, narrowed to what is for sale (of the type they asked about), with this customer chosen to hold for.
    holdLink: unitsForSale
      ? `/admin/units?${new URLSearchParams({ for: String(id), status: "available", ...(lead.unitType ? { type: lead.unitType } : {}) })}`
      : null,
    // 방문 예약 잡기: the open times still ahead with room, as the site's visit form offers them.
    bookable: {
      days: schedule
        .map((entry) => ({
          label: entry.label,
          slots: entry.slots
            .filter((slot) => slot.state === "open")
            .map(({ id, time, remaining, unit }) => ({ id, time, remaining, unit })),
        }))
        .filter((entry) => entry.slots.length > 0),
      maxPartySize: maxPartySizeOf(site),
    },
    history,
    customerLeads,
    texts,
    // 방문 and 노쇼 from the visit's day on, by whoever works the lead (visits/office.ts decides again).
    bookings: bookings.map((booking) => ({ ...booking, markable: works && booking.day <= today })),
    staff: staff
      .filter((person) => !mayTransfer || person.id !== admin.id)
      .map((person) => ({ id: person.id, label: `${person.name || person.email} (${ROLE_LABELS[person.role]})` })),
    pendingTransfer,
    may: {
      work: works,
      take: lead.assigneeId === null,
      assign: can(admin.role, "leads.assign"),
      transfer: mayTransfer,
      delete: can(admin.role, "leads.delete"),
      outbox: can(admin.role, "outbox.view"),
    },
    kindLabels: site.leads.kindLabels,
    consent: pack.leads.consent,
    grades: site.leads.grades,
    dueNow: lead.nextContactAt !== null && lead.nextContactAt <= now,
    sheet: {
      notice: sheetNotice(new URL(request.url).searchParams.get("sheet"), lastContact, lead.nextContactAt, now),
      missedCallText: missedCallDue
        ? (filledTemplates(pack, { customerName: lead.name, staffName: admin.name }).find((each) => each.key === missedCallKey)?.text ??
          null)
        : null,
    },
  };
}

/** What the call sheet says after a post redirected back to it (`?sheet=`). */
function sheetNotice(
  answer: string | null,
  contact: Awaited<ReturnType<typeof latestContact>>,
  nextContactAt: Date | null,
  now: Date,
): string | null {
  if (answer === "contacted" && contact) {
    const next = nextContactAt ? ` 다음 연락: ${whenLabel(nextContactAt, now)}` : "";
    return `${withParticle(CONTACT_RESULT_LABELS[contact.result], "으로/로")} 기록했습니다.${next}`;
  }
  return answer && answer in SHEET_TEXT_NOTICES ? SHEET_TEXT_NOTICES[answer as keyof typeof SHEET_TEXT_NOTICES] : null;
}

const SHEET_TEXT_NOTICES = {
  queued: "부재 안내 문자를 발송 대기열에 넣었습니다.",
  held: "부재 안내 문자를 보내지 않았습니다: 이 번호로 보낼 수 있는 문자 수를 넘었습니다.",
  later: "부재 안내 문자를 발송 대기열에 넣었습니다.",
} as const;

type Answer =
  | ConsoleFormAnswer
  | { intent: "reveal"; phone: string; tel: string; sms: string }
  | { intent: "confirm"; status: (typeof CONFIRMED_STATUSES)[number] };

const REFUSALS = {
  taken: "다른 담당자가 먼저 배정받았습니다. 화면을 새로 고쳐 확인해 주세요.",
  "too-early": VISIT_MARK_MESSAGES.tooEarly,
  "nothing-missed": CONTACT_MESSAGES.nothingMissed,
  "already-texted": CONTACT_MESSAGES.alreadyTexted,
  pending: TRANSFER_MESSAGES.pending,
  "same-person": TRANSFER_MESSAGES.samePerson,
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const id = requireLeadId(params.id);
  const change = changeContext(context, admin);
  const parsed = parseConsoleForm(await request.formData(), LeadFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const refuse = (message: string) =>
    refuseSubmission(parsed.submission, { formErrors: [message] }, { status: 409, extra: { intent: post.intent } });
  let outcome: LeadChange | "taken" | "too-early" | "nothing-missed" | "already-texted" | "pending" | "same-person";
  const named = { ...change, actorName: admin.name || admin.email };
  switch (post.intent) {
    case "status": {
      // 스팸 asks first: the page shows the question with a second button (no script needed).
      if ((CONFIRMED_STATUSES as readonly LeadStatus[]).includes(post.status) && post.confirmed !== "yes") {
        return data<Answer>({ intent: "confirm", status: post.status as (typeof CONFIRMED_STATUSES)[number] });
      }
      const changed = await changeLeadStatus(change, id, post.status, new Date(), { shown: post.shown });
      if (typeof changed === "object") return refuse(statusChangedMeanwhile(changed.changedMeanwhile));
      outcome = changed;
      break;
    }
    case "note":
      outcome = await addLeadNote(change, id, post.body);
      break;
    case "assign":
      outcome = await assignLead(change, id, post.assignee);
      break;
    case "take":
      outcome = await takeLead(change, id);
      break;
    case "visit": {
      const marked = await markAttendance(change, post.bookingId, post.status, new Date(), { leadId: id, shown: post.shown });
      if (typeof marked === "object") return refuse(visitMarkRefusal(marked));
      outcome = marked;
      break;
    }
    case "contact": {
      const { intent: _, ...input } = post;
      const contacted = await recordContact(named, id, input);
      if (contacted.outcome !== "done") {
        outcome = contacted.outcome;
        break;
      }
      return redirect(`/admin/leads/${id}?sheet=contacted#${CALL_SHEET_ID}`, { status: 303 });
    }
    case "grade":
      outcome = await setLeadGrade(change, id, post.grade === "" ? null : post.grade);
      break;
    case "follow-up":
      outcome = await setNextContact(change, id, post.clear ? null : post.nextContactAt);
      break;
    case "missed-call-text": {
      const sent = await sendMissedCallText(named, id);
      if (sent.outcome === "queued") {
        const answer = sent.held ? "held" : sent.sendsAt ? "later" : "queued";
        return redirect(`/admin/leads/${id}?sheet=${answer}&message=${sent.outboxId}#${CALL_SHEET_ID}`, { status: 303 });
      }
      // Never advertising, so consent does not come into it.
      outcome = sent.outcome === "no-consent" || sent.outcome === "opted-out" ? "forbidden" : sent.outcome;
      break;
    }
    case "transfer": {
      const requested = await requestTransfer(change, id, { toId: post.to, reason: post.reason });
      outcome = requested === "decided" ? "not-found" : requested;
      break;
    }
    case "book-visit": {
      const booked = await bookVisitForLead(change, id, { slotId: post.slotId, partySize: post.partySize });
      if (booked === "done") return redirect(`/admin/leads/${id}#${BOOK_VISIT_ID}`, { status: 303 });
      if (booked === "not-found" || booked === "forbidden") {
        outcome = booked;
        break;
      }
      const field = booked === "party-size" ? "partySize" : booked === "spam" ? null : "slotId";
      const message =
        booked === "party-size"
          ? STAFF_BOOKING_MESSAGES.partySize(maxPartySizeOf(requireSite(context).pack))
          : STAFF_BOOKING_MESSAGES[booked];
      return refuseSubmission(parsed.submission, field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }, {
        status: 409,
        extra: { intent: post.intent },
      });
    }
    case "reveal": {
      const phone = await revealPhone(change, id);
      if (!phone) throw notFound();
      return data<Answer>({ intent: "reveal", phone: formatPhone(phone), tel: telHref(phone), sms: smsHref(phone) });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
  const answered = unlessRefused(outcome);
  if (answered !== "done") return refuse(REFUSALS[answered]);
  // Post/redirect/get: reloading the page shows the change without sending it again.
  return redirect(`/admin/leads/${id}`, { status: 303 });
}

/** A post refused because the page was old (409) redraws the page beside its answer. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData ? `접수 #${loaderData.lead.id} | 관리자` : "고객 접수 | 관리자",
    description: "고객 접수 상세",
    path: loaderData ? `/admin/leads/${loaderData.lead.id}` : "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    lead,
    bookings,
    history,
    customerLeads,
    texts,
    staff,
    may,
    kindLabels,
    consent,
    grades,
    dueNow,
    sheet,
    pendingTransfer,
    units,
    holdLink,
    bookable,
  } = loaderData;
  const answer = useKeptAnswer<Answer>(actionData);
  const revealed = answer?.intent === "reveal" && "phone" in answer ? answer : null;
  const confirming = answer?.intent === "confirm" && "status" in answer ? answer.status : null;
  /** Conform's reply, for the form whose intent was posted. */
  const replyTo = (intent: string) => (answer && "result" in answer && answer.intent === intent ? answer.result : undefined);
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [assignForm, assignFields] = useConsoleForm({
    id: "lead-assign",
    schema: AssignFormSchema,
    lastResult: replyTo("assign"),
    defaultValue: { assignee: lead.assigneeId === null ? "" : String(lead.assigneeId) },
  });
  const [noteForm, noteFields] = useConsoleForm({ id: "lead-note", schema: NoteFormSchema, lastResult: replyTo("note") });

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
      {lead.customerId ? (
        <p className="admin-customer-link">
          <Link to={`/admin/customers/${lead.customerId}`}>이 고객의 모든 기록 ({customerLeads}건)</Link>
        </p>
      ) : null}

      <LeadActionBar
        status={lead.status}
        tel={lead.tel ?? revealed?.tel ?? null}
        sms={lead.sms ?? revealed?.sms ?? null}
        may={may}
        confirming={confirming}
        statusResult={replyTo("status")}
        takeResult={replyTo("take")}
        pendingIntent={typeof pendingIntent === "string" ? pendingIntent : undefined}
        onCall={may.work ? openCallSheet : undefined}
      />

      {may.work ? (
        <CallSheet
          // A logged contact starts a fresh sheet, back in the page.
          key={history.find((entry) => entry.eventKind === "contact")?.key ?? "none"}
          tel={lead.tel}
          lastResult={replyTo("contact") ?? replyTo("missed-call-text")}
          notice={sheet.notice}
          missedCallText={sheet.missedCallText}
          pendingIntent={typeof pendingIntent === "string" ? pendingIntent : undefined}
        />
      ) : null}

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
              {lead.tel ? (
                <a href={lead.tel}>{lead.phone}</a>
              ) : revealed ? (
                <a href={revealed.tel}>{revealed.phone}</a>
              ) : (
                <Form method="post" className="admin-reveal">
                  <span>{lead.phone}</span>
                  <input type="hidden" name="intent" value="reveal" />
                  <button type="submit" className="admin-button admin-button--small" disabled={pendingIntent === "reveal"}>
                    번호 보기
                  </button>
                  <span className="admin-field__hint">번호를 보면 열람 기록이 남습니다.</span>
                </Form>
              )}
            </dd>
            {lead.receiptNumber ? (
              <>
                <dt>접수번호</dt>
                <dd>{lead.receiptNumber}</dd>
              </>
            ) : null}
            <dt>담당자</dt>
            <dd>{lead.assigneeName || (lead.assigneeId ? "이름 없는 계정" : <span className="admin-muted">미배정</span>)}</dd>
            <dt>접수 시각</dt>
            <dd>{formatKst(lead.createdAt, { seconds: true })}</dd>
            {bookings.length > 0 || may.work ? (
              <>
                <dt>방문 예약</dt>
                <dd id={BOOK_VISIT_ID}>
                  {bookings.length > 0 ? (
                    <ul className="admin-facts__bookings">
                      {bookings.map((booking) => (
                        <li key={booking.id}>
                          <Link to={`/admin/visits?day=${booking.day}`}>{booking.when}</Link>{" "}
                          <span className="admin-muted">{BOOKING_STATUS_LABELS[booking.status]}</span>
                          {booking.markable ? <VisitMarks booking={booking} lastResult={replyTo("visit")} /> : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="admin-muted">없음</span>
                  )}
                  {may.work && lead.status !== "spam" ? (
                    <BookVisitForm
                      days={bookable.days}
                      maxPartySize={bookable.maxPartySize}
                      lastResult={replyTo("book-visit")}
                      busy={pendingIntent === "book-visit"}
                    />
                  ) : null}
                </dd>
              </>
            ) : null}
            <LeadUnitFacts unitType={lead.unitType} units={units} holdLink={holdLink} />
            <dt>문의 내용</dt>
            <dd className="admin-facts__message">{lead.message || <span className="admin-muted">없음</span>}</dd>
            <dt>접수 페이지</dt>
            <dd>
              {lead.sourceTitle ?? lead.sourcePath}
              {lead.sourceTitle ? <span className="admin-muted admin-facts__path"> {lead.sourcePath}</span> : null}
            </dd>
            <dt>유입 경로</dt>
            <dd>
              {[
                lead.utmSource && `${SOURCE_WORDS.utmSource} ${lead.utmSource}`,
                lead.utmMedium && `${SOURCE_WORDS.utmMedium} ${lead.utmMedium}`,
                lead.utmCampaign && `${SOURCE_WORDS.utmCampaign} ${lead.utmCampaign}`,
                lead.referrerHost && `${SOURCE_WORDS.referrerHost} ${lead.referrerHost}`,
              ]
                .filter(Boolean)
                .join(" · ") || <span className="admin-muted">{SOURCE_WORDS.direct}</span>}
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
                <span className="admin-muted"> (현재 동의문 {withParticle(consent.version, "와/과")} 다른 버전)</span>
              )}
            </dd>
            <dt>광고 문자 수신</dt>
            <dd>
              {lead.marketingConsentAt ? (
                `${formatKst(lead.marketingConsentAt, { seconds: true })} 동의 (선택 항목)`
              ) : (
                <span className="admin-muted">동의하지 않음</span>
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
            <dd className="admin-facts__agent">
              {lead.userAgent ? (
                <details>
                  <summary>{lead.browser ?? "알 수 없는 브라우저"}</summary>
                  <code>{lead.userAgent}</code>
                </details>
              ) : (
                <span className="admin-muted">알 수 없음</span>
              )}
            </dd>
          </dl>
        </section>

        <div className="admin-detail__side">
          {may.assign ? (
            <section className="admin-card" aria-labelledby="lead-assign-title">
              <h2 id="lead-assign-title" className="admin-card__title">
                담당자 배정
              </h2>
              <Form method="post" className="admin-assign" {...getFormProps(assignForm)} key={lead.assigneeId ?? "none"}>
                <input type="hidden" name="intent" value="assign" />
                <SelectField
                  meta={assignFields.assignee}
                  label="담당자"
                  options={[{ value: "", label: "미배정" }, ...staff.map((person) => ({ value: String(person.id), label: person.label }))]}
                />
                <ErrorList id={assignForm.errorId} errors={assignForm.errors} />
                <button type="submit" className="admin-button" disabled={pendingIntent === "assign"}>
                  {pendingIntent === "assign" ? "저장 중…" : "배정"}
                </button>
              </Form>
            </section>
          ) : null}

          {may.work ? (
            <FollowUpCard
              grade={lead.grade}
              grades={grades}
              nextContactAt={lead.nextContactAt}
              dueNow={dueNow}
              gradeResult={replyTo("grade")}
              followUpResult={replyTo("follow-up")}
              pendingIntent={typeof pendingIntent === "string" ? pendingIntent : undefined}
            />
          ) : null}
          {may.transfer ? (
            <LeadTransfer
              people={staff}
              pending={pendingTransfer}
              lastResult={replyTo("transfer")}
              submitting={pendingIntent === "transfer"}
            />
          ) : null}

          <section className="admin-card" aria-labelledby="lead-notes-title">
            <h2 id="lead-notes-title" className="admin-card__title">
              상담 메모
            </h2>
            {may.work ? (
              <Form method="post" className="admin-form" {...getFormProps(noteForm)}>
                <input type="hidden" name="intent" value="note" />
                <TextareaField meta={noteFields.body} label="새 메모" rows={3} maxLength={NOTE_MAX} placeholder="통화 내용, 방문 약속 등" />
                <ErrorList id={noteForm.errorId} errors={noteForm.errors} />
                <button type="submit" className="admin-button admin-button--primary" disabled={pendingIntent === "note"}>
                  {pendingIntent === "note" ? "저장 중…" : "메모 추가"}
                </button>
              </Form>
            ) : (
              <p className="admin-muted">담당으로 배정된 고객에게만 메모를 남기고 상태를 바꿀 수 있습니다.</p>
            )}
            <h3 className="admin-card__subtitle">기록</h3>
            <LeadHistory entries={history} label="이 접수의 기록: 상태 변경, 메모, 통화, 배정, 문자, 방문" />
          </section>
        </div>
      </div>

      <LeadTexts leadId={lead.id} panel={texts} outboxLink={may.outbox} />

      {may.delete ? (
        <section className="admin-card admin-danger" aria-labelledby="lead-delete-title">
          <h2 id="lead-delete-title" className="admin-card__title">
            고객 정보 삭제
          </h2>
          <p>휴지통으로 옮깁니다. {BIN_DAYS}일 안에는 되살릴 수 있고, 그 뒤에는 메모·문자 기록과 함께 완전히 파기됩니다.</p>
          <Link to={`/admin/leads/${lead.id}/delete`} className="admin-button admin-button--danger">
            삭제…
          </Link>
        </section>
      ) : null}
    </div>
  );
}
