import { Form, Link, useNavigation } from "react-router";
import { formatCount, formatRate } from "#app/forms/conversion.ts";
import {
  PERFORMANCE_COLUMNS,
  PERFORMANCE_UNIT_LABELS,
  periodLabel,
  stepPeriod,
  type PerformanceCounts,
  type PerformancePeriod,
} from "#app/forms/performance.ts";
import { ROLE_LABELS } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { PERFORMANCE_UNITS } from "#app/vocabulary.ts";
import { PerformanceChart } from "./performance-chart.tsx";
import { performanceOfRequest } from "./performance.server.ts";
import type { Route } from "./+types/performance";

const PATH = "/admin/performance";

/**
 * Each counsellor's work in a day, week or month (leads/performance.ts): a chart, the table it is
 * drawn from, and both as files. A manager sees the team; a counsellor, their own row. Counts and
 * staff names only, nobody's data, so no access record.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return performanceOfRequest(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "팀 성과 | 관리자",
    description: "상담사별 배정·연락·방문·계약",
    path: PATH,
    robots: "noindex,nofollow",
  });

const periodQuery = (period: PerformancePeriod) => `unit=${period.unit}&at=${period.from}`;

export default function PerformancePage({ loaderData }: Route.ComponentProps) {
  const { period, report } = loaderData;
  const busy = useNavigation().state === "loading";
  const query = periodQuery(period);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">팀 성과</h1>
        <p className="admin-page__meta">
          {periodLabel(period)} · {report.everyone ? "팀 전체" : "내 성과"} · 스팸·휴지통 제외
        </p>
      </div>
      <Form method="get" className="admin-card admin-conversion__period">
        <div className="admin-field">
          <label htmlFor="performance-unit">기간 단위</label>
          <select id="performance-unit" name="unit" defaultValue={period.unit}>
            {PERFORMANCE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {PERFORMANCE_UNIT_LABELS[unit]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="performance-at">날짜 (그날이 든 기간)</label>
          <input id="performance-at" name="at" type="date" defaultValue={period.from} required />
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? "계산 중…" : "보기"}
        </button>
        <div className="admin-actions">
          <Link className="admin-button" to={`${PATH}?${periodQuery(stepPeriod(period, -1))}`}>
            이전 {PERFORMANCE_UNIT_LABELS[period.unit]}
          </Link>
          <Link className="admin-button" to={`${PATH}?${periodQuery(stepPeriod(period, 1))}`}>
            다음 {PERFORMANCE_UNIT_LABELS[period.unit]}
          </Link>
        </div>
      </Form>
      <p className="admin-muted admin-conversion__note">
        배정: 기간 안에 배정받은 고객. 첫 연락: 그 고객에게 배정 뒤 처음 연락한 때가 1시간·24시간 안인 수. 통화: 전화 발신·수신 기록. 통화
        성공: 결과가 통화 완료인 기록. 방문: 담당 고객의 예약이 방문 처리된 수(예약 시간 기준). 계약: 담당 고객이 기간 안에 계약 완료가 된
        수. 전환율: 계약 ÷ 배정.
      </p>
      <section className="admin-card" aria-labelledby="performance-table-title">
        <div className="admin-performance__head">
          <h2 id="performance-table-title" className="admin-card__title">
            {report.everyone ? "상담사별" : "내 성과"}
          </h2>
          <div className="admin-actions">
            <a className="admin-button" href={`${PATH}.csv?${query}`} download>
              CSV
            </a>
            <a className="admin-button" href={`${PATH}.xlsx?${query}`} download>
              Excel(.xlsx)
            </a>
          </div>
        </div>
        <PerformanceChart rows={report.rows} />
        {report.rows.length === 0 ? (
          <p className="admin-empty__text">이 사이트에서 일하는 상담사가 없습니다.</p>
        ) : (
          <div className="admin-scroll">
            <table className="admin-table admin-stack admin-conversion admin-performance" aria-label="상담사별 성과">
              <thead>
                <tr>
                  <th scope="col">담당자</th>
                  {PERFORMANCE_COLUMNS.map((column) => (
                    <th key={column.key} scope="col" className="admin-num">
                      {column.header}
                    </th>
                  ))}
                  <th scope="col" className="admin-num">
                    전환율
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <CountsRow
                    key={row.adminId}
                    name={
                      <>
                        {row.name} <span className="admin-muted">{ROLE_LABELS[row.role]}</span>
                      </>
                    }
                    counts={row}
                  />
                ))}
              </tbody>
              {report.everyone && report.total ? (
                <tfoot>
                  <CountsRow name="합계" counts={report.total} />
                </tfoot>
              ) : null}
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function CountsRow({ name, counts }: { name: React.ReactNode; counts: PerformanceCounts }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {PERFORMANCE_COLUMNS.map((column) => (
        <td key={column.key} data-label={column.header} className="admin-num">
          {formatCount(counts[column.key])}
        </td>
      ))}
      <td data-label="전환율" className="admin-num">
        {formatRate(counts.contracts, counts.assigned)}
      </td>
    </tr>
  );
}
