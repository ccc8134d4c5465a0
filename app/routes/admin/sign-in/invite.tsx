import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { createSession } from "#app/.server/auth/session.ts";
import { requireSite } from "#app/.server/site.ts";
import { acceptInvitation, findInvitation } from "#app/.server/auth/staff.ts";
import { NewPasswordSchema, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, useConsoleForm } from "../forms.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
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

// Passwords are never sent back.
const HIDDEN = ["password", "confirm"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = parseConsoleForm(await request.formData(), NewPasswordSchema, { hideFields: HIDDEN });
  if (!parsed.ok) return parsed.refused;
  const accepted = await acceptInvitation(params.token, parsed.value.password);
  if (!accepted.ok) {
    if (accepted.reason === "invalid") throw redirect(`/admin/invite/${params.token}`);
    return refuseSubmission(parsed.submission, { fieldErrors: { password: [accepted.message] }, hideFields: HIDDEN });
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
  const [form, fields] = useConsoleForm({ id: "invite", schema: NewPasswordSchema, lastResult: actionData?.result });
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
            <Form method="post" className="admin-form" {...getFormProps(form)}>
              <input type="email" name="email" autoComplete="username" value={invited.email} readOnly hidden />
              <NewPasswordFields password={fields.password!} confirm={fields.confirm!} />
              <ErrorList id={form.errorId} errors={busy ? null : form.errors} />
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
