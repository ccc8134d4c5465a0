import { getFormProps } from "@conform-to/react";
import { Form, redirect, useNavigation } from "react-router";
import { continueTo, getAdmin, getHalfSignIn, login, nextStepPath, safeReturnTo } from "#app/.server/auth/sign-in.ts";
import { getClientAddress } from "#app/.server/client-address.ts";
import { requireSite, servedSites } from "#app/.server/site.ts";
import { LOGIN_FAILED_PREFIX, PRESS_MESSAGES } from "#app/forms/press-messages.ts";
import { SIGN_IN_TEXT, SignInFormSchema, signInLockedMessage } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, Field, useConsoleForm } from "../forms.tsx";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
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

// The password is never sent back: a refused form keeps the email only.
const HIDDEN = ["password"];

/** The same administrators, throttle and session as the sign-in below the press list (auth.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseConsoleForm(await request.formData(), SignInFormSchema, { hideFields: HIDDEN });
  if (!parsed.ok) return refuseSubmission(parsed.submission, { hideFields: HIDDEN }, { extra: { elsewhere: null } });
  const { submission, value } = parsed;
  const result = await login(request, value, { clientAddress: getClientAddress(context), site: requireSite(context).slug });
  if (result.ok) {
    // The password is right: a half session, and the second step.
    throw redirectWithCookie(nextStepPath(result.next, value.returnTo), result.setCookie);
  }
  switch (result.reason) {
    case "locked": {
      const error = `${LOGIN_FAILED_PREFIX}${signInLockedMessage(result.why, result.retryAfterSeconds)}`;
      const headers = { "Retry-After": String(result.retryAfterSeconds) };
      return refuseSubmission(
        submission,
        { formErrors: [error], hideFields: HIDDEN },
        { status: 429, headers, extra: { elsewhere: null } },
      );
    }
    case "wrong-site": {
      // Said only after the password was verified: a stranger learns nothing an unknown email would not tell.
      const elsewhere = servedSites()
        .filter((site) => result.sites.includes(site.slug))
        .map((site) => ({ projectName: site.pack.brand.projectName, loginUrl: `${site.origin}/admin/login` }));
      return refuseSubmission(
        submission,
        { formErrors: [SIGN_IN_TEXT.wrongSite], hideFields: HIDDEN },
        { status: 403, extra: { elsewhere } },
      );
    }
    case "invalid":
      return refuseSubmission(
        submission,
        { formErrors: [`${LOGIN_FAILED_PREFIX}${PRESS_MESSAGES.loginInvalid}`], hideFields: HIDDEN },
        { status: 401, extra: { elsewhere: null } },
      );
    default:
      result satisfies never;
      throw new Error("unreachable");
  }
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
  const [form, fields] = useConsoleForm({ id: "admin-login", schema: SignInFormSchema, lastResult: actionData?.result });
  const elsewhere = actionData?.elsewhere ?? null;
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
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
          <Field meta={fields.email!} label="이메일" type="email" autoComplete="username" maxLength={254} />
          <Field meta={fields.password!} label="비밀번호" type="password" autoComplete="current-password" maxLength={1024} />
          <ErrorList id={form.errorId} errors={busy ? null : form.errors} />
          {elsewhere && !busy ? <WrongSiteHelp elsewhere={elsewhere} /> : null}
          <button type="submit" className="button button--brand admin-login__submit" disabled={busy}>
            {busy ? "로그인 중…" : "로그인"}
          </button>
        </Form>
      </section>
    </main>
  );
}

/** Where a person whose password is right but who works on other sites signs in instead. */
function WrongSiteHelp({ elsewhere }: { elsewhere: ReadonlyArray<{ projectName: string; loginUrl: string }> }) {
  if (elsewhere.length === 0) return <p className="admin-field__hint">{SIGN_IN_TEXT.wrongSiteUnknown}</p>;
  return (
    <div className="admin-login__elsewhere">
      <p className="admin-field__hint">{SIGN_IN_TEXT.wrongSiteElsewhere}</p>
      <ul>
        {elsewhere.map((site) => (
          <li key={site.loginUrl}>
            <a href={site.loginUrl}>{site.projectName}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
