import { Link } from "react-router";
import type { ChannelCost, ChannelMonth, StageCosts, StageCounts } from "#app/.server/channels/costs.ts";
import { formatCount } from "#app/forms/conversion.ts";
import { ChannelCostChart } from "./channel-cost-chart.tsx";

const COST_STAGES = [
  { key: "lead", count: "leads", label: "고객" },
  { key: "booked", count: "booked", label: "예약" },
  { key: "visited", count: "visited", label: "방문" },
  { key: "contracted", count: "contracted", label: "계약" },
] as const satisfies readonly { key: keyof StageCosts; count: keyof StageCounts; label: string }[];

const won = (value: number | null) => (value === null ? "–" : `${value.toLocaleString("ko-KR")}원`);

interface Costs {
  months: string[];
  channels: ChannelCost[];
  total: StageCounts & { spend: number; cost: StageCosts };
  unchanneledCalls: number;
  byMonth: ChannelMonth[];
}

/** The conversion page's 채널별 비용: spend, each stage's count and cost per one, and tel: taps, per channel. */
export function ChannelCostSection({ costs }: { costs: Costs }) {
  const { months, channels, total, unchanneledCalls, byMonth } = costs;
  const span = months.length === 1 ? months[0] : `${months[0]} ~ ${months.at(-1)}`;
  return (
    <section className="admin-card" aria-labelledby="conversion-cost-title">
      <h2 id="conversion-cost-title" className="admin-card__title">
        채널별 비용
      </h2>
      <p className="admin-muted admin-conversion__note">
        광고비는 달 단위라 기간이 걸친 달 전체({span})의 광고비를 그 달들에 들어온 채널 고객 수로 나눕니다. 한 건당 비용 = 광고비 ÷ 그
        단계까지 간 고객 수. 전화는 채널 방문자가 전화번호를 누른 횟수입니다.
      </p>
      {channels.length === 0 ? (
        <p className="admin-empty__text">
          등록한 채널이 없습니다. <Link to="/admin/channels">유입 채널</Link>에서 채널과 광고비를 넣어 주세요.
        </p>
      ) : (
        <>
          <ChannelCostChart months={months} channels={channels} byMonth={byMonth} />
          <table className="admin-table admin-stack admin-conversion" aria-label="채널별 비용">
            <thead>
              <tr>
                <th scope="col">채널</th>
                <th scope="col" className="admin-num">
                  광고비
                </th>
                {COST_STAGES.map((stage) => (
                  <th key={stage.key} scope="col" className="admin-num">
                    {stage.label} (건당)
                  </th>
                ))}
                <th scope="col" className="admin-num">
                  전화
                </th>
              </tr>
            </thead>
            <tbody>
              {channels.map((row) => (
                <CostRow key={row.channelId} name={row.name} spend={row.spend} counts={row} cost={row.cost} />
              ))}
            </tbody>
            <tfoot>
              <CostRow name="합계" spend={total.spend} counts={total} cost={total.cost} />
            </tfoot>
          </table>
          {unchanneledCalls > 0 ? <p className="admin-muted">채널 없이 들어온 방문자의 전화: {formatCount(unchanneledCalls)}회</p> : null}
        </>
      )}
    </section>
  );
}

function CostRow({ name, spend, counts, cost }: { name: string; spend: number; counts: StageCounts; cost: StageCosts }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label="광고비" className="admin-num">
        {won(spend)}
      </td>
      {COST_STAGES.map((stage) => (
        <td key={stage.key} data-label={stage.label} className="admin-num">
          {formatCount(counts[stage.count])} <span className="admin-muted">{`(${won(cost[stage.key])})`}</span>
        </td>
      ))}
      <td data-label="전화" className="admin-num">
        {formatCount(counts.calls)}
      </td>
    </tr>
  );
}
