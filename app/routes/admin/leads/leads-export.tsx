import { useState } from "react";
import { Form, Link } from "react-router";
import { countLeads } from "#app/.server/leads/inbox.ts";
import { LEAD_CSV_COLUMNS } from "#app/.server/leads/csv-export.ts";
import { readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { EXPORT_PURPOSES, filterQuery, LeadFilterSchema, type ExportPurpose } from "#app/forms/admin.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { signedInAdmin, requireCalendarDays } from "../guard.server.ts";
import type { Route } from "./+types/leads-export";

const ERRORS: Record<string, string> = {
  purpose: "내려받는 목적을 선택해 주세요.",
  reason: "내려받는 이유를 4자 이상 적어 주세요.",
  columns: "내려받을 열을 하나 이상 선택해 주세요.",
  search: "검색 조건이 만료되었습니다. 목록에서 다시 검색한 뒤 내려받아 주세요.",
  day: "날짜가 올바르지 않습니다.",
};

/**
 * Before a file of leads leaves the console: why (a purpose and a few words), and which columns
 * that purpose needs. The download itself is the POST to /admin/leads/export.csv.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const url = new URL(request.url);
  requireCalendarDays(url, ["from", "to"]);
  const filter = LeadFilterSchema.parse(Object.fromEntries(url.searchParams));
  const searchId = url.searchParams.get("s");
  const search = await readLeadSearch(admin.id, searchId);
  const site = requireSite(context).slug;
  return {
    filter,
    searchId: search ? searchId : null,
    searched: Boolean(search),
    count: await countLeads({ ...filter, site, viewer: admin, search: search ?? undefined }),
    columns: LEAD_CSV_COLUMNS.map(({ id, header }) => ({ id, header })),
    error: ERRORS[url.searchParams.get("error") ?? ""] ?? null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "고객 명단 내려받기 | 관리자",
    description: "",
    path: "/admin/leads/export",
    robots: "noindex,nofollow",
  });

export default function LeadsExportPage({ loaderData }: Route.ComponentProps) {
  const { filter, searchId, searched, count, columns, error } = loaderData;
  const [purpose, setPurpose] = useState<ExportPurpose>("contact");
  const [chosen, setChosen] = useState<string[]>([...EXPORT_PURPOSES.contact.columns]);
  const query = filterQuery({ ...filter, s: searchId ?? undefined });
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">고객 명단 내려받기</h1>
        <Link to={`/admin/leads${query ? `?${query}` : ""}`} className="admin-link">
          목록으로
        </Link>
      </div>
      <section className="admin-card">
        <p>
          지금 목록의 조건{searched ? "(검색 포함)" : ""}에 맞는 고객 <strong>{count.toLocaleString("ko-KR")}명</strong>을 내려받습니다.
          내려받은 파일의 목적과 이유, 열은 접속기록에 남고 대표가 매달 확인합니다.
        </p>
        {error ? (
          <p className="admin-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <Form method="post" action="/admin/leads/export.csv" reloadDocument className="admin-form admin-export">
          {Object.entries({ ...filter, s: searchId ?? undefined }).map(([name, value]) =>
            typeof value === "string" && value ? <input key={name} type="hidden" name={name} value={value} /> : null,
          )}
          <div className="admin-field">
            <label htmlFor="export-purpose">목적</label>
            <select
              id="export-purpose"
              name="purpose"
              value={purpose}
              onChange={(event) => {
                const next = event.currentTarget.value as ExportPurpose;
                setPurpose(next);
                setChosen([...EXPORT_PURPOSES[next].columns]);
              }}
            >
              {Object.entries(EXPORT_PURPOSES).map(([id, { label }]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="export-reason">이유</label>
            <input
              id="export-reason"
              name="reason"
              required
              minLength={4}
              maxLength={200}
              placeholder="예: 11월 방문 예약 고객 전화 안내"
            />
          </div>
          <fieldset className="admin-field admin-export__columns">
            <legend>내려받을 열 (목적에 필요한 열만 골라 두었습니다)</legend>
            {columns.map((column) => (
              <label key={column.id} className="admin-check">
                <input
                  type="checkbox"
                  name="columns"
                  value={column.id}
                  checked={chosen.includes(column.id)}
                  onChange={(event) => {
                    const { checked } = event.currentTarget;
                    setChosen((current) => (checked ? [...current, column.id] : current.filter((id) => id !== column.id)));
                  }}
                />
                {column.header}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="admin-button admin-button--primary">
            CSV 내려받기
          </button>
        </Form>
      </section>
    </div>
  );
}
