import { Link, redirect } from "react-router";
import { dashboardSummary } from "#app/.server/leads/dashboard.ts";
import { requireSite } from "#app/.server/site.ts";
import { monthLabel } from "#app/forms/audit.ts";
import { filterQuery, KIND_SHORT_LABELS, NO_CAMPAIGN, STATUS_LABELS, UNASSIGNED_INBOX } from "#app/forms/admin.ts";
import { campaignName, SOURCE_WORDS } from "#app/forms/conversion.ts";

import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { DailyChart } from "./daily-chart.tsx";
import { HeldTextsNotice } from "../outbox-parts.tsx";
import { formatKst } from "#app/utils/kst.ts";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { unreviewedMonth } from "#app/.server/audit/review.ts";
import { mayWork, shownPhone } from "#app/.server/leads/visibility.ts";
import { telHref } from "#app/utils/phone.ts";
import { can } from "#app/permissions.ts";
import { signedInAdmin } from "../guard.server.ts";
import { siteSettingsOf } from "#app/.server/content/site-settings.ts";
import { missingDisclosures } from "#app/forms/disclosures.ts";
import { SITE_SETTING_FIELDS } from "#app/forms/site-settings.ts";
import type { Route } from "./+types/dashboard";
import { LEAD_KINDS } from "#app/vocabulary.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  // A counsellor's console opens on their day's work; the site's figures are the office's.
  if (!can(admin.role, "leads.all")) throw redirect("/admin/today");
  const site = requireSite(context);
  const [summary, reviewDue, settings] = await Promise.all([
    dashboardSummary(site.slug, admin),
    can(admin.role, "audit.view") ? unreviewedMonth(site.slug) : null,
    siteSettingsOf(site.slug),
  ]);
  await recordConsoleAccess(context, admin, "leads.list", {
    leadIds: summary.newest.map((lead) => lead.id),
    detail: { page: "dashboard" },
  });
  return {
    summary: {
      ...summary,
      // A masked number is not a link: only a lead the person works can be called from here.
      newest: summary.newest.map((lead) => ({
        ...lead,
        phone: shownPhone(admin, lead),
        tel: mayWork(admin, lead) ? telHref(lead.phone) : null,
      })),
    },
    kindLabels: site.pack.leads.kindLabels,
    reviewDue,
    mayReport: can(admin.role, "reports.view"),
    /** The 분양 advertising disclosures still empty (app/forms/disclosures.ts), by their settings labels. */
    missingDisclosures: missingDisclosures(site.pack, settings).map((name) => SITE_SETTING_FIELDS[name].label),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "대시보드 | 관리자", description: "접수 현황", path: "/admin", robots: "noindex,nofollow" });

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { summary, kindLabels, reviewDue, mayReport, missingDisclosures } = loaderData;
  const waiting = summary.statuses.new ?? 0;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">대시보드</h1>
        <p className="admin-page__meta">{summary.today.day} 기준 · 스팸 제외</p>
      </div>
      <p className="admin-today-link">
        <Link to="/admin/today" className="admin-button">
          오늘 할 일 보기 (다시 연락할 고객·오늘 방문)
        </Link>
      </p>

      {reviewDue ? (
        <p className="admin-notice admin-notice--warning" role="status">
          {monthLabel(reviewDue)} 접속 기록을 아직 점검하지 않았습니다. 내려받기 사유를 확인한 뒤{" "}
          <Link to={`/admin/audit?view=month&month=${reviewDue}`}>월별 점검</Link>에서 점검 완료로 표시해 주세요.
        </p>
      ) : null}

      {missingDisclosures.length > 0 ? (
        <div className="admin-notice admin-notice--warning admin-disclosures-missing" role="status">
          <p>분양 광고에 꼭 표시해야 할 사항이 비어 있습니다. 채울 때까지 바닥글과 사업개요에 나오지 않습니다.</p>
          <ul>
            {missingDisclosures.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          <p>
            <Link to="/admin/site-settings#site-settings-disclosures">사이트 설정 › 분양 광고 표시 사항에서 채우기</Link>
          </p>
        </div>
      ) : null}

      <HeldTextsNotice held={summary.heldTexts} linkToList />
      {summary.bookingsForReview > 0 ? (
        <p className="admin-notice admin-notice--warning" role="status">
          짧은 시간에 몰린 방문 예약 {summary.bookingsForReview.toLocaleString("ko-KR")}건이 검토를 기다립니다.{" "}
          <Link to="/admin/visits#visit-review">방문 예약에서 검토하기</Link>
        </p>
      ) : null}

      <section className="admin-stats" aria-label="오늘과 최근 30일 접수">
        {LEAD_KINDS.map((kind) => (
          <Link
            key={kind}
            to={`/admin/leads?${filterQuery({ kind, from: summary.today.day, to: summary.today.day })}`}
            className={`admin-stat admin-stat--${kind}`}
          >
            <span className="admin-stat__label">{kindLabels[kind]}</span>
            <span className="admin-stat__today">
              <strong>{summary.today[kind].toLocaleString("ko-KR")}</strong>건 <span className="admin-stat__unit">오늘</span>
            </span>
            <span className="admin-stat__month">최근 30일 {summary.last30[kind].toLocaleString("ko-KR")}건</span>
          </Link>
        ))}
        <Link to={`/admin/leads?${filterQuery({ status: "new" })}`} className="admin-stat admin-stat--waiting">
          <span className="admin-stat__label">{STATUS_LABELS.new} (처리 전)</span>
          <span className="admin-stat__today">
            <strong>{waiting.toLocaleString("ko-KR")}</strong>건
          </span>
          <span className="admin-stat__month">연락 전인 접수 전체</span>
        </Link>
        <Link to={UNASSIGNED_INBOX} className="admin-stat admin-stat--unassigned">
          <span className="admin-stat__label">미배정</span>
          <span className="admin-stat__today">
            <strong>{summary.unassigned.toLocaleString("ko-KR")}</strong>건
          </span>
          <span className="admin-stat__month">담당자가 없는 접수 전체</span>
        </Link>
      </section>

      <section className="admin-card" aria-labelledby="chart-title">
        <h2 id="chart-title" className="admin-card__title">
          최근 30일 일별 접수
        </h2>
        <DailyChart days={summary.days} labels={kindLabels} />
      </section>

      <div className="admin-columns">
        <section className="admin-card" aria-labelledby="campaign-title">
          <h2 id="campaign-title" className="admin-card__title">
            캠페인별 접수 <span className="admin-card__note">최근 30일</span>
          </h2>
          {summary.campaigns.length === 0 ? (
            <p className="admin-empty__text">최근 30일 동안 접수가 없습니다.</p>
          ) : (
            <div className="admin-scroll">
              <table className="admin-table admin-table--compact">
                <thead>
                  <tr>
                    <th scope="col">{`${SOURCE_WORDS.utmSource} / ${SOURCE_WORDS.utmCampaign}`}</th>
                    {LEAD_KINDS.map((kind) => (
                      <th key={kind} scope="col" className="admin-num">
                        <abbr title={kindLabels[kind]}>{KIND_SHORT_LABELS[kind]}</abbr>
                      </th>
                    ))}
                    <th scope="col" className="admin-num">
                      합계
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.campaigns.map((row) => (
                    <tr key={`${row.source}/${row.campaign}`}>
                      <th scope="row">
                        <Link
                          to={`/admin/leads?${filterQuery({ source: row.source ?? NO_CAMPAIGN, campaign: row.campaign ?? NO_CAMPAIGN })}`}
                        >
                          {campaignName([row.source, row.campaign])}
                        </Link>
                      </th>
                      <td className="admin-num">{row.interest}</td>
                      <td className="admin-num">{row.visit}</td>
                      <td className="admin-num">{row.inquiry}</td>
                      <td className="admin-num">
                        <strong>{row.total}</strong>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {mayReport ? (
            <Link to="/admin/conversion" className="admin-link">
              예약·방문·계약까지 전환율 보기
            </Link>
          ) : null}
        </section>

        <section className="admin-card" aria-labelledby="newest-title">
          <h2 id="newest-title" className="admin-card__title">
            최근 접수
          </h2>
          {summary.newest.length === 0 ? (
            <p className="admin-empty__text">아직 접수된 고객이 없습니다.</p>
          ) : (
            <ul className="admin-newest">
              {summary.newest.map((lead) => (
                <li key={lead.id} className="admin-newest__item">
                  <Link to={`/admin/leads/${lead.id}`} className="admin-newest__link">
                    <span className={`admin-kind admin-kind--${lead.kind}`}>{kindLabels[lead.kind]}</span>
                    <span className="admin-newest__name">{lead.name}</span>
                    <time className="admin-newest__time" dateTime={new Date(lead.createdAt).toISOString()}>
                      {formatKst(lead.createdAt)}
                    </time>
                  </Link>
                  {lead.tel ? (
                    <a href={lead.tel} className="admin-newest__phone admin-tel" aria-label={`${lead.name}에게 전화 ${lead.phone}`}>
                      {lead.phone}
                    </a>
                  ) : (
                    <span className="admin-newest__phone">{lead.phone}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/leads" className="admin-button admin-card__more">
            전체 보기
          </Link>
        </section>
      </div>
    </div>
  );
}
