import { data, Form, Link, redirect } from "react-router";
import { changeContext, recordConsoleAccess } from "#app/.server/audit/access.ts";
import { requireSite } from "#app/.server/site.ts";
import { HOLDABLE_LISTED, holdableLeads, holdCandidate, recentUnitChanges, unitBoard } from "#app/.server/units/board.ts";
import { contractUnit, holdUnit, releaseUnit, undoContract, type UnitOutcome } from "#app/.server/units/holds.ts";
import { editUnit, type EditOutcome } from "#app/.server/units/inventory.ts";
import { remainingByType } from "#app/.server/units/remaining.ts";
import { unitSettingsOf } from "#app/.server/units/settings.ts";
import {
  HOLD_RELEASE_REASON_LABELS,
  UNIT_CHANGE_LABELS,
  UNIT_MESSAGES,
  UNIT_STATUS_LABELS,
  UnitBoardFormSchema,
  unitLabel,
} from "#app/forms/units.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import { formatKst } from "#app/utils/kst.ts";
import { can } from "#app/permissions.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { UNIT_STATUSES, type UnitStatus } from "#app/vocabulary.ts";
import type { ConsoleFormAnswer } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { BuildingGrid, filterQuery, TypeLegend, typePalette } from "./board-grid.tsx";
import { UnitPanel } from "./unit-panel.tsx";
import "#app/styles/units.css";
import type { Route } from "./+types/units";

const PATH = "/admin/units";

const DONE = {
  held: "세대를 홀드했습니다. 홀드 시간이 지나면 저절로 풀립니다.",
  released: "홀드를 풀었습니다.",
  contracted: "계약 완료로 표시했습니다. 고객 상태도 계약 완료로 바뀌었습니다.",
  "contract-undone": "계약을 되돌렸습니다. 세대는 분양 가능, 고객 상태는 계약 전으로 돌아갔습니다.",
  edited: "세대 정보를 저장했습니다.",
} as const;

const REFUSALS: Record<Exclude<UnitOutcome | EditOutcome, "done">, { message: string; status: number }> = {
  "not-found": { message: UNIT_MESSAGES.notFound, status: 404 },
  taken: { message: UNIT_MESSAGES.taken, status: 409 },
  "not-your-lead": { message: UNIT_MESSAGES.notYourLead, status: 403 },
  "spam-lead": { message: UNIT_MESSAGES.spamLead, status: 409 },
  "not-held": { message: UNIT_MESSAGES.notHeld, status: 409 },
  "not-holder": { message: UNIT_MESSAGES.notHolder, status: 403 },
  "not-contracted": { message: UNIT_MESSAGES.notContracted, status: 409 },
  busy: { message: UNIT_MESSAGES.busy, status: 409 },
  "unknown-type": { message: UNIT_MESSAGES.type, status: 400 },
  forbidden: { message: UNIT_MESSAGES.notHolder, status: 403 },
};

