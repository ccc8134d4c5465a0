import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { consoleSettingsOf, nextInLine, saveConsoleSettings } from "#app/.server/leads/assignment.ts";
import { blockPhone, listBlockedPhones, unblockPhone } from "#app/.server/leads/blocklist.ts";
import { saveCounsellorRules, setDayOff, upcomingDaysOff } from "#app/.server/leads/duty.ts";
import { decideTransfer, listTransfers } from "#app/.server/leads/transfers.ts";
import { requireSite } from "#app/.server/site.ts";
import {
  ASSIGN_WEIGHT_OPTIONS,
  BlockSchema,
  CounsellorRulesSchema,
  DAILY_CAP_MAX,
  DayOffSchema,
  RECYCLE_DAYS_MAX,
  SaveSettingsSchema,
  SETTINGS_MESSAGES,
  SETTINGS_NOTICES,
  SettingsFormSchema,
  TRANSFER_STATUS_LABELS,
} from "#app/forms/assignment.ts";
import { dayLabel } from "#app/forms/lead-history.ts";
import { formatKst, kstDay } from "#app/utils/kst.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { CheckboxField, ErrorList, Field, SelectField, useConsoleForm, type ConsoleFormAnswer } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/settings";

/**
 * 배정 설정: how new leads reach the counsellors (round-robin, each one's cap, weight, days off, who
 * is next), leads left untouched going back to the inbox, transfer requests waiting for a decision,
 * and the numbers the site refuses.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const now = new Date();
  const [settings, line, daysOff, transfers, blocked] = await Promise.all([
    consoleSettingsOf(site),
    nextInLine(site, now),
    upcomingDaysOff(site, now),
    listTransfers(site),
    listBlockedPhones(site),
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    settings,
    today: kstDay(now),
    next: line.next,
    counsellors: line.candidates.map((person) => ({
      id: person.id,
      name: person.name || person.email,
      weight: person.weight,
      dailyCap: person.dailyCap,
      assignedToday: person.assignedToday,
      onDuty: person.onDuty,
      dayOff: person.dayOff,
      daysOff: daysOff.filter((entry) => entry.adminId === person.id).map((entry) => entry.day),
    })),
    transfers,
    blocked: blocked.map((entry) => ({ ...entry, phone: formatPhone(entry.phone), by: entry.byName || entry.byEmail })),
    notice: saved && Object.hasOwn(SETTINGS_NOTICES, saved) ? SETTINGS_NOTICES[saved as keyof typeof SETTINGS_NOTICES] : null,
  };
}

type SettingsAnswer = ConsoleFormAnswer & { adminId?: number | null };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const change = changeContext(context, admin);
  const parsed = parseConsoleForm(await request.formData(), SettingsFormSchema);
  if (!parsed.ok) {
    const adminId = Number(parsed.submission.payload.adminId);
    return refuseSubmission(parsed.submission, {}, { extra: { intent: String(parsed.submission.payload.intent ?? ""), adminId } });
  }
  const post = parsed.value;
  const refused = (message: string, status: number, field?: string) =>
    refuseSubmission(parsed.submission, field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }, {
      status,
      extra: { intent: post.intent, adminId: "adminId" in post ? post.adminId : null },
    });
  const done = () => redirect(`/admin/settings?saved=${post.intent}`, { status: 303 });
  switch (post.intent) {
    case "save":
      await saveConsoleSettings(change, { roundRobin: post.roundRobin, recycleAfterDays: post.recycleAfterDays });
      return done();
    case "counsellor": {
      const outcome = await saveCounsellorRules(change, post.adminId, { dailyCap: post.dailyCap, weight: post.weight });
      return outcome === "done" ? done() : refused(SETTINGS_MESSAGES.counsellorGone, 404);
    }
    case "day-off":
    case "day-off-remove": {
      const outcome = await setDayOff(change, post.adminId, post.day, post.intent === "day-off");
      return outcome === "done" ? done() : refused(SETTINGS_MESSAGES.counsellorGone, 404);
    }
    case "approve-transfer":
    case "decline-transfer": {
      const outcome = await decideTransfer(change, post.transferId, post.intent === "approve-transfer");
      return outcome === "done" ? done() : refused(SETTINGS_MESSAGES.transferGone, outcome === "decided" ? 409 : 404);
    }
    case "block": {
      const outcome = await blockPhone(change, { phone: post.phone, reason: post.reason });
      return outcome === "done" ? done() : refused(SETTINGS_MESSAGES.blockExists, 409, "phone");
    }
    case "unblock": {
      const outcome = await unblockPhone(change, post.entryId);
      return outcome === "done" ? done() : refused(SETTINGS_MESSAGES.blockGone, 404);
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "배정 설정 | 관리자", description: "배정 설정", path: "/admin/settings", robots: "noindex,nofollow" });

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, next, counsellors, transfers, blocked, notice, today } = loaderData;
  const answer: SettingsAnswer | undefined = actionData;
  const navigation = useNavigation();
  const pendingIntent = navigation.formAction === "/admin/settings" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useConsoleForm({
    id: "console-settings",
    schema: SaveSettingsSchema,
    lastResult: answer?.intent === "save" ? answer.result : undefined,
    defaultValue: {
      roundRobin: settings.roundRobin ? "on" : undefined,
      recycleAfterDays: settings.recycleAfterDays === null ? "" : String(settings.recycleAfterDays),
    },
  });
  return (
    <div className="admin-page admin-page--narrow">
      <div className="admin-page__head">
        <h1 className="admin-title">배정 설정</h1>
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="round-robin-title">
        <h2 id="round-robin-title" className="admin-card__title">
          새 고객 자동 배정
        </h2>
        <p>
          켜 두면 새로 접수된 고객(스팸 제외)을 상담사에게 차례로 배정합니다. 퇴근했거나 휴무인 상담사, 오늘 최대 배정 수를 채운 상담사,
          사용 중지된 계정과 아직 초대를 수락하지 않은 계정은 건너뜁니다. 배정 비중이 2인 상담사는 1인 상담사보다 두 배로 받습니다.
        </p>
        <p className="admin-muted" data-testid="next-in-line">
          {counsellors.length === 0
            ? "이 사이트에서 일하는 상담사가 없어 켜도 배정되지 않습니다."
            : !settings.roundRobin
              ? "자동 배정이 꺼져 있습니다."
              : next
                ? `다음 배정: ${next.name} 님`
                : "지금은 배정받을 수 있는 상담사가 없습니다(모두 퇴근·휴무이거나 최대 배정 수를 채웠습니다)."}
        </p>
        <Form method="post" className="admin-form" key={`${settings.roundRobin}-${settings.recycleAfterDays}`} {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          <CheckboxField meta={fields.roundRobin} label="상담사에게 차례로 자동 배정" />
          <Field
            meta={fields.recycleAfterDays}
            label="미처리 고객 회수 (일)"
            type="number"
            inputMode="numeric"
            min={1}
            max={RECYCLE_DAYS_MAX}
            hint="배정된 뒤 이 기간 동안 상태 변경·메모·연락·문자가 없으면 미배정으로 돌려보냅니다. 비워 두면 회수하지 않습니다."
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="admin-button admin-button--primary" disabled={pendingIntent === "save"}>
            {pendingIntent === "save" ? "저장 중…" : "저장"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="counsellors-title">
        <h2 id="counsellors-title" className="admin-card__title">
          상담사별 배정 기준
        </h2>
        {counsellors.length === 0 ? <p className="admin-muted">이 사이트에서 일하는 상담사가 없습니다.</p> : null}
        <ul className="admin-counsellors">
          {counsellors.map((person) => (
            <CounsellorRules
              key={person.id}
              person={person}
              today={today}
              isNext={settings.roundRobin && next?.id === person.id}
              answer={answer?.adminId === person.id ? answer : undefined}
              pendingIntent={typeof pendingIntent === "string" ? pendingIntent : null}
            />
          ))}
        </ul>
      </section>

      <section className="admin-card" aria-labelledby="transfers-title">
        <h2 id="transfers-title" className="admin-card__title">
          이관 요청 {transfers.waiting.length > 0 ? `${transfers.waiting.length}건` : ""}
        </h2>
        {answer?.intent === "approve-transfer" || answer?.intent === "decline-transfer" ? (
          <ErrorList id="transfer-errors" errors={answer.result.error?.[""]} />
        ) : null}
        {transfers.waiting.length === 0 ? <p className="admin-muted">승인을 기다리는 요청이 없습니다.</p> : null}
        <ul className="admin-transfers">
          {transfers.waiting.map((transfer) => (
            <li key={transfer.id} className="admin-transfer">
              <p>
                <Link to={`/admin/leads/${transfer.leadId}`}>접수 #{transfer.leadId}</Link>: {transfer.from} 님 → {transfer.to} 님
              </p>
              <p className="admin-muted">
                {formatKst(transfer.createdAt)} · 이유: {transfer.reason}
              </p>
              <div className="admin-actions">
                <Form method="post">
                  <input type="hidden" name="intent" value="approve-transfer" />
                  <input type="hidden" name="transferId" value={transfer.id} />
                  <button type="submit" className="admin-button admin-button--primary">
                    승인
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="decline-transfer" />
                  <input type="hidden" name="transferId" value={transfer.id} />
                  <button type="submit" className="admin-button">
                    거절
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
        {transfers.decided.length > 0 ? (
          <details className="admin-details">
            <summary>최근 처리한 요청</summary>
            <ul className="admin-transfers">
              {transfers.decided.map((transfer) => (
                <li key={transfer.id} className="admin-muted">
                  <Link to={`/admin/leads/${transfer.leadId}`}>접수 #{transfer.leadId}</Link>: {transfer.from} 님 → {transfer.to} 님 ·{" "}
                  {TRANSFER_STATUS_LABELS[transfer.status]}
                  {transfer.decider ? ` (${transfer.decider}, ${transfer.decidedAt ? formatKst(transfer.decidedAt) : ""})` : ""}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <Blocklist blocked={blocked} answer={answer} pendingIntent={typeof pendingIntent === "string" ? pendingIntent : null} />
    </div>
  );
}

type Counsellor = Route.ComponentProps["loaderData"]["counsellors"][number];

function CounsellorRules({
  person,
  today,
  isNext,
  answer,
  pendingIntent,
}: {
  person: Counsellor;
  today: string;
  isNext: boolean;
  answer: SettingsAnswer | undefined;
  pendingIntent: string | null;
}) {
  // Every counsellor has these two forms: an answer belongs to the one whose adminId was posted.
  const answerOf = (intent: "counsellor" | "day-off") =>
    answer?.intent === intent && answer.result.initialValue?.adminId === String(person.id) ? answer.result : undefined;
  const [rulesForm, rules] = useConsoleForm({
    id: `counsellor-${person.id}`,
    schema: CounsellorRulesSchema,
    lastResult: answerOf("counsellor"),
    defaultValue: { dailyCap: person.dailyCap === null ? "" : String(person.dailyCap), weight: String(person.weight) },
  });
  const [dayOffForm, dayOff] = useConsoleForm({
    id: `day-off-${person.id}`,
    schema: DayOffSchema,
    lastResult: answerOf("day-off"),
  });
  const state = person.dayOff ? "오늘 휴무" : person.onDuty === false ? "퇴근" : person.onDuty ? "출근" : "출근 표시 없음";
  return (
    <li className="admin-counsellor">
      <p className="admin-counsellor__head">
        <strong>{person.name}</strong>
        <span className="admin-muted">
          {" "}
          · {state} · 오늘 {person.assignedToday}
          {person.dailyCap === null ? "건" : `/${person.dailyCap}건`} 배정
        </span>
        {isNext ? <span className="admin-badge"> 다음 차례</span> : null}
      </p>
      <Form method="post" className="admin-form admin-form--inline" {...getFormProps(rulesForm)}>
        <input type="hidden" name="intent" value="counsellor" />
        <input type="hidden" name="adminId" value={person.id} />
        <Field
          meta={rules.dailyCap}
          label="하루 최대 배정"
          type="number"
          inputMode="numeric"
          min={1}
          max={DAILY_CAP_MAX}
          hint="비우면 제한 없음"
        />
        <SelectField meta={rules.weight} label="배정 비중" options={ASSIGN_WEIGHT_OPTIONS} />
        <ErrorList id={rulesForm.errorId} errors={rulesForm.errors} />
        <button type="submit" className="admin-button" disabled={pendingIntent === "counsellor"}>
          저장
        </button>
      </Form>
      <div className="admin-days-off">
        <p className="admin-muted">휴무일: {person.daysOff.length === 0 ? "없음" : null}</p>
        {person.daysOff.length > 0 ? (
          <ul className="admin-chips">
            {person.daysOff.map((day) => (
              <li key={day}>
                <Form method="post">
                  <input type="hidden" name="intent" value="day-off-remove" />
                  <input type="hidden" name="adminId" value={person.id} />
                  <input type="hidden" name="day" value={day} />
                  <button type="submit" className="admin-chip" aria-label={`${dayLabel(day)} 휴무 빼기`}>
                    {dayLabel(day)} ✕
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="admin-form admin-form--inline" {...getFormProps(dayOffForm)}>
          <input type="hidden" name="intent" value="day-off" />
          <input type="hidden" name="adminId" value={person.id} />
          <Field meta={dayOff.day} label="휴무일 넣기" type="date" min={today} />
          <ErrorList id={dayOffForm.errorId} errors={dayOffForm.errors} />
          <button type="submit" className="admin-button" disabled={pendingIntent === "day-off"}>
            넣기
          </button>
        </Form>
      </div>
    </li>
  );
}

function Blocklist({
  blocked,
  answer,
  pendingIntent,
}: {
  blocked: Route.ComponentProps["loaderData"]["blocked"];
  answer: SettingsAnswer | undefined;
  pendingIntent: string | null;
}) {
  const [form, fields] = useConsoleForm({
    id: "blocklist",
    schema: BlockSchema,
    lastResult: answer?.intent === "block" ? answer.result : undefined,
  });
  return (
    <section className="admin-card" aria-labelledby="blocklist-title">
      <h2 id="blocklist-title" className="admin-card__title">
        차단 번호 {blocked.length > 0 ? `${blocked.length}개` : ""}
      </h2>
      <p className="admin-muted">
        장난·악성 접수를 하는 번호를 막습니다. 차단한 번호로 들어온 접수는 스팸으로 보관되고 문자가 가지 않으며, 접수한 사람에게는 평소와
        같은 완료 화면이 보입니다.
      </p>
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="block" />
        <Field
          meta={fields.phone}
          label="휴대폰 번호"
          type="tel"
          inputMode="tel"
          maxLength={13}
          placeholder="010-1234-5678"
          autoComplete="off"
        />
        <Field meta={fields.reason} label="차단 이유" maxLength={200} autoComplete="off" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="admin-button admin-button--primary" disabled={pendingIntent === "block"}>
          {pendingIntent === "block" ? "차단하는 중…" : "차단"}
        </button>
      </Form>
      {answer?.intent === "unblock" ? <ErrorList id="unblock-errors" errors={answer.result.error?.[""]} /> : null}
      {blocked.length > 0 ? (
        <ul className="admin-blocklist">
          {blocked.map((entry) => (
            <li key={entry.id} className="admin-blocklist__entry">
              <span>
                <strong>{entry.phone}</strong> · {entry.reason}
                <span className="admin-muted">
                  {" "}
                  · {entry.by ?? ""} {formatKst(entry.createdAt)}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="entryId" value={entry.id} />
                <button type="submit" className="admin-button" aria-label={`${entry.phone} 차단 해제`}>
                  해제
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
