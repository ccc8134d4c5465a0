import { data, Form, Link, useNavigation } from "react-router";
import { channelCosts } from "#app/.server/channels/costs.ts";
import { conversionReport, type FunnelCounts } from "#app/.server/leads/conversion.ts";
import { requireSite } from "#app/.server/site.ts";
import { filterQuery, NO_CAMPAIGN } from "#app/forms/admin.ts";
import { campaignName, conversionPeriodSchema, formatCount, formatRate, SOURCE_WORDS } from "#app/forms/conversion.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ChannelCostSection } from "./channel-costs.tsx";
import type { Route } from "./+types/conversion";

/**
 * How the leads of a period went: booked a visit, visited, signed, per campaign and per form.
 * Counts only, nobody's data, so no access record. Definitions in docs/decisions/016.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const period = conversionPeriodSchema().safeParse({ from: query.from, to: query.to });
  if (!period.success) {
    throw data(period.error.issues[0]?.message ?? "기간을 다시 골라 주세요.", { status: 400 });
  }
  const [report, costs] = await Promise.all([conversionReport(site.slug, period.data), channelCosts(site.slug, period.data)]);
  return { period: period.data, report, costs, kindLabels: site.pack.leads.kindLabels };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "전환 분석 | 관리자",
    description: "캠페인과 양식별 예약·방문·계약 전환",
    path: "/admin/conversion",
    robots: "noindex,nofollow",
  });

export default function ConversionPage({ loaderData }: Route.ComponentProps) {
  const { period, report, costs, kindLabels } = loaderData;
  const busy = useNavigation().state === "loading";
  const inbox = (filter: Record<string, string | undefined>) =>
    `/admin/leads?${filterQuery({ ...filter, from: period.from, to: period.to })}`;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">전환 분석</h1>
        <p className="admin-page__meta">
          {period.from} ~ {period.to} 접수 · 스팸·휴지통 제외
        </p>
      </div>
      <Form method="get" className="admin-card admin-conversion__period">
        <div className="admin-field">
          <label htmlFor="conversion-from">접수일 시작</label>
          <input id="conversion-from" name="from" type="date" defaultValue={period.from} required />
        </div>
        <div className="admin-field">
          <label htmlFor="conversion-to">접수일 끝</label>
          <input id="conversion-to" name="to" type="date" defaultValue={period.to} required />
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? "계산 중…" : "보기"}
        </button>
      </Form>
      <p className="admin-muted admin-conversion__note">
        기간 안에 들어온 접수를 오늘까지 따라갑니다. 예약: 그 접수로, 또는 접수 뒤에 같은 번호로 방문 예약을 한 경우(취소·변경 포함). 방문:
        예약이 방문 처리되었거나 상태가 방문 완료·계약 완료인 경우. 계약: 상태가 계약 완료인 경우. 비율은 접수 대비입니다.
      </p>

      <section className="admin-card" aria-labelledby="conversion-campaign-title">
        <h2 id="conversion-campaign-title" className="admin-card__title">
          캠페인별
        </h2>
        <FunnelTable
          label="캠페인별 전환"
          head={`${SOURCE_WORDS.utmSource} / ${SOURCE_WORDS.utmMedium} / ${SOURCE_WORDS.utmCampaign}`}
          rows={report.campaigns.map((row) => ({
            key: `${row.source}/${row.medium}/${row.campaign}`,
            name: campaignName([row.source, row.medium, row.campaign]),
            href: inbox({ source: row.source ?? NO_CAMPAIGN, campaign: row.campaign ?? NO_CAMPAIGN }),
            counts: row,
          }))}
          total={report.total}
        />
      </section>

      <ChannelCostSection costs={costs} />

      <section className="admin-card" aria-labelledby="conversion-form-title">
        <h2 id="conversion-form-title" className="admin-card__title">
          양식별
        </h2>
        <FunnelTable
          label="양식별 전환"
          head="양식"
          rows={report.forms.map((row) => ({ key: row.kind, name: kindLabels[row.kind], href: inbox({ kind: row.kind }), counts: row }))}
          total={report.total}
        />
      </section>
    </div>
  );
}

const STAGES = [
  { key: "booked", label: "예약" },
  { key: "visited", label: "방문" },
  { key: "contracted", label: "계약" },
] as const satisfies readonly { key: keyof FunnelCounts; label: string }[];

function FunnelTable({
  label,
  head,
  rows,
  total,
}: {
  label: string;
  head: string;
  rows: { key: string; name: string; href: string; counts: FunnelCounts }[];
  total: FunnelCounts;
}) {
  if (rows.length === 0) return <p className="admin-empty__text">이 기간에 들어온 접수가 없습니다.</p>;
  return (
    <table className="admin-table admin-stack admin-conversion" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col" className="admin-num">
            접수
          </th>
          {STAGES.map((stage) => (
            <th key={stage.key} scope="col" className="admin-num">
              {stage.label} (비율)
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <FunnelRow key={row.key} name={<Link to={row.href}>{row.name}</Link>} counts={row.counts} />
        ))}
      </tbody>
      <tfoot>
        <FunnelRow name="합계" counts={total} />
      </tfoot>
    </table>
  );
}

function FunnelRow({ name, counts }: { name: React.ReactNode; counts: FunnelCounts }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label="접수" className="admin-num">
        {formatCount(counts.leads)}
      </td>
      {STAGES.map((stage) => (
        <td key={stage.key} data-label={stage.label} className="admin-num">
          {formatCount(counts[stage.key])} <span className="admin-muted">({formatRate(counts[stage.key], counts.leads)})</span>
        </td>
      ))}
    </tr>
  );
}
