import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { formatPrice, UNIT_STATUS_LABELS, UnitEditSchema, UnitHoldSchema, unitLabel } from "#app/forms/units.ts";
import { formatKst } from "#app/utils/kst.ts";
import type { BoardUnit } from "#app/.server/units/board.ts";
import { CheckboxField, ErrorList, Field, SelectField, useConsoleForm, type ConsoleFormAnswer } from "../forms.tsx";
import { filterQuery, type BoardFilter } from "./board-grid.tsx";
import { z } from "zod";

/** A board unit as the loader's answer carries it (its hold's end as a string). */
type PanelUnit = Omit<BoardUnit, "heldUntil"> & { heldUntil: string | null };

/** A post that carries only the unit: releasing a hold, selling, undoing a sale. */
const UnitOnlySchema = z.object({ intent: z.string(), unit: z.string() });

/** The chosen unit: what it is, whose it is, and what this person may do with it. */
export function UnitPanel({
  unit,
  leads,
  listsEveryone,
  holdHours,
  me,
  types,
  answer,
  filter,
}: {
  unit: PanelUnit;
  leads: { id: number; name: string; receiptNumber: string | null }[];
  listsEveryone: boolean;
  holdHours: number;
  me: { id: number; manages: boolean };
  types: { key: string; label: string }[];
  answer?: ConsoleFormAnswer;
  filter: BoardFilter;
}) {
  const label = unitLabel(unit);
  const lastResult = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  return (
    <div className="units-panel" id="unit-panel" aria-labelledby="unit-panel-title">
      <div className="units-panel__head">
        <h3 id="unit-panel-title" className="units-panel__title">
          {label} · {unit.typeKey}
        </h3>
        <Link to={`?${filterQuery(filter)}`} preventScrollReset className="admin-link">
          닫기
        </Link>
      </div>
      <dl className="units-panel__facts">
        <div>
          <dt>상태</dt>
          <dd>{UNIT_STATUS_LABELS[unit.status]}</dd>
        </div>
        {unit.price !== null ? (
          <div>
            <dt>분양가</dt>
            <dd>{formatPrice(unit.price)}</dd>
          </div>
        ) : null}
        {unit.status === "held" || unit.status === "contracted" ? (
          <div>
            <dt>고객</dt>
            <dd>
              {unit.leadId !== null && unit.leadName !== null ? (
                <Link to={`/admin/leads/${unit.leadId}`}>{unit.leadName}</Link>
              ) : (
                "담당 고객 아님"
              )}
            </dd>
          </div>
        ) : null}
        {unit.status === "held" ? (
          <div>
            <dt>홀드</dt>
            <dd>
              {unit.heldByName ?? "상담사"} · {unit.heldUntil ? `${formatKst(unit.heldUntil)}까지` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {unit.status === "available" ? (
        <HoldForm
          unit={unit}
          leads={leads}
          listsEveryone={listsEveryone}
          chosenLead={filter.for}
          holdHours={holdHours}
          lastResult={lastResult("hold")}
        />
      ) : null}
      {unit.status === "held" && (unit.heldBy === me.id || me.manages) ? (
        <UnitButton unit={unit} intent="release" label="홀드 풀기" lastResult={lastResult("release")} />
      ) : null}
      {unit.status === "held" && me.manages ? (
        <UnitButton unit={unit} intent="contract" label="계약 완료로 표시" primary lastResult={lastResult("contract")} />
      ) : null}
      {unit.status === "contracted" && me.manages ? (
        <UnitButton unit={unit} intent="undo-contract" label="계약 되돌리기" lastResult={lastResult("undo-contract")} />
      ) : null}
      {me.manages && (unit.status === "available" || unit.status === "hidden") ? (
        <EditForm unit={unit} types={types} lastResult={lastResult("edit")} />
      ) : null}
    </div>
  );
}

function HoldForm({
  unit,
  leads,
  listsEveryone,
  chosenLead,
  holdHours,
  lastResult,
}: {
  unit: PanelUnit;
  leads: { id: number; name: string; receiptNumber: string | null }[];
  listsEveryone: boolean;
  /** The customer the person came to the board for ("" when none). */
  chosenLead: string;
  holdHours: number;
  lastResult?: ConsoleFormAnswer["result"];
}) {
  const [form, fields] = useConsoleForm({
    id: `hold-${unit.id}`,
    schema: UnitHoldSchema,
    lastResult,
    defaultValue: { intent: "hold", unit: String(unit.id), lead: chosenLead },
  });
  const busy = usePosting("hold");
  if (leads.length === 0) return <p className="admin-muted">홀드할 담당 고객이 없습니다. 고객을 배정받은 뒤 홀드할 수 있습니다.</p>;
  const options = [
    { value: "", label: "고객을 골라 주세요" },
    ...leads.map((lead) => ({ value: String(lead.id), label: lead.receiptNumber ? `${lead.name} (${lead.receiptNumber})` : lead.name })),
  ];
  return (
    <Form method="post" className="admin-form units-panel__form" {...getFormProps(form)}>
      <input type="hidden" name="unit" value={unit.id} />
      <SelectField
        meta={fields.lead}
        label="홀드할 고객"
        hint={`${holdHours}시간 동안 다른 상담사가 이 세대를 홀드할 수 없고, 그 뒤에는 저절로 풀립니다.${
          listsEveryone ? "" : ` 목록에는 최근 고객만 있습니다. 다른 고객은 그 고객 페이지의 「세대 홀드하기」로 오세요.`
        }`}
        options={options}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="hold" className="admin-button admin-button--primary" disabled={busy}>
        {busy ? "홀드하는 중…" : "이 고객으로 홀드"}
      </button>
    </Form>
  );
}

function UnitButton({
  unit,
  intent,
  label,
  primary = false,
  lastResult,
}: {
  unit: PanelUnit;
  intent: string;
  label: string;
  primary?: boolean;
  lastResult?: ConsoleFormAnswer["result"];
}) {
  const [form] = useConsoleForm({ id: `${intent}-${unit.id}`, schema: UnitOnlySchema, lastResult });
  const busy = usePosting(intent);
  return (
    <Form method="post" className="units-panel__form" {...getFormProps(form)}>
      <input type="hidden" name="unit" value={unit.id} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`admin-button ${primary ? "admin-button--primary" : "admin-button--ghost"}`}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

function EditForm({
  unit,
  types,
  lastResult,
}: {
  unit: PanelUnit;
  types: { key: string; label: string }[];
  lastResult?: ConsoleFormAnswer["result"];
}) {
  const [form, fields] = useConsoleForm({
    id: `edit-${unit.id}`,
    schema: UnitEditSchema,
    lastResult,
    defaultValue: {
      intent: "edit",
      unit: String(unit.id),
      typeKey: unit.typeKey,
      price: unit.price === null ? "" : String(unit.price),
      hidden: unit.status === "hidden" ? "on" : undefined,
    },
  });
  const busy = usePosting("edit");
  return (
    <details className="units-panel__edit" open={Boolean(lastResult)}>
      <summary>세대 정보 수정</summary>
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="unit" value={unit.id} />
        <SelectField meta={fields.typeKey} label="타입" options={types.map((type) => ({ value: type.key, label: type.label }))} />
        <Field
          meta={fields.price}
          label="분양가 (선택)"
          hint="원 또는 만원. 예: 520000000, 52000만원. 비우면 분양가 없음"
          inputMode="numeric"
        />
        <CheckboxField meta={fields.hidden} label="비공개 (잔여세대 수와 공개 페이지에서 뺍니다)" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="edit" className="admin-button admin-button--ghost" disabled={busy}>
          저장
        </button>
      </Form>
    </details>
  );
}

function usePosting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
