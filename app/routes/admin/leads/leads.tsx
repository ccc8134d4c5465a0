import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { countLeads, formatLeadCursor, listCampaignChoices, listLeadsPage, parseLeadCursor } from "#app/.server/leads/inbox.ts";
import { keepLeadSearch, readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { assignableStaff, assignLeads } from "#app/.server/leads/assignment.ts";
import { changeContext } from "#app/.server/audit/access.ts";
import {
  BIN_DAYS,
  BulkAssignFormSchema,
  filterQuery,
  LeadFilterFormSchema,
  LeadFilterSchema,
  NO_CAMPAIGN,
  SEARCH_MAX,
  STATUS_LABELS,
  UNASSIGNED,
} from "#app/forms/admin.ts";

import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatKst } from "#app/utils/kst.ts";
import { formatVisitTime } from "#app/utils/visit-time.ts";
import { sourcePageTitle } from "#app/content/source-pages.ts";
import { SOURCE_WORDS } from "#app/forms/conversion.ts";
import { CONTACT_RESULT_LABELS } from "#app/forms/contacts.ts";
import { shorten } from "../format.ts";
import { ErrorList, useConsoleForm } from "../forms.tsx";
import { signedInAdmin, requireCalendarDays } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { shownPhone } from "#app/.server/leads/visibility.ts";
import { can } from "#app/permissions.ts";
import type { Route } from "./+types/leads";
import { LEAD_KINDS, LEAD_STATUSES } from "#app/vocabulary.ts";

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const url = new URL(request.url);
  requireCalendarDays(url, ["from", "to"]);
  const params = url.searchParams;
  const filter = LeadFilterSchema.parse(Object.fromEntries(params));
  const searchId = params.get("s");
  const search = await readLeadSearch(admin.id, searchId);
  const after = parseLeadCursor(params.get("after"));
  const site = requireSite(context).slug;
  const query = { ...filter, site, viewer: admin, search: search ?? undefined };
  const mayAssign = can(admin.role, "leads.assign");
  const seesEveryone = can(admin.role, "leads.all");
  const [page, total, choices, staff] = await Promise.all([
    listLeadsPage(query, { after, limit: PAGE_SIZE }),
    countLeads(query),
    listCampaignChoices(site),
    mayAssign || seesEveryone ? assignableStaff(site) : [],
  ]);
  const people = staff.map(({ id, name, email }) => ({ id, name: name || email }));
  // Which leads this person was shown, and what they searched for (never the term itself: a name or number).
  await recordConsoleAccess(context, admin, search ? "leads.search" : "leads.list", {
    leadIds: page.leads.map((lead) => lead.id),
    detail: { filter: filterQuery(filter), paged: Boolean(after) },
  });
  return {
    filter,
    search,
    searchId: search ? searchId : null,
    searchExpired: Boolean(searchId && !search),
    leads: page.leads.map((lead) => ({
      ...lead,
      phone: shownPhone(admin, lead),
      sourceTitle: sourcePageTitle(requireSite(context).pack, lead.sourcePath),
    })),
    next: page.next ? formatLeadCursor(page.next) : null,
    paged: Boolean(after),
    total,
    choices,
    kindLabels: requireSite(context).pack.leads.kindLabels,
    deleted: params.get("deleted") === "1",
    assigned: assignedNotice(params),
    staff: mayAssign ? people : [],
    // Whose leads the filter can show: a counsellor sees only their own and the unassigned inbox.
    assignees: seesEveryone ? people : [{ id: admin.id, name: "내 고객" }],
    may: { export: can(admin.role, "leads.export"), bin: can(admin.role, "leads.delete"), assign: mayAssign },
  };
}

/** What the redirect after a bulk assignment says: "3명을 배정했습니다". */
function assignedNotice(params: URLSearchParams) {
  const count = Number(params.get("assigned"));
  if (!Number.isInteger(count) || count < 0 || !params.has("assigned")) return null;
  if (count === 0) return "선택한 고객은 이미 그 담당자에게 배정되어 있습니다.";
  return params.get("to") === "none" ? `고객 ${count}명의 배정을 풀었습니다.` : `고객 ${count}명을 배정했습니다.`;
}