/**
 * 동호수 현황: every 동 as floors × lines, coloured by type and marked by status; a unit chosen
 * (?unit=) opens its panel to hold it for a customer, let the hold go, sell it or undo the sale.
 * A customer's page sends the counsellor here with ?for= (that customer), which the hold form
 * then has chosen. The filters, the customer and the chosen unit are in the URL, so the page works
 * without scripts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const pack = requireSite(context).pack;
  const site = pack.slug;
  const url = new URL(request.url);
  const typeFilter = url.searchParams.get("type") ?? "";
  const statusParam = url.searchParams.get("status") ?? "";
  const statusFilter = (UNIT_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as UnitStatus) : null;
  const chosenId = Number(url.searchParams.get("unit")) || null;
  // Compared with an integer column: anything but a whole number in its range is no one.
  const forId = readWholeNumber(url.searchParams.get("for")) ?? null;
  const now = new Date();
  const [board, counts, settings, forLead] = await Promise.all([
    unitBoard(site, admin, now),
    remainingByType(site),
    unitSettingsOf(site),
    // Someone they may not hold for is not named: the board is then as it is without ?for=.
    forId ? holdCandidate(site, admin, forId) : null,
  ]);
  const chosen = board.find((unit) => unit.id === chosenId) ?? null;
  const manages = can(admin.role, "units.manage");
  const [listed, changes] = await Promise.all([
    chosen?.status === "available" ? holdableLeads(site, admin) : Promise.resolve([]),
    manages ? recentUnitChanges(site, 15) : Promise.resolve([]),
  ]);
  // The customer the person came for is offered even when older than the list's newest.
  const leads = chosen?.status === "available" && forLead && !listed.some((lead) => lead.id === forLead.id) ? [forLead, ...listed] : listed;
  const named = board.flatMap((unit) => (unit.leadName !== null && unit.leadId !== null ? [unit.leadId] : []));
  if (named.length > 0) await recordConsoleAccess(context, admin, "units.view", { leadIds: [...new Set(named)] });
  const done = url.searchParams.get("done");
  const types = pack.units.map((unit) => ({ key: unit.key, label: unit.label }));
  return {
    board: board.map((unit) => ({ ...unit, heldUntil: unit.heldUntil?.toISOString() ?? null })),
    types,
    counts,
    filter: {
      type: types.some((type) => type.key === typeFilter) ? typeFilter : "",
      status: statusFilter ?? "",
      for: forLead ? String(forLead.id) : "",
    },
    forLead: forLead ? { id: forLead.id, name: forLead.name, receiptNumber: forLead.receiptNumber } : null,
    listsEveryone: listed.length < HOLDABLE_LISTED,
    chosen: chosen ? { ...chosen, heldUntil: chosen.heldUntil?.toISOString() ?? null } : null,
    leads,
    holdHours: settings.holdHours,
    me: { id: admin.id, manages },
    changes,
    notice: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const change = changeContext(context, admin);
  const parsed = parseConsoleForm(await request.formData(), UnitBoardFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  let outcome: UnitOutcome | EditOutcome;
  let done: keyof typeof DONE;
  switch (post.intent) {
    case "hold":
      outcome = (await holdUnit(change, post.unit, post.lead)).outcome;
      done = "held";
      break;
    case "release":
      outcome = await releaseUnit(change, post.unit);
      done = "released";
      break;
    case "contract":
      outcome = await contractUnit(change, post.unit);
      done = "contracted";
      break;
    case "undo-contract":
      outcome = await undoContract(change, post.unit);
      done = "contract-undone";
      break;
    case "edit":
      outcome = await editUnit(change, post.unit, post);
      done = "edited";
      break;
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
  if (outcome !== "done") {
    const { message, status } = REFUSALS[outcome];
    const field = outcome === "not-your-lead" || outcome === "spam-lead" ? "lead" : outcome === "unknown-type" ? "typeKey" : null;
    return refuseSubmission(parsed.submission, field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }, {
      status,
      extra: { intent: post.intent },
    });
  }
  throw redirect(`${PATH}?unit=${post.unit}&done=${done}#unit-panel`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "동호수 현황 | 관리자", description: "", path: PATH, robots: "noindex,nofollow" });

export default function UnitBoardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { board, types, counts, filter, forLead, listsEveryone, chosen, leads, holdHours, me, changes, notice } = loaderData;
  const answer = actionData as ConsoleFormAnswer | undefined;
  const palette = typePalette(types.map((type) => type.key));
  const buildings = [...new Set(board.map((unit) => unit.building))];
  return (
    <div className="admin-page units-page">
      <div className="admin-page__head">
        <h1 className="admin-title">동호수 현황</h1>
        {me.manages ? (
          <div className="admin-actions">
            <Link to="/admin/units/import" className="admin-button admin-button--ghost">
              배치표 가져오기
            </Link>
            <Link to="/admin/units/settings" className="admin-button admin-button--ghost">
              잔여세대 설정
            </Link>
          </div>
        ) : null}
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {forLead && !notice ? (
        <p className="admin-notice units-for">
          <strong>{forLead.name}</strong> 고객에게 홀드할 세대를 골라 주세요. <Link to={`/admin/leads/${forLead.id}`}>고객 페이지로</Link> ·{" "}
          <Link to={`?${filterQuery({ ...filter, for: "" })}`} preventScrollReset>
            고객 없이 보기
          </Link>
        </p>
      ) : null}
      {board.length === 0 ? (
        <section className="admin-card">
          <p className="admin-empty__text">
            아직 세대가 없습니다.{" "}
            {me.manages ? <Link to="/admin/units/import">배치표(.xlsx, .csv)를 가져와</Link> : "관리자가 배치표를 가져와"} 동호수 현황을
            만들어 주세요.
          </p>
        </section>
      ) : (
        <>
          <section className="admin-card" aria-labelledby="units-summary-title">
            <h2 id="units-summary-title" className="admin-card__title">
              타입별 잔여 (상담 중 포함, 비공개 제외)
            </h2>
            <ul className="units-summary">
              {counts.map((count) => (
                <li key={count.typeKey}>
                  <strong>{count.typeKey}</strong> {count.remaining} / {count.total}세대
                </li>
              ))}
            </ul>
            <TypeLegend types={types.filter((type) => board.some((unit) => unit.typeKey === type.key))} palette={palette} />
            <Form method="get" className="units-filters" aria-label="동호수 필터">
              {filter.for ? <input type="hidden" name="for" value={filter.for} /> : null}
              <label>
                타입
                <select name="type" defaultValue={filter.type}>
                  <option value="">전체</option>
                  {types.map((type) => (
                    <option key={type.key} value={type.key}>
                      {type.key}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                상태
                <select name="status" defaultValue={filter.status}>
                  <option value="">전체</option>
                  {UNIT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {UNIT_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="admin-button admin-button--ghost">
                보기
              </button>
            </Form>
            {buildings.length > 1 ? (
              <nav className="units-jump" aria-label="동 바로가기">
                {buildings.map((building) => (
                  <a key={building} href={`#building-${building}`}>
                    {building}동
                  </a>
                ))}
              </nav>
            ) : null}
          </section>
          <div className="units-buildings">
            {buildings.map((building) => (
              <BuildingGrid
                key={building}
                building={building}
                units={board.filter((unit) => unit.building === building)}
                palette={palette}
                filter={filter}
                chosenId={chosen?.id ?? null}
              >
                {chosen && chosen.building === building ? (
                  <UnitPanel
                    unit={chosen}
                    leads={leads}
                    listsEveryone={listsEveryone}
                    holdHours={holdHours}
                    me={me}
                    types={types}
                    answer={answer}
                    filter={filter}
                  />
                ) : null}
              </BuildingGrid>
            ))}
          </div>
          {me.manages && changes.length > 0 ? <ChangeList changes={changes} /> : null}
        </>
      )}
    </div>
  );
}

function ChangeList({ changes }: { changes: Route.ComponentProps["loaderData"]["changes"] }) {
  return (
    <section className="admin-card" aria-labelledby="units-changes-title">
      <h2 id="units-changes-title" className="admin-card__title">
        최근 변경
      </h2>
      <ol className="units-changes">
        {changes.map((entry) => (
          <li key={entry.id}>
            <UnitChangeLine entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function UnitChangeLine({ entry }: { entry: Route.ComponentProps["loaderData"]["changes"][number] }) {
  const reason = (HOLD_RELEASE_REASON_LABELS as Partial<Record<string, string>>)[String(entry.detail.reason)];
  return (
    <>
      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatKst(entry.createdAt)}</time> {unitLabel(entry)}{" "}
      {UNIT_CHANGE_LABELS[entry.kind]} ({entry.fromStatus ? `${UNIT_STATUS_LABELS[entry.fromStatus]} → ` : ""}
      {UNIT_STATUS_LABELS[entry.toStatus]}) · {entry.actorName || entry.actorEmail}
      {reason ? ` · ${reason}` : null}
    </>
  );
}
