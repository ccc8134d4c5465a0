import { data, Form, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/access.ts";
import { CONSOLE_LOGIN_PATH, logout } from "#app/.server/auth.ts";
import { recoveryCodesLeft } from "#app/.server/second-factor.ts";
import { changeOwnPassword, signOutEverywhere } from "#app/.server/staff.ts";
import { getEnv } from "#app/.server/env.ts";
import { assignmentAlertsOf, saveAssignmentAlerts } from "#app/.server/leads/assignment.ts";
import { AssignmentAlertsFormSchema } from "#app/forms/admin.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { PasswordChangeSchema, ROLE_DESCRIPTIONS, ROLE_LABELS, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { signedInAdmin } from "./guard.server.ts";
import type { Route } from "./+types/account";

/** One's own account: who I am here, a new password, signing out of every browser. Every role has it. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  return {
    name: admin.name,
    email: admin.email,
    role: admin.role,
    recoveryCodesLeft: await recoveryCodesLeft(admin.id),
    idleMinutes: getEnv().ADMIN_IDLE_MINUTES,
    alerts: await assignmentAlertsOf(admin.id).then((alerts) => ({ ...alerts, mobile: alerts.mobile && formatPhone(alerts.mobile) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "sign-out-everywhere") {
    await signOutEverywhere(changeContext(context, admin));
    throw redirect(CONSOLE_LOGIN_PATH, { headers: { "Set-Cookie": await logout(request) } });
  }
  if (form.intent === "alerts") {
    const parsed = AssignmentAlertsFormSchema.safeParse(form);
    if (!parsed.success) {
      return data(
        { ok: false, intent: "alerts", message: parsed.error.issues[0]?.message ?? "휴대폰 번호를 확인해 주세요." },
        { status: 400 },
      );
    }
    await saveAssignmentAlerts(changeContext(context, admin), parsed.data);
    const message = parsed.data.textOnAssignment ? "이제 고객이 배정되면 문자로 알려 드립니다." : "배정 알림 문자를 끕니다.";
    return data({ ok: true, intent: "alerts", message });
  }
  if (form.intent !== "password") throw data("알 수 없는 요청입니다.", { status: 400 });
  const parsed = PasswordChangeSchema.safeParse(form);
  if (!parsed.success)
    return data({ ok: false, intent: "password", message: parsed.error.issues[0]?.message ?? SIGN_IN_TEXT.passwordHint }, { status: 400 });
  const outcome = await changeOwnPassword(changeContext(context, admin), {
    current: parsed.data.current,
    next: parsed.data.password,
    sessionId: admin.sessionId,
  });
  if (!outcome.ok) return data({ ok: false, intent: "password", message: outcome.message }, { status: 400 });
  return data({ ok: true, intent: "password", message: "비밀번호를 바꿨습니다. 다른 기기와 브라우저의 로그인은 모두 끝났습니다." });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "내 계정 | 관리자", description: "내 계정", path: "/admin/account", robots: "noindex,nofollow" });

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, role, recoveryCodesLeft, idleMinutes, alerts } = loaderData;
  const answered = actionData?.intent === "password" ? actionData : undefined;
  const alertsAnswer = actionData?.intent === "alerts" ? actionData : undefined;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  return (
    <div className="admin-page admin-page--narrow">
      <div className="admin-page__head">
        <h1 className="admin-title">내 계정</h1>
      </div>
      <section className="admin-card" aria-labelledby="account-title">
        <h2 id="account-title" className="admin-card__title">
          {name || email}
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

      <section className="admin-card" aria-labelledby="password-title">
        <h2 id="password-title" className="admin-card__title">
          비밀번호 변경
        </h2>
        {answered ? (
          <p className={answered.ok ? "admin-notice" : "admin-form__error"} role={answered.ok ? "status" : "alert"}>
            {answered.message}
          </p>
        ) : null}
        <Form method="post" className="admin-form" key={answered?.ok ? "done" : "form"}>
          <input type="hidden" name="intent" value="password" />
          <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
          <div className="admin-field">
            <label htmlFor="current-password">지금 비밀번호</label>
            <input id="current-password" name="current" type="password" autoComplete="current-password" required maxLength={200} />
          </div>
          <div className="admin-field">
            <label htmlFor="new-password">{SIGN_IN_TEXT.passwordLabel}</label>
            <input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={200}
              aria-describedby="new-password-hint"
            />
            <p id="new-password-hint" className="admin-field__hint">
              {SIGN_IN_TEXT.passwordHint}
            </p>
          </div>
          <div className="admin-field">
            <label htmlFor="confirm-password">{SIGN_IN_TEXT.passwordConfirm}</label>
            <input
              id="confirm-password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={200}
            />
          </div>
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
        {alertsAnswer ? (
          <p className={alertsAnswer.ok ? "admin-notice" : "admin-form__error"} role={alertsAnswer.ok ? "status" : "alert"}>
            {alertsAnswer.message}
          </p>
        ) : null}
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="alerts" />
          <label className="admin-check">
            <input type="checkbox" name="textOnAssignment" value="on" defaultChecked={alerts.textOnAssignment} />
            배정 알림 문자 받기
          </label>
          <div className="admin-field">
            <label htmlFor="alerts-mobile">휴대폰 번호</label>
            <input
              id="alerts-mobile"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              defaultValue={alerts.mobile ?? ""}
              placeholder="010-1234-5678"
            />
          </div>
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
