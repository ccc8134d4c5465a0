import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { countLeads } from "#app/.server/leads/inbox.ts";
import { LEAD_CSV_COLUMNS } from "#app/.server/leads/csv-export.ts";
import { readLeadSearch } from "#app/.server/leads/search.ts";
import { requireSite } from "#app/.server/site.ts";
import { EXPORT_PURPOSES, ExportFormSchema, filterQuery, LeadFilterSchema, type ExportPurpose } from "#app/forms/admin.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { bringAnswerIntoView, ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";
import { signedInAdmin, requireCalendarDays } from "../guard.server.ts";
import { takeExportAnswer } from "./export-answer.server.ts";
import type { Route } from "./+types/leads-export";

const PURPOSE_OPTIONS = Object.entries(EXPORT_PURPOSES).map(([value, { label }]) => ({ value, label }));

/**
 * Before a file of leads leaves the console: why (a purpose and a few words), and which columns
 * that purpose needs. The download itself is the POST to /admin/leads/export.csv (or .xlsx), which sends a
 * refusal back here with every field's error (export-answer.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const url = new URL(request.url);
  requireCalendarDays(url, ["from", "to"]);
  const filter = LeadFilterSchema.parse(Object.fromEntries(url.searchParams));
  const searchId = url.searchParams.get("s");
  const [search, refused] = await Promise.all([readLeadSearch(admin.id, searchId), takeExportAnswer(request)]);
  const site = requireSite(context).slug;
  return data(
    {
      filter,
      searchId: search ? searchId : null,
      searched: Boolean(search),
      count: await countLeads({ ...filter, site, viewer: admin, search: search ?? undefined }),
      columns: LEAD_CSV_COLUMNS.map(({ id, header }) => ({ id, header })),
      lastResult: refused?.answer ?? null,
    },
    refused ? { headers: { "Set-Cookie": refused.forget } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "고객 명단 내려받기 | 관리자",
    description: "",
    path: "/admin/leads/export",
    robots: "noindex,nofollow",
  });

/** What a refused post ticked, or the purpose's own columns. */
function tickedColumns(value: unknown, purpose: ExportPurpose): string[] {
  if (value === undefined || value === null) return [...EXPORT_PURPOSES[purpose].columns];
  return [value].flat().filter((column): column is string => typeof column === "string");
}

export default function LeadsExportPage({ loaderData }: Route.ComponentProps) {
  const { filter, searchId, searched, count, columns, lastResult } = loaderData;
  const [form, fields] = useConsoleForm({
    id: "leads-export",
    schema: ExportFormSchema,
    lastResult,
    defaultValue: { purpose: "contact", reason: "" },
  });
  const postedPurpose = fields.purpose.initialValue;
  const initialPurpose =
    typeof postedPurpose === "string" && postedPurpose in EXPORT_PURPOSES ? (postedPurpose as ExportPurpose) : "contact";
  const [chosen, setChosen] = useState<string[]>(() =>
    tickedColumns(lastResult ? (lastResult.initialValue?.columns ?? []) : undefined, initialPurpose),
  );
  // The refusal arrives as a new page (the download is a plain post): its first error is brought into view once scripts run.
  useEffect(() => {
    if (lastResult) bringAnswerIntoView();
  }, [lastResult]);
  const query = filterQuery({ ...filter, s: searchId ?? undefined });
  const columnErrors = fields.columns.errors;
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
        <ErrorList id={form.errorId} errors={form.errors} />
        <Form method="post" action="/admin/leads/export.csv" reloadDocument className="admin-form admin-export" {...getFormProps(form)}>
          {Object.entries({ ...filter, s: searchId ?? undefined }).map(([name, value]) =>
            typeof value === "string" && value ? <input key={name} type="hidden" name={name} value={value} /> : null,
          )}
          <SelectField
            meta={fields.purpose}
            label="목적"
            options={PURPOSE_OPTIONS}
            onChange={(event) => setChosen([...EXPORT_PURPOSES[event.currentTarget.value as ExportPurpose].columns])}
          />
          <Field meta={fields.reason} label="이유" placeholder="예: 11월 방문 예약 고객 전화 안내" />
          <fieldset className="admin-field admin-export__columns">
            <legend>내려받을 열 (목적에 필요한 열만 골라 두었습니다)</legend>
            {columns.map((column) => (
              <label key={column.id} className="admin-check">
                <input
                  type="checkbox"
                  name={fields.columns.name}
                  value={column.id}
                  aria-invalid={columnErrors ? true : undefined}
                  aria-describedby={columnErrors ? fields.columns.errorId : undefined}
                  checked={chosen.includes(column.id)}
                  onChange={(event) => {
                    const { checked } = event.currentTarget;
                    setChosen((current) => (checked ? [...current, column.id] : current.filter((id) => id !== column.id)));
                  }}
                />
                {column.header}
              </label>
            ))}
            <ErrorList id={fields.columns.errorId} errors={columnErrors} />
          </fieldset>
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              CSV 내려받기
            </button>
            <button type="submit" formAction="/admin/leads/export.xlsx" className="admin-button">
              Excel(.xlsx) 내려받기
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