/**
 * The filter form posts here so that a searched name or phone number never appears in a URL
 * (nor in browser history, proxy or server logs): the term is kept on the server and the page
 * the browser is sent to names it by a random id.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "assign") return bulkAssign(context, form);
  const admin = signedInAdmin(context);
  const { q, assignedTo, ...filter } = LeadFilterFormSchema.parse(Object.fromEntries(form));
  const s = q ? await keepLeadSearch(admin.id, q) : undefined;
  // One's own leads are 내 고객, the page the menu names.
  const own = assignedTo === String(admin.id);
  const query = filterQuery({ ...filter, ...(own ? { mine: "1" as const } : { assignedTo }), s });
  return redirect(query ? `/admin/leads?${query}` : "/admin/leads", { status: 303 });
}

/** The ticked leads to one person (or back to the unassigned inbox), then back to the same list. */
async function bulkAssign(context: Route.ActionArgs["context"], form: FormData) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(form, BulkAssignFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { ids, assignee } = parsed.value;
  const { outcome, changed } = await assignLeads(changeContext(context, admin), ids, assignee);
  if (outcome !== "done") {
    return refuseSubmission(
      parsed.submission,
      { formErrors: ["선택한 고객이나 담당자를 찾을 수 없습니다. 목록을 새로 고친 뒤 다시 선택해 주세요."] },
      { status: 404 },
    );
  }
  // Back to the list the person was on: its filters and kept search, nothing else the post carried.
  const back = new URLSearchParams(String(form.get("back") ?? ""));
  const searchId = back.get("s");
  const query = new URLSearchParams(
    filterQuery({
      ...LeadFilterSchema.parse(Object.fromEntries(back)),
      s: searchId && /^[\w-]{1,64}$/.test(searchId) ? searchId : undefined,
    }),
  );
  query.set("assigned", String(changed));
  if (assignee === null) query.set("to", "none");
  return redirect(`/admin/leads?${query}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "고객 접수 | 관리자",
    description: "고객 접수 목록",
    path: "/admin/leads",
    robots: "noindex,nofollow",
  });

export default function LeadsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, searchId, leads, next, paged, total, kindLabels, deleted, searchExpired, may, assigned, staff } = loaderData;
  const current = filterQuery({ ...filter, s: searchId ?? undefined });
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const assigning = navigation.formData?.get("intent") === "assign";
  const [assignForm, assignFields] = useConsoleForm({ id: "bulk-assign", schema: BulkAssignFormSchema, lastResult: actionData?.result });
  // The boxes sit in the table, outside the form: their error is shown in the form and named by each box.
  const idsInvalid = Boolean(assignFields.ids.errors?.length);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">{filter.mine ? "내 고객" : "고객 접수"}</h1>
        <div className="admin-page__actions">
          <Link to="/admin/leads/new" className="admin-button admin-button--ghost">
            전화 접수
          </Link>
          {may.bin ? (
            <Link to="/admin/leads/bin" className="admin-button admin-button--ghost">
              휴지통
            </Link>
          ) : null}
          {may.export ? (
            <Link to={`/admin/leads/export${current ? `?${current}` : ""}`} className="admin-button">
              CSV 내려받기
            </Link>
          ) : null}
        </div>
      </div>
      {deleted ? (
        <p className="admin-notice" role="status">
          고객 정보를 휴지통으로 옮겼습니다. {BIN_DAYS}일 안에는 <Link to="/admin/leads/bin">휴지통</Link>에서 되살릴 수 있습니다.
        </p>
      ) : null}
      {searchExpired ? (
        <p className="admin-notice admin-notice--warning" role="status">
          검색 조건이 만료되어 검색어 없이 표시합니다. 다시 검색해 주세요.
        </p>
      ) : null}
      {assigned ? (
        <p className="admin-notice" role="status">
          {assigned}
        </p>
      ) : null}
      <FilterForm data={loaderData} />
      {may.assign && leads.length > 0 ? (
        <Form method="post" action="/admin/leads" className="admin-card admin-bulk-assign" {...getFormProps(assignForm)}>
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="back" value={current} />
          <ErrorList id={assignForm.errorId} errors={assignForm.errors} />
          <ErrorList id={assignFields.ids.errorId} errors={assignFields.ids.errors} />
          <div className="admin-bulk-assign__row">
            <PickAll leads={leads} />
            <label htmlFor={assignFields.assignee.id}>선택한 고객 배정</label>
            <select
              id={assignFields.assignee.id}
              name={assignFields.assignee.name}
              defaultValue={assignFields.assignee.initialValue ?? ""}
              key={assignFields.assignee.key}
              aria-invalid={assignFields.assignee.errors?.length ? true : undefined}
              aria-describedby={assignFields.assignee.errors?.length ? assignFields.assignee.errorId : undefined}
            >
              <option value="">담당자 선택</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button admin-button--primary" disabled={assigning}>
              {assigning ? "배정 중…" : "선택한 고객 배정"}
            </button>
            <button type="submit" name="unassign" value="yes" className="admin-button admin-button--ghost" disabled={assigning}>
              배정 해제
            </button>
          </div>
          <ErrorList id={assignFields.assignee.errorId} errors={assignFields.assignee.errors} />
        </Form>
      ) : null}
      <p className="admin-count" aria-live="polite">
        {loading ? "불러오는 중…" : `${total.toLocaleString("ko-KR")}건`}
        {paged ? " · 이어지는 페이지" : ""}
      </p>
      {leads.length === 0 ? (
        <p className="admin-card admin-empty__text">조건에 맞는 접수가 없습니다.</p>
      ) : (
        <table className="admin-table admin-leads">
          <thead>
            <tr>
              <th scope="col">{may.assign ? "선택 · 유형" : "유형"}</th>
              <th scope="col">이름</th>
              <th scope="col">연락처</th>
              <th scope="col">내용</th>
              <th scope="col">접수 페이지</th>
              <th scope="col">접수 시각</th>
              <th scope="col">상태</th>
              <th scope="col">방문 예약</th>
              <th scope="col">담당자</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id}>
                <td data-label="유형">
                  {/* The bulk assignment form (above the table) owns these boxes through their form attribute. */}
                  {may.assign ? (
                    <input
                      type="checkbox"
                      name="ids"
                      value={lead.id}
                      form="bulk-assign"
                      className="admin-leads__pick"
                      aria-invalid={idsInvalid || undefined}
                      aria-describedby={idsInvalid ? assignFields.ids.errorId : undefined}
                      aria-label={`${lead.name} 선택`}
                    />
                  ) : null}
                  <span className={`admin-kind admin-kind--${lead.kind}`}>{kindLabels[lead.kind]}</span>
                </td>
                <td data-label="이름" className="admin-leads__name">
                  <Link to={`/admin/leads/${lead.id}`}>{lead.name}</Link>
                  {lead.grade ? (
                    <span className={`admin-grade admin-grade--${lead.grade}`} title={`가망 등급 ${lead.grade}`}>
                      {lead.grade}
                    </span>
                  ) : null}
                </td>
                <td data-label="연락처" className="admin-nowrap">
                  {lead.phone}
                </td>
                <td data-label="내용" className="admin-leads__message">
                  {lead.message ? shorten(lead.message) : <span className="admin-muted">—</span>}
                  {lead.latestNote ? <span className="admin-leads__note">메모: {shorten(lead.latestNote)}</span> : null}
                </td>
                <td data-label="접수 페이지" className="admin-leads__source">
                  {lead.sourceTitle ? <span title={lead.sourcePath}>{lead.sourceTitle}</span> : lead.sourcePath}
                  {lead.utmSource || lead.utmCampaign ? (
                    <span className="admin-muted admin-leads__campaign">
                      {[lead.utmSource, lead.utmCampaign].filter(Boolean).join(" / ")}
                    </span>
                  ) : null}
                </td>
                <td data-label="접수 시각" className="admin-nowrap">
                  <time dateTime={new Date(lead.createdAt).toISOString()}>{formatKst(lead.createdAt)}</time>
                </td>
                <td data-label="상태">
                  <span className={`admin-status admin-status--${lead.status}`}>{STATUS_LABELS[lead.status]}</span>
                  <span className="admin-leads__contacts">
                    {lead.lastContactAt && lead.lastContactResult ? (
                      <>
                        통화 {lead.callCount}회 · 최근 {CONTACT_RESULT_LABELS[lead.lastContactResult]}{" "}
                        <time dateTime={new Date(lead.lastContactAt).toISOString()}>{formatKst(lead.lastContactAt)}</time>
                      </>
                    ) : (
                      <span className="admin-muted">연락 기록 없음</span>
                    )}
                  </span>
                </td>
                <td data-label="방문 예약" className="admin-nowrap">
                  {lead.nextVisitAt ? (
                    <time dateTime={new Date(lead.nextVisitAt).toISOString()}>{formatVisitTime(lead.nextVisitAt)}</time>
                  ) : (
                    <span className="admin-muted">—</span>
                  )}
                </td>
                <td data-label="담당자" className="admin-nowrap">
                  {lead.assigneeName ?? <span className="admin-muted">미배정</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pager" aria-label="페이지">
        {paged ? (
          <Link to={`/admin/leads${current ? `?${current}` : ""}`} className="admin-button admin-button--ghost">
            처음으로
          </Link>
        ) : null}
        {next ? (
          <Link to={`/admin/leads?${filterQuery({ ...filter, s: searchId ?? undefined, after: next })}`} className="admin-button">
            다음 {PAGE_SIZE}건
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The inbox's boxes for the bulk assignment (they sit in the table, owned by its form). */
const pickedBoxes = () => [...document.querySelectorAll<HTMLInputElement>("input.admin-leads__pick")];

/**
 * Ticks or clears every lead of this page at once, and shows whether some or all are ticked. It is
 * in the server's HTML, so nothing moves under a finger when the page's scripts start (a box that
 * appeared then pushed the list down, and a tap meant for a lead landed beside it); without
 * scripts it could do nothing, and the stylesheet hides it (admin.css, `scripting: none`).
 */
function PickAll({ leads }: { leads: readonly unknown[] }) {
  const all = useRef<HTMLInputElement>(null);
  const show = () => {
    const boxes = pickedBoxes();
    const ticked = boxes.filter((box) => box.checked).length;
    if (!all.current) return;
    all.current.checked = ticked > 0 && ticked === boxes.length;
    all.current.indeterminate = ticked > 0 && ticked < boxes.length;
  };
  // From hydration on: a box ticked by hand, or a list that changed under it (a live alert's reload, the next page).
  useEffect(() => {
    show();
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.classList.contains("admin-leads__pick")) show();
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [leads]);
  return (
    <label className="admin-check admin-bulk-assign__all">
      <input
        ref={all}
        type="checkbox"
        onChange={(event) => {
          for (const box of pickedBoxes()) box.checked = event.currentTarget.checked;
          show();
        }}
      />
      이 페이지 모두 선택
    </label>
  );
}

function FilterForm({ data }: { data: LoaderData }) {
  const { filter, search, searchId, choices, kindLabels, assignees } = data;
  const busy = useNavigation().formAction === "/admin/leads";
  const { mine: _mine, ...narrowing } = filter;
  const active = Boolean(searchId) || Object.values(narrowing).some(Boolean);
  // A new key when the applied filter changes resets the fields to it after a redirect.
  // Folded on a phone so the list comes first; a desk shows the fields whether open or not (admin.css).
  return (
    <details className="admin-filters-fold" open={active || undefined}>
      <summary className="admin-filters-fold__summary">필터{active ? " (적용 중)" : ""}</summary>
      <Form method="post" action="/admin/leads" className="admin-card admin-filters" key={`${filterQuery(filter)}|${searchId ?? ""}`}>
        <input type="hidden" name="intent" value="search" />
        {filter.mine ? <input type="hidden" name="mine" value="1" /> : null}
        <div className="admin-field admin-filters__search">
          <label htmlFor="filter-q">이름·연락처 검색</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={SEARCH_MAX}
            defaultValue={search ?? ""}
            placeholder="이름 또는 번호 일부"
            autoComplete="off"
          />
        </div>
        <div className="admin-field">
          <label htmlFor="filter-kind">유형</label>
          <select id="filter-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">전체</option>
            {LEAD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="filter-status">상태</label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">전체 (스팸 제외)</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        {filter.mine ? null : <AssigneeSelect people={assignees} selected={filter.assignedTo} />}
        <CampaignSelect id="filter-source" name="source" label={SOURCE_WORDS.utmSource} values={choices.sources} selected={filter.source} />
        <CampaignSelect
          id="filter-campaign"
          name="campaign"
          label={SOURCE_WORDS.utmCampaign}
          values={choices.campaigns}
          selected={filter.campaign}
        />
        <div className="admin-field">
          <label htmlFor="filter-from">접수일 시작</label>
          <input id="filter-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="admin-field">
          <label htmlFor="filter-to">접수일 끝</label>
          <input id="filter-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {busy ? "적용 중…" : "적용"}
          </button>
          <Link to={filter.mine ? "/admin/leads?mine=1" : "/admin/leads"} className="admin-button admin-button--ghost">
            초기화
          </Link>
        </div>
      </Form>
    </details>
  );
}

/** 전체, 미배정, then each person whose leads the viewer may see (an id from an older link keeps its place). */
function AssigneeSelect({ people, selected }: { people: { id: number; name: string }[]; selected?: string }) {
  const unlisted = selected && selected !== UNASSIGNED && !people.some((person) => String(person.id) === selected);
  return (
    <div className="admin-field">
      <label htmlFor="filter-assignee">담당자</label>
      <select id="filter-assignee" name="assignedTo" defaultValue={selected ?? ""}>
        <option value="">전체</option>
        <option value={UNASSIGNED}>미배정</option>
        {unlisted ? <option value={selected}>{`계정 #${selected}`}</option> : null}
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function CampaignSelect({
  id,
  name,
  label,
  values,
  selected,
}: {
  id: string;
  name: string;
  label: string;
  values: string[];
  selected?: string;
}) {
  const options = selected && selected !== NO_CAMPAIGN && !values.includes(selected) ? [selected, ...values] : values;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={selected ?? ""}>
        <option value="">전체</option>
        <option value={NO_CAMPAIGN}>{SOURCE_WORDS.missing}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </div>
  );
}
