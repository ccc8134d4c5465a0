type Day = { day: string } & Record<LeadKind, number>;
import { LEAD_KINDS, type LeadKind } from "#app/vocabulary.ts";

const PLOT = { left: 34, right: 8, top: 12, bottom: 28 };

/**
 * Leads per day as stacked bars, one colour per kind, drawn on the server as plain SVG (no
 * chart library, nothing to load). A phone gets its own narrower drawing so the labels stay
 * legible; CSS shows one of the two. The same numbers follow as a table for screen readers.
 */
export function DailyChart({ days, labels }: { days: Day[]; labels: Record<LeadKind, string> }) {
  const sum = days.reduce((total, day) => total + LEAD_KINDS.reduce((subtotal, kind) => subtotal + day[kind], 0), 0);
  const summary = `${days[0]?.day ?? ""}부터 ${days.at(-1)?.day ?? ""}까지 일별 접수, 모두 ${sum}건`;
  return (
    <figure className="admin-chart">
      <Bars
        days={days}
        labels={labels}
        summary={summary}
        width={960}
        height={260}
        labelEvery={5}
        className="admin-chart__svg admin-chart__svg--wide"
      />
      <Bars
        days={days}
        labels={labels}
        summary={summary}
        width={360}
        height={220}
        labelEvery={10}
        className="admin-chart__svg admin-chart__svg--narrow"
      />
      <figcaption className="admin-chart__legend">
        {LEAD_KINDS.map((kind) => (
          <span key={kind} className="admin-chart__key">
            <span className={`admin-chart__swatch admin-chart__bar--${kind}`} aria-hidden="true" />
            {labels[kind]}
          </span>
        ))}
      </figcaption>
      <details className="admin-chart__table">
        <summary>표로 보기</summary>
        <div className="admin-scroll">
          <table className="admin-table admin-table--compact">
            <thead>
              <tr>
                <th scope="col">날짜</th>
                {LEAD_KINDS.map((kind) => (
                  <th key={kind} scope="col" className="admin-num">
                    {labels[kind]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  {LEAD_KINDS.map((kind) => (
                    <td key={kind} className="admin-num">
                      {day[kind]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function Bars({
  days,
  labels,
  summary,
  width,
  height,
  labelEvery,
  className,
}: {
  days: Day[];
  labels: Record<LeadKind, string>;
  summary: string;
  width: number;
  height: number;
  labelEvery: number;
  className: string;
}) {
  const totals = days.map((day) => LEAD_KINDS.reduce((sum, kind) => sum + day[kind], 0));
  const top = niceCeiling(Math.max(...totals, 0));
  const plotWidth = width - PLOT.left - PLOT.right;
  const plotHeight = height - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, slot * 0.68);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const ticks = [0, top / 2, top];
  const last = days.length - 1;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className={className}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={width - PLOT.right} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
          <text x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="admin-chart__axis">
            {tick}
          </text>
        </g>
      ))}
      {days.map((day, index) => {
        const x = PLOT.left + index * slot + (slot - barWidth) / 2;
        let base = 0;
        return (
          <g key={day.day}>
            {LEAD_KINDS.map((kind) => {
              const value = day[kind];
              if (value === 0) return null;
              const rect = (
                <rect
                  key={kind}
                  x={x}
                  y={y(base + value)}
                  width={barWidth}
                  height={y(base) - y(base + value)}
                  className={`admin-chart__bar admin-chart__bar--${kind}`}
                >
                  <title>{`${day.day} ${labels[kind]} ${value}건`}</title>
                </rect>
              );
              base += value;
              return rect;
            })}
            {/* Counted back from today, so today is always labelled. */}
            {(last - index) % labelEvery === 0 ? (
              <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" className="admin-chart__axis">
                {shortDay(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** 0 → 4, 7 → 8, 23 → 40, 130 → 200: a round top line whose half-way tick is a whole number too. */
function niceCeiling(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 4, 6, 8, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

function shortDay(day: string) {
  const [, month, date] = day.split("-");
  return `${Number(month)}/${Number(date)}`;
}
