import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { continueTo, getAdmin, getHalfSignIn, nextStepPath, safeReturnTo, verifySecondFactor } from "#app/.server/auth/sign-in.ts";
import { requireSite } from "#app/.server/site.ts";
import { CodeFormSchema, codeInvalidMessage, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, Field, useConsoleForm } from "../forms.tsx";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
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

// A code is good once: a refused one is not shown again.
const HIDDEN = ["code"];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseConsoleForm(await request.formData(), CodeFormSchema, { hideFields: HIDDEN });
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const recovery = post.recovery === "1";
  const result = await verifySecondFactor(request, context, { code: post.code, recovery });
  if (result.ok) throw redirectWithCookie(continueTo(post.returnTo), result.setCookie);
  // Too many wrong codes, or the half session ran out: back to the password.
  if (result.reason === "ended") {
    const login = new URLSearchParams(result.why === "codes" ? { ended: "codes" } : {});
    const returnTo = safeReturnTo(post.returnTo);
    if (returnTo) login.set("returnTo", returnTo);
    throw redirectWithCookie(`/admin/login${login.size > 0 ? `?${login}` : ""}`, result.setCookie);
  }
  const error = codeInvalidMessage(recovery, result.attemptsLeft);
  return refuseSubmission(parsed.submission, { fieldErrors: { code: [error] }, hideFields: HIDDEN }, { status: 401 });
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
  const [form, fields] = useConsoleForm({ id: "second-factor", schema: CodeFormSchema, lastResult: actionData?.result });
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
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          {recovery ? <input type="hidden" name="recovery" value="1" /> : null}
          <Field
            meta={fields.code!}
            label={recovery ? SIGN_IN_TEXT.recoveryLabel : SIGN_IN_TEXT.codeLabel}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            maxLength={recovery ? 20 : 7}
            autoFocus
          />
          <ErrorList id={form.errorId} errors={busy ? null : form.errors} />
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
