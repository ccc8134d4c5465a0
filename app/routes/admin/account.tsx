import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { changeContext } from "#app/.server/audit/access.ts";
import { CONSOLE_LOGIN_PATH, logout } from "#app/.server/auth/sign-in.ts";
import { recoveryCodesLeft } from "#app/.server/auth/second-factor.ts";
import { changeOwnPassword, CURRENT_PASSWORD_WRONG, ownName, renameOwnAccount, signOutEverywhere } from "#app/.server/auth/staff.ts";
import { getEnv } from "#app/.server/env.ts";
import { assignmentAlertsOf, saveAssignmentAlerts } from "#app/.server/leads/assignment.ts";
import { dutyOf, markDuty } from "#app/.server/leads/duty.ts";
import { DUTY_TEXT, DutyFormSchema } from "#app/forms/assignment.ts";
import { requireSite } from "#app/.server/site.ts";
import { kstTime } from "#app/utils/kst.ts";
import { AssignmentAlertsFormSchema } from "#app/forms/admin.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { displayName, PasswordChangeSchema, PersonNameSchema, ROLE_DESCRIPTIONS, ROLE_LABELS } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { CheckboxField, ErrorList, Field, useConsoleForm } from "./forms.tsx";
import { NewPasswordFields } from "./sign-in/new-password-fields.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/account";

/** One's own account: who I am here, a new password, signing out of every browser. Every role has it. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  return {
    name: await ownName(admin.id),
    email: admin.email,
    role: admin.role,
    recoveryCodesLeft: await recoveryCodesLeft(admin.id),
    idleMinutes: getEnv().ADMIN_IDLE_MINUTES,
    alerts: await assignmentAlertsOf(admin.id).then((alerts) => ({ ...alerts, mobile: alerts.mobile && formatPhone(alerts.mobile) })),
    duty: await dutyOf(requireSite(context).slug, admin.id),
  };
}

/** The page's posts, one schema each; the intent names match console-access.ts. */
const NameFormSchema = z.object({ intent: z.literal("name"), name: PersonNameSchema });
const PasswordFormSchema = PasswordChangeSchema.safeExtend({ intent: z.literal("password") });
const AlertsFormSchema = AssignmentAlertsFormSchema.safeExtend({ intent: z.literal("alerts") });
const AccountFormSchema = z.discriminatedUnion("intent", [
  NameFormSchema,
  PasswordFormSchema,
  AlertsFormSchema,
  DutyFormSchema,
  z.object({ intent: z.literal("sign-out-everywhere") }),
]);

