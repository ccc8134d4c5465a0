import { data, Form, Link, redirect, useNavigation } from "react-router";
import { continueTo, getAdmin, getHalfSignIn, nextStepPath, safeReturnTo, verifySecondFactor } from "#app/.server/auth/sign-in.ts";
import { requireSite } from "#app/.server/site.ts";
import { CodeFormSchema, codeInvalidMessage, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { redirectWithCookie } from "./sign-in.server.ts";
import type { Route } from "./+types/login-code";
import "#app/styles/admin.css";

/** The second step of signing in: a code from the authenticator app, or one of the recovery codes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = url.searchParams.get("returnTo");
  if (await getAdmin(request, context)) throw redirect(continueTo(returnTo));
  const half = await getHalfSignIn(request, context);
  if (!half) throw redirect("/admin/login");
  if (!half.enrolled) throw redirect(nextStepPath("enrol", returnTo));
  return {
    projectName: requireSite(context).pack.brand.projectName,
    returnTo: safeReturnTo(returnTo) ?? null,
    recovery: url.searchParams.get("recovery") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = CodeFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: SIGN_IN_TEXT.codeInvalid }, { status: 400 });
  const recovery = parsed.data.recovery === "1";
  const result = await verifySecondFactor(request, context, { code: parsed.data.code, recovery });
  if (result.ok) throw redirectWithCookie(continueTo(parsed.data.returnTo), result.setCookie);
  // Too many wrong codes, or the half session ran out: back to the password.
  if (result.reason === "ended") {
    const login = new URLSearchParams(result.why === "codes" ? { ended: "codes" } : {});
    const returnTo = safeReturnTo(parsed.data.returnTo);
    if (returnTo) login.set("returnTo", returnTo);
    throw redirectWithCookie(`/admin/login${login.size > 0 ? `?${login}` : ""}`, result.setCookie);
  }
  return data({ error: codeInvalidMessage(recovery, result.attemptsLeft) }, { status: 401 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: `${SIGN_IN_TEXT.codeTitle} | 관리자`,
    description: "",
    path: "/admin/login/code",
    robots: "noindex,nofollow",
  });

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { recovery, returnTo } = loaderData;
  const back = (recoveryMode: boolean) => {
    const params = new URLSearchParams();
    if (returnTo) params.set("returnTo", returnTo);
    if (recoveryMode) params.set("recovery", "1");
    const query = params.toString();
    return `/admin/login/code${query ? `?${query}` : ""}`;
  };
  return (
    <main className="admin-login">
      <section className="admin-card admin-login__card" aria-labelledby="code-title">
        <p className="admin-login__project">{loaderData.projectName}</p>
        <h1 id="code-title" className="admin-login__title">
          {SIGN_IN_TEXT.codeTitle}
        </h1>
        {recovery ? null : <p className="admin-login__intro">{SIGN_IN_TEXT.codeIntro}</p>}
        <Form method="post" className="admin-form">
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          {recovery ? <input type="hidden" name="recovery" value="1" /> : null}
          <div className="admin-field">
            <label htmlFor="second-factor-code">{recovery ? SIGN_IN_TEXT.recoveryLabel : SIGN_IN_TEXT.codeLabel}</label>
            <input
              id="second-factor-code"
              name="code"
              type="text"
              autoComplete="one-time-code"
              inputMode={recovery ? "text" : "numeric"}
              pattern={recovery ? undefined : "[0-9 ]{6,7}"}
              maxLength={recovery ? 20 : 7}
              autoFocus
              required
            />
          </div>
          <p className="admin-form__error" role="alert">
            {actionData && !busy ? actionData.error : ""}
          </p>
          <button type="submit" className="button button--brand admin-login__submit" disabled={busy}>
            {busy ? "확인 중…" : "로그인"}
          </button>
        </Form>
        <p className="admin-login__alternative">
          <Link to={back(!recovery)} replace>
            {recovery ? SIGN_IN_TEXT.useCode : SIGN_IN_TEXT.useRecovery}
          </Link>
        </p>
      </section>
    </main>
  );
}
