import { Link } from "react-router";
import { UNIT_STATUS_LABELS } from "#app/forms/units.ts";
import { formatKst } from "#app/utils/kst.ts";
import type { UnitStatus } from "#app/vocabulary.ts";

interface LeadUnit {
  id: number;
  label: string;
  typeKey: string;
  status: UnitStatus;
  forThisLead: boolean;
  heldUntil: string | null;
}

/**
 * A lead's interest in a unit on its page: the type the customer chose, the unit they picked on
 * the site with its status now (taken by someone else shows as such), and the units held for or
 * sold to them, each linking to the board; and, to whoever works the lead while a unit is for sale,
 * the board opened to hold one for them.
 */
export function LeadUnitFacts({ unitType, units, holdLink }: { unitType: string | null; units: LeadUnit[]; holdLink: string | null }) {
  if (!unitType && units.length === 0 && !holdLink) return null;
  return (
    <>
      {unitType ? (
        <>
          <dt>관심 타입</dt>
          <dd>{unitType}</dd>
        </>
      ) : null}
      {units.length > 0 || holdLink ? (
        <>
          <dt>관심·홀드 세대</dt>
          <dd>
            {units.length > 0 ? (
              <ul className="admin-facts__list" data-testid="lead-units">
                {units.map((unit) => (
                  <li key={unit.id}>
                    <Link to={`/admin/units?unit=${unit.id}#unit-panel`}>{`${unit.label} (${unit.typeKey})`}</Link>
                    {` — ${statusPhrase(unit)}`}
                  </li>
                ))}
              </ul>
            ) : null}
            {holdLink ? (
              <Link to={holdLink} className="admin-button admin-button--small admin-button--ghost">
                세대 홀드하기
              </Link>
            ) : null}
          </dd>
        </>
      ) : null}
    </>
  );
}

function statusPhrase(unit: LeadUnit) {
  if (unit.status === "held" && unit.forThisLead)
    return `이 고객으로 홀드 중${unit.heldUntil ? ` (${formatKst(unit.heldUntil)}까지)` : ""}`;
  if (unit.status === "contracted" && unit.forThisLead) return "이 고객과 계약 완료";
  if (unit.status === "held") return "다른 고객 상담 중";
  if (unit.status === "contracted") return "다른 고객과 계약 완료";
  return UNIT_STATUS_LABELS[unit.status];
}
