import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { checkAuditChains } from "#app/.server/audit/records.ts";
import { auditPeople, listAuditRecords, markMonthReviewed, monthDownloads, monthReview } from "#app/.server/audit/review.ts";
import { LEAD_CSV_COLUMNS } from "#app/.server/leads/csv-export.ts";
import { requireSite, servedSites } from "#app/.server/site.ts";
import { listStaff } from "#app/.server/auth/staff.ts";
import { EXPORT_PURPOSES, STATUS_LABELS } from "#app/forms/admin.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_CHAIN_INTACT,
  AUDIT_CHAIN_LABELS,
  AUDIT_CHAIN_PROBLEM_TEXT,
  AuditFilterSchema,
  MONTH_PATTERN,
  monthLabel,
  REVIEW_MESSAGES,
  ReviewFormSchema,
} from "#app/forms/audit.ts";
import { displayName, ROLE_LABELS } from "#app/forms/staff.ts";
import { formatKst, kstMonth, nextMonth, previousMonth } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { AUDIT_ACTIONS, ROLES, type AuditAction, type Role } from "#app/vocabulary.ts";
import { CopyButton } from "./copy-button.tsx";
import { ErrorList, Field, useConsoleForm } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/audit";
import { requireWholeNumbers } from "./leads/numbers.server.ts";

const PAGE_SIZE = 100;
/** A record's lead ids shown as links; a list page's hundred ids are summarised after these. */
const LEADS_SHOWN = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).slug;
  const url = new URL(request.url);
  const monthParam = url.searchParams.get("month");
  const view = url.searchParams.get("view") === "month" ? ("month" as const) : ("records" as const);
  const month = monthParam && MONTH_PATTERN.test(monthParam) ? monthParam : previousMonth(kstMonth(new Date()));
  requireWholeNumbers(url, ["person", "lead", "before"]);
  const filter = AuditFilterSchema.parse(Object.fromEntries(url.searchParams));
  const staff = await listStaff(site, admin.id);
  const names = new Map(staff.map((person) => [person.id, displayName(person)]));
  // A person by name, the email second; the records keep the email they were written with.
  const who = (adminId: number | null, email: string) => {
    const name = adminId === null ? undefined : names.get(adminId);
    return name ? `${name} (${email})` : email;
  };

  if (view === "month") {
    // The chains are walked from their start on every visit, so what the page says is what the database holds now.
    const [downloads, review, chains] = await Promise.all([monthDownloads(site, month), monthReview(site, month), checkAuditChains()]);
    await recordConsoleAccess(context, admin, "audit.view", { detail: { month } });
    return {
      view,
      month,
      thisMonth: kstMonth(new Date()),
      downloads: downloads.map((download) => ({
        id: download.id,
        at: download.at,
        who: who(download.adminId, download.adminEmail),
        leadCount: Number(download.leadCount),
        ...describeExport(download.detail),
      })),
      review,
      chains: chains.map((check) =>
        check.ok
          ? { chain: check.chain, ok: true as const, records: check.records, head: check.head }
          : {
              chain: check.chain,
              ok: false as const,
              records: check.records,
              problem: AUDIT_CHAIN_PROBLEM_TEXT[check.problem](check.recordId),
            },
      ),
      filter,
      people: [],
      records: [],
      nextBeforeId: null,
    };
  }

  const [{ records, nextBeforeId }, people] = await Promise.all([
    listAuditRecords({
      site,
      adminId: filter.person,
      action: filter.action,
      leadId: filter.lead,
      from: filter.from,
      to: filter.to,
      beforeId: filter.before,
      limit: PAGE_SIZE,
    }),
    auditPeople(site),
  ]);
  await recordConsoleAccess(context, admin, "audit.view", { leadIds: filter.lead ? [filter.lead] : [], detail: { filter: { ...filter } } });
  return {
    view,
    month,
    thisMonth: kstMonth(new Date()),
    downloads: [],
    review: null,
    chains: [],
    filter,
    people: people.map((person) => ({ ...person, label: who(person.id, person.email) })),
    records: records.map((record) => ({
      id: record.id,
      at: record.at,
      who: who(record.adminId, record.adminEmail),
      role: roleLabel(record.role),
      clientAddress: record.clientAddress,
      action: AUDIT_ACTION_LABELS[record.action] ?? record.action,
      leads: record.leadIds.slice(0, LEADS_SHOWN),
      moreLeads: Math.max(0, record.leadIds.length - LEADS_SHOWN),
      detail: describeDetail(record.action, record.detail, names) + madeFrom(record.detail),
    })),
    nextBeforeId: nextBeforeId ?? null,
  };
}

