import { data, Form, Link, redirect } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { assignableStaff } from "#app/.server/leads/assignment.ts";
import { todaysWork, workOf } from "#app/.server/leads/follow-ups.ts";
import { requireSite } from "#app/.server/site.ts";
import { markAttendance } from "#app/.server/visits/office.ts";
import { todayVisitLine } from "#app/forms/admin-visits.ts";
import { LeadVisitMarkSchema, STATUS_LABELS, visitMarkRefusal } from "#app/forms/admin.ts";
import { CONTACT_RESULT_LABELS, durationLabel, whenLabel } from "#app/forms/contacts.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import { ROLE_LABELS } from "#app/forms/staff.ts";
import { can } from "#app/permissions.ts";
import { formatKoreanDate, kstTime } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone, telHref } from "#app/utils/phone.ts";
import type { ContactResult, LeadGrade, LeadKind } from "#app/vocabulary.ts";
import { revalidateAfterConflict, type ConsoleFormAnswer } from "./forms.tsx";
import { GradeLegend } from "./leads/call-sheet.tsx";
import { VisitMarks } from "./leads/lead-actions.tsx";
import { unlessRefused } from "./leads/lead.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import { signedInAdmin } from "./guard.server.ts";
import type { Route } from "./+types/today";

/**
 * 오늘 할 일: the page a counsellor's console opens on. Callbacks due today (the most overdue
 * first, with how late), today's visitors among their customers, and leads given to them that
 * nobody has called yet; each row one tap to call, one to open the lead, and a visitor's row marks
 * 방문 or 노쇼 where it stands. Owners and managers see the team's, or one person's (`?who=`); a
 * counsellor asking for someone else's is refused.
 */

const WHO_REFUSED = "다른 담당자의 할 일은 볼 수 없습니다.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context);
  const whoParam = new URL(request.url).searchParams.get("who");
  const asked = whoParam ? readWholeNumber(whoParam) : null;
  if (asked === undefined) throw data("담당자를 다시 골라 주세요.", { status: 400 });
  const work = workOf(admin, asked);
  if (work === "forbidden") throw data(WHO_REFUSED, { status: 403 });
  const now = new Date();
  const team = can(admin.role, "leads.all");
  const [lists, staff] = await Promise.all([todaysWork(site.slug, admin, work, now), team ? assignableStaff(site.slug) : []]);
  const shown = [...lists.callbacks, ...lists.visitors, ...lists.fresh].map((lead) => lead.id);
  await recordConsoleAccess(context, admin, "leads.list", {
    leadIds: [...new Set(shown)],
    detail: { page: "today", ...("assigneeId" in work ? { who: work.assigneeId } : {}) },
  });
  // Every lead here is one the person works (their own, or a manager's view of the team's): numbers are whole.
  const row = <T extends { phone: string }>(lead: T) => ({ ...lead, phone: formatPhone(lead.phone), tel: telHref(lead.phone) });
  return {
    day: formatKoreanDate(lists.today),
    callbacks: lists.callbacks.map((lead) => ({
      ...row(lead),
      when: whenLabel(lead.nextContactAt!, now),
      late: lead.overdueMs > 0 ? durationLabel(lead.overdueMs) : null,
    })),
    visitors: lists.visitors.map((lead) => ({ ...row(lead), time: kstTime(lead.startsAt) })),
    fresh: lists.fresh.map((lead) => ({ ...row(lead), waited: durationLabel(now.getTime() - lead.createdAt.getTime()) })),
    team,
    who: "assigneeId" in work ? work.assigneeId : null,
    staff: staff.map((person) => ({ id: person.id, label: `${person.name || person.email} (${ROLE_LABELS[person.role]})` })),
    kindLabels: site.pack.leads.kindLabels,
    grades: site.pack.leads.grades,
  };
}

/** 방문 / 노쇼 of a visitor in the list: the booking and its lead change together (visits/office.ts), then the same list again. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), LeadVisitMarkSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const marked = unlessRefused(
    await markAttendance(changeContext(context, admin), post.bookingId, post.status, new Date(), {
      leadId: post.leadId,
      shown: post.shown,
    }),
  );
  if (marked !== "done") {
    return refuseSubmission(parsed.submission, { formErrors: [visitMarkRefusal(marked)] }, { status: 409, extra: { intent: post.intent } });
  }
  return redirect(`/admin/today${new URL(request.url).search}`, { status: 303 });
}

/** A post refused because the page was old (409) redraws the page beside its answer. */
export const shouldRevalidate = revalidateAfterConflict;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "오늘 할 일 | 관리자",
    description: "다시 연락할 고객과 오늘 방문 고객",
    path: "/admin/today",
    robots: "noindex,nofollow",
  });

type LoaderData = Route.ComponentProps["loaderData"];

