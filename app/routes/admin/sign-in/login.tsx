import { data, Form, redirect, useNavigation } from "react-router";
import { continueTo, getAdmin, getHalfSignIn, login, nextStepPath, safeReturnTo } from "#app/.server/auth/sign-in.ts";
import { getClientAddress } from "#app/.server/client-address.ts";
import { requireSite } from "#app/.server/site.ts";
import { LoginFormSchema } from "#app/forms/press.ts";
import { LOGIN_FAILED_PREFIX, PRESS_MESSAGES } from "#app/forms/press-messages.ts";
import { SIGN_IN_TEXT, signInLockedMessage } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { redirectWithCookie } from "./sign-in.server.ts";
import type { Route } from "./+types/login";
import "#app/styles/admin.css";

// A refused sign-in's Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  if (await getAdmin(request, context)) throw redirect(continueTo(returnTo));
  const half = await getHalfSignIn(request, context);
  if (half) throw redirect(nextStepPath(half.enrolled ? "code" : "enrol", returnTo));
  // The code step ended the half session after too many wrong codes (login-code.tsx).
  const notice = new URL(request.url).searchParams.get("ended") === "codes" ? SIGN_IN_TEXT.codesEnded : null;
  return { projectName: requireSite(context).pack.brand.projectName, returnTo: safeReturnTo(returnTo) ?? null, notice };
}

/** The same administrators, throttle and session as the sign-in below the press list (auth.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 254);
  const parsed = LoginFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: PRESS_MESSAGES.loginInvalid, email }, { status: 400 });
  const result = await login(request, parsed.data, { clientAddress: getClientAddress(context), site: requireSite(context).slug });
  if (!result.ok && result.reason === "locked") {
    const error = signInLockedMessage(result.why, result.retryAfterSeconds);
    return data({ error, email }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  if (!result.ok) return data({ error: PRESS_MESSAGES.loginInvalid, email }, { status: 401 });
  // The password is right: a half session, and the second step.
  throw redirectWithCookie(nextStepPath(result.next, form.get("returnTo")), result.setCookie);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "관리자 로그인",
    description: "분양 사무소 관리자 화면에 로그인합니다.",
    path: "/admin/login",
    robots: "noindex,nofollow",
  });

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <main className="admin-login">
      <section className="admin-card admin-login__card" aria-labelledby="admin-login-title">
        <p className="admin-login__project">{loaderData.projectName}</p>
        <h1 id="admin-login-title" className="admin-login__title">
          관리자 로그인
        </h1>
        {loaderData.notice && !actionData ? (
          <p className="admin-notice" role="status">
            {loaderData.notice}
          </p>
        ) : null}
        <Form method="post" className="admin-form">
          {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
          <div className="admin-field">
            <label htmlFor="admin-email">이메일</label>
            <input id="admin-email" name="email" type="email" autoComplete="username" defaultValue={actionData?.email} required />
          </div>
          <div className="admin-field">
            <label htmlFor="admin-password">비밀번호</label>
            <input id="admin-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <p className="admin-form__error" role="alert">
            {actionData && !busy ? `${LOGIN_FAILED_PREFIX}${actionData.error}` : ""}
          </p>
          <button type="submit" className="button button--brand admin-login__submit" disabled={busy}>
            {busy ? "로그인 중…" : "로그인"}
          </button>
        </Form>
      </section>
    </main>
  );
}
