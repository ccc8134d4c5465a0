import type { ReactNode } from "react";
import { Link } from "react-router";
import { UNIT_STATUS_LABELS, UNIT_STATUS_MARKS, unitNumber } from "#app/forms/units.ts";
import type { UnitStatus } from "#app/vocabulary.ts";

/** Light tints, each dark text readable on it (4.5:1 with #1c1c1c); a type's colour only repeats past eight types. */
const TINTS = ["#dbe9f7", "#fbe3c8", "#d9f0dc", "#f1dcf2", "#fff2b3", "#d7eeee", "#f6d6d6", "#e4e0f7"];

export function typePalette(typeKeys: readonly string[]): Record<string, string> {
  return Object.fromEntries(typeKeys.map((key, index) => [key, TINTS[index % TINTS.length]!]));
}

export function TypeLegend({ types, palette }: { types: { key: string; label: string }[]; palette: Record<string, string> }) {
  return (
    <ul className="units-legend" aria-label="범례">
      {types.map((type) => (
        <li key={type.key}>
          <span className="units-legend__swatch" style={{ background: palette[type.key] }} aria-hidden="true" />
          {type.key}
        </li>
      ))}
      <li>
        <span className="units-legend__swatch units-cell--held" aria-hidden="true" />
        홀드 = 상담 중
      </li>
      <li>
        <span className="units-legend__swatch units-cell--contracted" aria-hidden="true" />
        계약 = 계약 완료
      </li>
    </ul>
  );
}

/** What the board is narrowed to and for whom, as its links carry it: only the parts set. */
export interface BoardFilter {
  type: string;
  status: string;
  for: string;
}

export function filterQuery(filter: BoardFilter, extra: Record<string, string> = {}) {
  const entries = Object.entries({ ...filter, ...extra }).filter(([, value]) => value !== "");
  return new URLSearchParams(entries).toString();
}

interface GridUnit {
  id: number;
  floor: number;
  line: number;
  typeKey: string;
  status: UnitStatus;
}

/** One 동: floors (top first) × lines, in a box of its own that scrolls sideways when a phone is too narrow, never the page. */
export function BuildingGrid({
  building,
  units,
  palette,
  filter,
  chosenId,
  children,
}: {
  building: string;
  units: GridUnit[];
  palette: Record<string, string>;
  filter: BoardFilter;
  chosenId: number | null;
  children?: ReactNode;
}) {
  const floors = [...new Set(units.map((unit) => unit.floor))].sort((a, b) => b - a);
  const lines = [...new Set(units.map((unit) => unit.line))].sort((a, b) => a - b);
  const at = new Map(units.map((unit) => [`${unit.floor}/${unit.line}`, unit]));
  const shown = (unit: GridUnit) => (!filter.type || unit.typeKey === filter.type) && (!filter.status || unit.status === filter.status);
  const remaining = units.filter((unit) => unit.status === "available" || unit.status === "held").length;
  // A 동 with nothing the filter asks for is a line, not a screen of dimmed cells to scroll past on a phone.
  const drawn = units.some((unit) => shown(unit) || unit.id === chosenId);
  return (
    <section className="admin-card units-building" id={`building-${building}`} aria-labelledby={`building-${building}-title`}>
      <h2 id={`building-${building}-title`} className="admin-card__title">
        {building}동{" "}
        <span className="admin-muted">
          잔여 {remaining} / {units.length}세대
        </span>
      </h2>
      {drawn ? (
        <div className="units-grid-box">
          <table className="units-grid">
            <caption className="visually-hidden">{building}동 층별 호 배치</caption>
            <thead>
              <tr>
                <th scope="col">층</th>
                {lines.map((line) => (
                  <th key={line} scope="col">
                    {line}호
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {floors.map((floor) => (
                <tr key={floor}>
                  <th scope="row">{floor}F</th>
                  {lines.map((line) => {
                    const unit = at.get(`${floor}/${line}`);
                    if (!unit) return <td key={line} />;
                    const classes = [
                      "units-cell",
                      `units-cell--${unit.status}`,
                      !shown(unit) && "units-cell--dim",
                      unit.id === chosenId && "is-chosen",
                    ];
                    return (
                      <td key={line}>
                        <Link
                          to={`?${filterQuery(filter, { unit: String(unit.id) })}#unit-panel`}
                          preventScrollReset
                          className={classes.filter(Boolean).join(" ")}
                          style={shown(unit) ? { background: palette[unit.typeKey] } : undefined}
                          aria-label={`${unitNumber(floor, line)}호 ${unit.typeKey} ${UNIT_STATUS_LABELS[unit.status]}`}
                          aria-current={unit.id === chosenId ? "true" : undefined}
                        >
                          <span className="units-cell__number">{unitNumber(floor, line)}</span>
                          <span className="units-cell__type">{unit.typeKey}</span>
                          {UNIT_STATUS_MARKS[unit.status] ? (
                            <span className="units-cell__mark">{UNIT_STATUS_MARKS[unit.status]}</span>
                          ) : null}
                        </Link>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-muted">이 동에는 고른 조건에 맞는 세대가 없습니다.</p>
      )}
      {children}
    </section>
  );
}