export default function TodayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { day, callbacks, visitors, fresh, team, who, staff } = loaderData;
  const answer: ConsoleFormAnswer | undefined = actionData;
  return (
    <div className="admin-page admin-today">
      <div className="admin-page__head">
        <h1 className="admin-title">오늘 할 일</h1>
        <p className="admin-page__meta">{day}</p>
      </div>
      {team ? (
        <Form method="get" className="admin-card admin-filters admin-today__who" key={who ?? "all"}>
          <div className="admin-field">
            <label htmlFor="today-who">담당자</label>
            <select id="today-who" name="who" defaultValue={who === null ? "" : String(who)}>
              <option value="">팀 전체</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.label}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button admin-button--primary">
              보기
            </button>
            <Link to="/admin" className="admin-button admin-button--ghost">
              대시보드
            </Link>
          </div>
        </Form>
      ) : null}

      <TodaySection id="today-callbacks" title="다시 연락할 고객" count={callbacks.length} empty="오늘 연락하기로 한 고객이 없습니다.">
        {callbacks.map((lead) => (
          <TodayRow key={lead.id} lead={lead} data={loaderData} showAssignee={team}>
            {lead.late ? (
              <span className="admin-today__late">{lead.late} 지남</span>
            ) : (
              <span className="admin-today__due">{lead.when} 예정</span>
            )}
          </TodayRow>
        ))}
      </TodaySection>

      <TodaySection id="today-visitors" title="오늘 방문 고객" count={visitors.length} empty="오늘 견본주택 방문 예약이 없습니다.">
        {visitors.map((lead) => (
          <TodayRow
            key={`b${lead.bookingId}`}
            lead={lead}
            data={loaderData}
            showAssignee={team}
            marks={
              <VisitMarks
                booking={{ id: lead.bookingId, status: lead.bookingStatus, leadId: lead.id }}
                name={lead.name}
                lastResult={answer?.result}
              />
            }
          >
            <span className="admin-today__due">{todayVisitLine(lead.time, lead.bookingStatus)}</span>
          </TodayRow>
        ))}
      </TodaySection>

      <TodaySection id="today-fresh" title="새로 배정된 고객 (연락 전)" count={fresh.length} empty="연락을 기다리는 새 고객이 없습니다.">
        {fresh.map((lead) => (
          <TodayRow key={lead.id} lead={lead} data={loaderData} showAssignee={team}>
            <span className="admin-today__due">접수 {lead.waited} 전</span>
          </TodayRow>
        ))}
      </TodaySection>

      <details className="admin-card admin-today__legend">
        <summary>가망 등급 안내</summary>
        <GradeLegend grades={loaderData.grades} />
      </details>
    </div>
  );
}

function TodaySection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section className="admin-card admin-today__section" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title} <span className="admin-card__note">{count}명</span>
      </h2>
      {count === 0 ? <p className="admin-empty__text">{empty}</p> : <ul className="admin-today__list">{children}</ul>}
    </section>
  );
}

interface TodayLead {
  id: number;
  kind: LeadKind;
  name: string;
  phone: string;
  tel: string;
  grade: LeadGrade | null;
  status: keyof typeof STATUS_LABELS;
  assigneeName: string | null;
  callCount: number;
  lastContactResult: ContactResult | null;
}

function TodayRow({
  lead,
  data,
  showAssignee,
  marks,
  children,
}: {
  lead: TodayLead;
  data: LoaderData;
  showAssignee: boolean;
  /** A visitor's 방문 / 노쇼 buttons, under the row. */
  marks?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className="admin-today__row">
      <div className="admin-today__who-line">
        <Link to={`/admin/leads/${lead.id}`} className="admin-today__name">
          {lead.name}
        </Link>
        {lead.grade ? (
          <span className={`admin-grade admin-grade--${lead.grade}`} title={data.grades[lead.grade].label}>
            {lead.grade}
          </span>
        ) : null}
        <span className={`admin-kind admin-kind--${lead.kind}`}>{data.kindLabels[lead.kind]}</span>
      </div>
      <p className="admin-today__facts">
        {children}
        <span className="admin-muted">
          {" · "}
          {STATUS_LABELS[lead.status]}
          {lead.callCount > 0 ? ` · 통화 ${lead.callCount}회` : ""}
          {lead.lastContactResult ? ` · 최근 ${CONTACT_RESULT_LABELS[lead.lastContactResult]}` : ""}
          {showAssignee ? ` · ${lead.assigneeName ?? "미배정"}` : ""}
        </span>
      </p>
      <div className="admin-today__actions">
        <a
          href={lead.tel}
          className="admin-button admin-button--primary admin-today__call"
          aria-label={`${lead.name}에게 전화 ${lead.phone}`}
        >
          전화
        </a>
        <Link to={`/admin/leads/${lead.id}#call-sheet`} className="admin-button">
          통화 기록
        </Link>
      </div>
      {marks ? <div className="admin-today__marks">{marks}</div> : null}
    </li>
  );
}
