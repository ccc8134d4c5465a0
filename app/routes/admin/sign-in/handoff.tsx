import { data, Form, redirect, useNavigation } from "react-router";
import { CONSOLE_LOGIN_PATH } from "#app/.server/auth/sign-in.ts";
import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { requireSite } from "#app/.server/site.ts";
import { declineHandoff, findHandoff, finishHandoff } from "#app/.server/site-handoff.ts";
import { SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/handoff";
import "#app/styles/admin.css";

// The key is in this page's address: no other site hears of it (the console's middleware adds its own headers).
const HEADERS = PERSONAL_PAGE_HEADERS;

/**
 * The other end of the site switcher: a one-time key from another of the administrator's sites.
 * Opening it only shows whose account it is; "이 계정으로 계속" posts back and signs in here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const { slug, pack } = requireSite(context);
  const account = await findHandoff(key, slug);
  if (!account) throw redirect(CONSOLE_LOGIN_PATH, { headers: HEADERS });
  return data({ key, projectName: pack.brand.projectName, name: account.name, email: account.email }, { headers: HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const key = String(form.get("key") ?? "");
  const site = requireSite(context).slug;
  if (form.get("intent") === "decline") {
    await declineHandoff(key, site);
    throw redirect(CONSOLE_LOGIN_PATH, { status: 303, headers: HEADERS });
  }
  const setCookie = await finishHandoff(key, site);
  if (!setCookie) throw redirect(CONSOLE_LOGIN_PATH, { status: 303, headers: HEADERS });
  throw redirect("/admin", { status: 303, headers: { ...HEADERS, "Set-Cookie": setCookie } });
}

export const headers: Route.HeadersFunction = () => HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: `${SIGN_IN_TEXT.handoffTitle} | 관리자`,
    description: "",
    path: "/admin/login",
    robots: "noindex,nofollow",
  });

export default function HandoffPage({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { key, projectName, name, email } = loaderData;
  return (
    <main className="admin-login">
      <section className="admin-card admin-login__card" aria-labelledby="handoff-title">
        <p className="admin-login__project">{projectName}</p>
        <h1 id="handoff-title" className="admin-login__title">
          {SIGN_IN_TEXT.handoffTitle}
        </h1>
        <p className="admin-login__intro">{SIGN_IN_TEXT.handoffIntro}</p>
        <dl className="admin-facts">
          <dt>{SIGN_IN_TEXT.handoffAccount}</dt>
          <dd data-testid="handoff-account">
            <strong>{name}</strong> ({email})
          </dd>
          <dt>{SIGN_IN_TEXT.handoffSite}</dt>
          <dd>{projectName}</dd>
        </dl>
        <Form method="post" className="admin-form">
          <input type="hidden" name="key" value={key} />
          <button type="submit" name="intent" value="continue" className="button button--brand admin-login__submit" disabled={busy}>
            {SIGN_IN_TEXT.handoffContinue}
          </button>
          <button type="submit" name="intent" value="decline" className="admin-button admin-button--ghost" disabled={busy}>
            {SIGN_IN_TEXT.handoffDecline}
          </button>
          <p className="admin-field__hint">{SIGN_IN_TEXT.handoffDeclineHint}</p>
        </Form>
      </section>
    </main>
  );
}