const PASSWORDS = ["current", "password", "confirm"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  // Passwords are never sent back.
  const parsed = parseConsoleForm(await request.formData(), AccountFormSchema, { hideFields: PASSWORDS });
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  switch (post.intent) {
    case "name": {
      await renameOwnAccount(changeContext(context, admin), post.name);
      return {
        result: parsed.submission.reply({ resetForm: true }),
        intent: post.intent,
        message: "이름을 바꿨습니다. 직원 목록과 기록에 이 이름이 보입니다.",
      };
    }
    case "sign-out-everywhere": {
      await signOutEverywhere(changeContext(context, admin));
      throw redirect(CONSOLE_LOGIN_PATH, { headers: { "Set-Cookie": await logout(request) } });
    }
    case "alerts": {
      await saveAssignmentAlerts(changeContext(context, admin), post);
      const message = post.textOnAssignment ? "이제 고객이 배정되면 문자로 알려 드립니다." : "배정 알림 문자를 끕니다.";
      return { result: parsed.submission.reply(), intent: post.intent, message };
    }
    case "duty": {
      await markDuty(changeContext(context, admin), post.duty === "on");
      return { result: parsed.submission.reply(), intent: post.intent, message: post.duty === "on" ? DUTY_TEXT.onDone : DUTY_TEXT.offDone };
    }
    case "password": {
      const outcome = await changeOwnPassword(changeContext(context, admin), {
        current: post.current,
        next: post.password,
        sessionId: admin.sessionId,
      });
      if (!outcome.ok) {
        const field = outcome.message === CURRENT_PASSWORD_WRONG ? "current" : "password";
        return refuseSubmission(
          parsed.submission,
          { fieldErrors: { [field]: [outcome.message] }, hideFields: PASSWORDS },
          { extra: { intent: post.intent } },
        );
      }
      return {
        result: parsed.submission.reply({ resetForm: true }),
        intent: post.intent,
        message: "비밀번호를 바꿨습니다. 다른 기기와 브라우저의 로그인은 모두 끝났습니다.",
      };
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "내 계정 | 관리자", description: "내 계정", path: "/admin/account", robots: "noindex,nofollow" });

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, role, recoveryCodesLeft, idleMinutes, alerts, duty } = loaderData;
  const dutyAnswer = actionData?.intent === "duty" ? actionData : undefined;
  const answered = actionData?.intent === "password" ? actionData : undefined;
  const nameAnswer = actionData?.intent === "name" ? actionData : undefined;
  const alertsAnswer = actionData?.intent === "alerts" ? actionData : undefined;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [nameForm, nameFields] = useConsoleForm({
    id: "account-name",
    schema: NameFormSchema,
    lastResult: nameAnswer?.result,
    defaultValue: { name },
  });
  const [passwordForm, password] = useConsoleForm({ id: "account-password", schema: PasswordFormSchema, lastResult: answered?.result });
  const [alertsForm, alertFields] = useConsoleForm({
    id: "account-alerts",
    schema: AlertsFormSchema,
    lastResult: alertsAnswer?.result,
    defaultValue: { textOnAssignment: alerts.textOnAssignment ? "on" : undefined, mobile: alerts.mobile ?? "" },
  });
  return (
    <div className="admin-page admin-page--narrow">
      <div className="admin-page__head">
        <h1 className="admin-title">내 계정</h1>
      </div>
      <section className="admin-card" aria-labelledby="account-title">
        <h2 id="account-title" className="admin-card__title">
          {displayName({ name, email })}
        </h2>
        <dl className="admin-facts">
          <dt>이메일</dt>
          <dd>{email}</dd>
          <dt>역할</dt>
          <dd>
            {ROLE_LABELS[role]} <span className="admin-muted">({ROLE_DESCRIPTIONS[role]})</span>
          </dd>
          <dt>복구 코드</dt>
          <dd>
            {recoveryCodesLeft}개 남음
            {recoveryCodesLeft <= 2 ? (
              <span className="admin-warning"> · 얼마 남지 않았습니다. 대표에게 2단계 인증 초기화를 요청해 새로 등록해 주세요.</span>
            ) : null}
          </dd>
          <dt>자동 로그아웃</dt>
          <dd>{idleMinutes}분 동안 쓰지 않으면, 그리고 로그인하고 12시간이 지나면 로그아웃됩니다.</dd>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="duty-title">
        <h2 id="duty-title" className="admin-card__title">
          {DUTY_TEXT.title}
        </h2>
        {doneMessage(dutyAnswer) ? (
          <p className="admin-notice" role="status">
            {doneMessage(dutyAnswer)}
          </p>
        ) : null}
        <p data-testid="duty-state">
          {duty.dayOff
            ? DUTY_TEXT.dayOff
            : duty.onDuty === null
              ? DUTY_TEXT.unmarked
              : duty.onDuty
                ? DUTY_TEXT.on(kstTime(duty.changedAt!))
                : DUTY_TEXT.off(kstTime(duty.changedAt!))}
        </p>
        <Form method="post" className="admin-actions">
          <input type="hidden" name="intent" value="duty" />
          <button
            type="submit"
            name="duty"
            value="on"
            className={duty.onDuty === false || duty.onDuty === null ? "admin-button admin-button--primary" : "admin-button"}
            disabled={pending === "duty"}
          >
            출근
          </button>
          <button type="submit" name="duty" value="off" className="admin-button" disabled={pending === "duty"}>
            퇴근
          </button>
        </Form>
        <p className="admin-field__hint">{DUTY_TEXT.hint}</p>
      </section>

      <section className="admin-card" aria-labelledby="name-title">
        <h2 id="name-title" className="admin-card__title">
          내 이름
        </h2>
        {doneMessage(nameAnswer) ? (
          <p className="admin-notice" role="status">
            {doneMessage(nameAnswer)}
          </p>
        ) : null}
        <Form method="post" className="admin-form" {...getFormProps(nameForm)}>
          <input type="hidden" name="intent" value="name" />
          <Field
            meta={nameFields.name!}
            label="이름"
            maxLength={50}
            autoComplete="name"
            hint="직원 목록, 고객 배정, 기록에 이메일 대신 보이는 이름입니다."
          />
          <ErrorList id={nameForm.errorId} errors={nameForm.errors} />
          <button type="submit" className="admin-button" disabled={pending === "name"}>
            {pending === "name" ? "저장 중…" : "이름 저장"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="password-title">
        <h2 id="password-title" className="admin-card__title">
          비밀번호 변경
        </h2>
        {doneMessage(answered) ? (
          <p className="admin-notice" role="status">
            {doneMessage(answered)}
          </p>
        ) : null}
        <Form method="post" className="admin-form" {...getFormProps(passwordForm)}>
          <input type="hidden" name="intent" value="password" />
          <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
          <Field meta={password.current!} label="지금 비밀번호" type="password" autoComplete="current-password" maxLength={200} />
          <NewPasswordFields password={password.password!} confirm={password.confirm!} />
          <ErrorList id={passwordForm.errorId} errors={passwordForm.errors} />
          <button type="submit" className="admin-button admin-button--primary" disabled={pending === "password"}>
            {pending === "password" ? "바꾸는 중…" : "비밀번호 바꾸기"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="alerts-title">
        <h2 id="alerts-title" className="admin-card__title">
          배정 알림 문자
        </h2>
        <p>고객이 나에게 배정되면 휴대폰으로 짧은 문자를 보냅니다. 문자에는 고객 이름 일부와 접수 유형, 고객 화면 링크만 들어갑니다.</p>
        {doneMessage(alertsAnswer) ? (
          <p className="admin-notice" role="status">
            {doneMessage(alertsAnswer)}
          </p>
        ) : null}
        <Form method="post" className="admin-form" {...getFormProps(alertsForm)}>
          <input type="hidden" name="intent" value="alerts" />
          <CheckboxField meta={alertFields.textOnAssignment!} label="배정 알림 문자 받기" />
          <Field
            meta={alertFields.mobile!}
            label="휴대폰 번호"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            placeholder="010-1234-5678"
          />
          <ErrorList id={alertsForm.errorId} errors={alertsForm.errors} />
          <button type="submit" className="admin-button" disabled={pending === "alerts"}>
            {pending === "alerts" ? "저장 중…" : "저장"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="everywhere-title">
        <h2 id="everywhere-title" className="admin-card__title">
          모든 기기에서 로그아웃
        </h2>
        <p>휴대폰이나 다른 컴퓨터에 로그인한 채로 두고 왔다면, 이 계정의 모든 로그인을 지금 끝냅니다. 이 브라우저도 로그아웃됩니다.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button type="submit" className="admin-button admin-button--danger" disabled={pending === "sign-out-everywhere"}>
            모든 기기에서 로그아웃
          </button>
        </Form>
      </section>
    </div>
  );
}

/** What a saved form says it did; a refused one shows its errors beside its fields instead. */
function doneMessage(answer: object | undefined): string | null {
  return answer && "message" in answer && typeof answer.message === "string" ? answer.message : null;
}