/** A rights change filed here but made in another site's console says which (docs/decisions/022-role-per-site.md). */
function madeFrom(detail: Record<string, unknown>) {
  if (typeof detail.console !== "string") return "";
  const other = servedSites().find((site) => site.slug === detail.console);
  return ` (${other?.pack.brand.projectName ?? detail.console} 관리자 화면에서)`;
}

function roleLabel(role: string) {
  return (ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as Role] : "시스템";
}

const columnHeader = new Map(LEAD_CSV_COLUMNS.map((column) => [column.id, column.header]));

function describeExport(detail: Record<string, unknown>) {
  const purpose =
    typeof detail.purpose === "string" && detail.purpose in EXPORT_PURPOSES
      ? EXPORT_PURPOSES[detail.purpose as keyof typeof EXPORT_PURPOSES].label
      : "";
  const columns = Array.isArray(detail.columns) ? detail.columns.map((id) => columnHeader.get(String(id)) ?? String(id)).join(", ") : "";
  return { purpose, reason: typeof detail.reason === "string" ? detail.reason : "", columns };
}

/** A record's detail as a sentence the owner can read: whose role changed to what, why a file was taken. */
function describeDetail(action: AuditAction, detail: Record<string, unknown>, names: Map<number, string>): string {
  const person = (id: unknown) => (typeof id === "number" ? (names.get(id) ?? `계정 #${id}`) : "미배정");
  const status = (value: unknown) => STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? String(value);
  switch (action) {
    case "leads.export": {
      const { purpose, reason, columns } = describeExport(detail);
      return `목적: ${purpose} · 이유: ${reason} · 열: ${columns}`;
    }
    case "leads.import":
      return `출처: ${String(detail.source)} · 가져옴 ${Number(detail.imported)}명 · 건너뜀 ${Number(detail.skipped)}행`;
    case "lead.status":
      return `${status(detail.from)} → ${status(detail.to)}`;
    case "lead.assign":
      return `${person(detail.from)} → ${person(detail.to)}`;
    case "lead.destroy":
      return detail.reason === "bin" ? "휴지통 보관 기간(7일) 종료" : "보유 기간 종료";
    case "staff.create":
      return `${person(detail.adminId)} · ${roleLabel(String(detail.role))}`;
    case "staff.invite":
      return `${person(detail.adminId)}${detail.again ? " (다시 초대)" : ` · ${roleLabel(String(detail.role))}`}`;
    case "staff.role":
      return `${person(detail.adminId)}: ${roleLabel(String(detail.from))} → ${roleLabel(String(detail.to))}`;
    case "staff.sites":
      return `${person(detail.adminId)}: ${[detail.from].flat().join(", ")} → ${[detail.to].flat().join(", ")}`;
    case "staff.disable":
    case "staff.enable":
    case "staff.reset-second-factor":
    case "staff.name":
      return person(detail.adminId);
    case "audit.review":
      return `${monthLabel(String(detail.month))}${detail.note ? ` · ${String(detail.note)}` : ""}`;
    case "leads.list":
    case "leads.search":
      return detail.page === "dashboard" ? "대시보드" : detail.page === "bin" ? "휴지통" : detail.paged ? "다음 페이지" : "";
    case "visits.view":
      return typeof detail.day === "string" ? detail.day : "";
    default:
      return "";
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), ReviewFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { month, note } = parsed.value;
  if (month >= kstMonth(new Date())) return refuseSubmission(parsed.submission, { fieldErrors: { month: [REVIEW_MESSAGES.notEnded] } });
  await markMonthReviewed(changeContext(context, admin), month, note);
  return redirect(`/admin/audit?view=month&month=${month}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "접속 기록 | 관리자",
    description: "개인정보 접속 기록",
    path: "/admin/audit",
    robots: "noindex,nofollow",
  });

export default function AuditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">접속 기록</h1>
      </div>
      <p className="admin-muted">
        고객 개인정보를 보거나 바꾼 모든 일과 권한 변경이 기록됩니다. 기록은 앞 기록의 해시를 이어 가므로 누군가 지우거나 고치면 월별 점검
        화면이 그 기록을 찾아 보여 줍니다. 매달 내려받기 사유와 기록 검증 결과를 확인하고 점검 완료로 표시해 주세요.
      </p>
      <nav className="admin-tabs" aria-label="접속 기록 보기">
        <Link to="/admin/audit" className="admin-tabs__tab" aria-current={view === "records" ? "page" : undefined}>
          기록 조회
        </Link>
        <Link to="/admin/audit?view=month" className="admin-tabs__tab" aria-current={view === "month" ? "page" : undefined}>
          월별 점검
        </Link>
      </nav>
      {view === "month" ? <MonthReview data={loaderData} lastResult={actionData?.result} /> : <Records data={loaderData} />}
    </div>
  );
}

type PageData = Route.ComponentProps["loaderData"];

function Records({ data: { filter, people, records, nextBeforeId } }: { data: PageData }) {
  const loading = useNavigation().state === "loading";
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filter)) if (value !== undefined && name !== "before") params.set(name, String(value));
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    return `?${params}`;
  };
  return (
    <>
      <Form method="get" className="admin-card admin-filters admin-audit__filters" key={JSON.stringify(filter)}>
        <div className="admin-field">
          <label htmlFor="audit-person">사람</label>
          <select id="audit-person" name="person" defaultValue={filter.person ?? ""}>
            <option value="">모두</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-action">한 일</label>
          <select id="audit-action" name="action" defaultValue={filter.action ?? ""}>
            <option value="">모두</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-lead">접수 번호</label>
          <input id="audit-lead" name="lead" inputMode="numeric" pattern="[0-9]*" defaultValue={filter.lead ?? ""} placeholder="예: 120" />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-from">시작일</label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-to">종료일</label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary">
            조회
          </button>
          <Link to="/admin/audit" className="admin-button admin-button--ghost">
            초기화
          </Link>
        </div>
      </Form>
      <p className="admin-count" aria-live="polite">
        {loading ? "불러오는 중…" : `${records.length.toLocaleString("ko-KR")}건${nextBeforeId ? " 이상" : ""}`}
      </p>
      {records.length === 0 ? (
        <p className="admin-card admin-empty__text">조건에 맞는 기록이 없습니다.</p>
      ) : (
        <table className="admin-table admin-stack admin-audit">
          <thead>
            <tr>
              <th scope="col">시각</th>
              <th scope="col">사람</th>
              <th scope="col">접속 주소</th>
              <th scope="col">한 일</th>
              <th scope="col">고객(접수 번호)</th>
              <th scope="col">내용</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id}>
                <td data-label="시각" className="admin-nowrap">
                  {formatKst(record.at, { seconds: true })}
                </td>
                <td data-label="사람">
                  {record.who} <span className="admin-muted">{record.role}</span>
                </td>
                <td data-label="접속 주소" className="admin-nowrap">
                  {record.clientAddress}
                </td>
                <td data-label="한 일">{record.action}</td>
                <td data-label="고객">
                  {record.leads.length === 0 ? (
                    <span className="admin-muted">—</span>
                  ) : (
                    <>
                      {record.leads.map((id, index) => (
                        <span key={id}>
                          {index > 0 ? ", " : ""}
                          <Link to={query({ lead: String(id) })}>#{id}</Link>
                        </span>
                      ))}
                      {record.moreLeads > 0 ? <span className="admin-muted"> 외 {record.moreLeads}건</span> : null}
                    </>
                  )}
                </td>
                <td data-label="내용" className="admin-audit__detail">
                  {record.detail || <span className="admin-muted">—</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextBeforeId ? (
        <p className="admin-more">
          <Link to={query({ before: String(nextBeforeId) })} className="admin-button">
            이전 기록 더 보기
          </Link>
        </p>
      ) : null}
    </>
  );
}

function MonthReview({
  data: { month, thisMonth, downloads, review, chains },
  lastResult,
}: {
  data: PageData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const ended = month < thisMonth;
  const [form, fields] = useConsoleForm({ id: "month-review", schema: ReviewFormSchema, lastResult, defaultValue: { month, note: "" } });
  const { key: monthKey, defaultValue: _typedMonth, ...monthProps } = getInputProps(fields.month, { type: "hidden" });
  return (
    <section className="admin-card" aria-labelledby="month-title">
      <div className="admin-visits__day-head">
        <h2 id="month-title" className="admin-card__title">
          {monthLabel(month)} 내려받기 {downloads.length}건
        </h2>
        <nav className="admin-visits__paging" aria-label="달 이동">
          <Link to={`?view=month&month=${previousMonth(month)}`}>이전 달</Link>
          {nextMonth(month) <= thisMonth ? <Link to={`?view=month&month=${nextMonth(month)}`}>다음 달</Link> : null}
        </nav>
      </div>
      {downloads.length === 0 ? (
        <p className="admin-empty__text">이달에는 내려받은 파일이 없습니다.</p>
      ) : (
        <table className="admin-table admin-stack admin-audit">
          <thead>
            <tr>
              <th scope="col">시각</th>
              <th scope="col">사람</th>
              <th scope="col">목적</th>
              <th scope="col">이유</th>
              <th scope="col">열</th>
              <th scope="col" className="admin-num">
                고객 수
              </th>
            </tr>
          </thead>
          <tbody>
            {downloads.map((download) => (
              <tr key={download.id}>
                <td data-label="시각" className="admin-nowrap">
                  {formatKst(download.at)}
                </td>
                <td data-label="사람">{download.who}</td>
                <td data-label="목적">{download.purpose}</td>
                <td data-label="이유">{download.reason}</td>
                <td data-label="열" className="admin-audit__detail">
                  {download.columns}
                </td>
                <td data-label="고객 수" className="admin-num">
                  {download.leadCount.toLocaleString("ko-KR")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ChainChecks chains={chains} />
      <div className="admin-review">
        {review ? (
          <p className="admin-notice" role="status">
            {formatKst(review.reviewedAt)}에 {review.reviewerName || review.reviewerEmail}님이 점검 완료로 표시했습니다.
            {review.note ? ` 메모: ${review.note}` : ""}
          </p>
        ) : ended ? (
          <Form method="post" className="admin-form" {...getFormProps(form)}>
            <input key={monthKey} {...monthProps} value={month} />
            <Field meta={fields.note} label="점검 메모 (선택)" placeholder="예: 내려받기 사유 모두 확인, 이상 없음" />
            <ErrorList id={fields.month.errorId} errors={fields.month.errors} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              {monthLabel(month)} 점검 완료로 표시
            </button>
          </Form>
        ) : (
          <p className="admin-muted">이달이 끝나면 점검 완료로 표시할 수 있습니다.</p>
        )}
      </div>
    </section>
  );
}

/**
 * Each chain as the page found it just now: "변경 없음" and its head (the hash to write down at the
 * monthly review, outside this server), or the first record that was altered or removed.
 */
function ChainChecks({ chains }: { chains: PageData["chains"] }) {
  if (chains.length === 0) return null;
  return (
    <div className="admin-review admin-chains" data-testid="chain-checks">
      <h3 className="admin-card__title">기록 검증</h3>
      <p className="admin-muted">
        이 화면을 열 때마다 모든 기록의 해시를 처음부터 다시 계산해 확인합니다. 마지막 기록의 값을 점검표처럼 이 서버 밖에 적어 두면, 기록을
        통째로 다시 쓰거나 끝부분을 지운 것도 다음 점검 때 알 수 있습니다.
      </p>
      <ul className="admin-chains__list">
        {chains.map((check) => (
          <li key={check.chain} className="admin-chains__chain">
            <p className="admin-chains__verdict">
              <strong>{AUDIT_CHAIN_LABELS[check.chain]}</strong>{" "}
              {check.ok ? (
                <span className="admin-chains__ok">{`${AUDIT_CHAIN_INTACT} (기록 ${check.records.toLocaleString("ko-KR")}건 확인)`}</span>
              ) : (
                <span className="admin-chains__broken" role="alert">
                  {check.problem}
                </span>
              )}
            </p>
            {check.ok ? (
              <p className="admin-chains__head">
                <span className="admin-muted">마지막 기록 #{check.head.recordId}</span>{" "}
                <code className="admin-audit__hash" id={`chain-head-${check.chain}`}>
                  {check.head.hash}
                </code>{" "}
                <CopyButton text={check.head.hash} describedBy={`chain-head-${check.chain}`} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
