import { data, Form, redirect, useNavigation } from "react-router";
import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { createSession } from "#app/.server/auth/session.ts";
import { requireSite } from "#app/.server/site.ts";
import { acceptInvitation, findInvitation } from "#app/.server/auth/staff.ts";
import { NewPasswordSchema, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { redirectWithCookie } from "./sign-in.server.ts";
import type { Route } from "./+types/invite";
import "#app/styles/admin.css";

/** An invitation link: the invited person sets their password here, then enrols a second factor. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invited = await findInvitation(params.token);
  const { pack } = requireSite(context);
  return data(
    { projectName: pack.brand.projectName, invited: invited && { name: invited.name, email: invited.email } },
    { status: invited ? 200 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = NewPasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? SIGN_IN_TEXT.passwordHint }, { status: 400 });
  const accepted = await acceptInvitation(params.token, parsed.data.password);
  if (!accepted.ok) {
    if (accepted.reason === "invalid") throw redirect(`/admin/invite/${params.token}`);
    return data({ error: accepted.message }, { status: 400 });
  }
  // The password is set: a half session, and the second factor to enrol.
  const setCookie = await createSession(accepted.adminId, requireSite(context).slug, { complete: false });
  throw redirectWithCookie("/admin/enrol", setCookie);
}

// The address carries the key: it goes to no other site in a Referer.
export const headers: Route.HeadersFunction = () => PERSONAL_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: `${SIGN_IN_TEXT.inviteTitle} | 관리자`,
    description: "",
    path: "/admin/login",
    robots: "noindex,nofollow",
  });

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { invited } = loaderData;
  return (
    <main className="admin-login">
      <section className="admin-card admin-login__card" aria-labelledby="invite-title">
        <p className="admin-login__project">{loaderData.projectName}</p>
        <h1 id="invite-title" className="admin-login__title">
          {SIGN_IN_TEXT.inviteTitle}
        </h1>
        {invited ? (
          <>
            <p className="admin-login__intro">
              {invited.name}님, {SIGN_IN_TEXT.inviteIntro}
            </p>
            <p className="admin-field__hint">
              로그인 아이디: <strong>{invited.email}</strong>
            </p>
            <Form method="post" className="admin-form">
              <input type="email" name="email" autoComplete="username" value={invited.email} readOnly hidden />
              <div className="admin-field">
                <label htmlFor="invite-password">{SIGN_IN_TEXT.passwordLabel}</label>
                <input
                  id="invite-password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  minLength={10}
                  required
                  aria-describedby="invite-password-hint"
                />
                <p id="invite-password-hint" className="admin-field__hint">
                  {SIGN_IN_TEXT.passwordHint}
                </p>
              </div>
              <div className="admin-field">
                <label htmlFor="invite-confirm">{SIGN_IN_TEXT.passwordConfirm}</label>
                <input id="invite-confirm" name="confirm" type="password" autoComplete="new-password" minLength={10} required />
              </div>
              <p className="admin-form__error" role="alert">
                {actionData?.error && !busy ? actionData.error : ""}
              </p>
              <button type="submit" className="button button--brand admin-login__submit" disabled={busy}>
                {busy ? "저장 중…" : "비밀번호 정하고 계속하기"}
              </button>
            </Form>
          </>
        ) : (
          <p className="admin-form__error" role="alert">
            {SIGN_IN_TEXT.inviteInvalid}
          </p>
        )}
      </section>
    </main>
  );
}
