import { getFormProps } from "@conform-to/react";
import { Fragment, useState } from "react";
import { createContext, data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { continueTo, getAdmin, getHalfSignIn, safeReturnTo, signedIn } from "#app/.server/auth/sign-in.ts";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { enrolmentOf, newTotpSecret, totpStep } from "#app/.server/auth/second-factor.ts";
import { hmac, sameSecret } from "#app/.server/secret.ts";
import { requireSite } from "#app/.server/site.ts";
import { enrolSecondFactor } from "#app/.server/auth/staff.ts";
import { displayName, EnrolFormSchema, SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, Field, useConsoleForm } from "../forms.tsx";
import { parseConsoleForm, refuseSubmission } from "../submission.server.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";
import type { Route } from "./+types/enrol";
import "#app/styles/admin.css";

const OFFER_LIFETIME_MS = 15 * 60 * 1000;

/**
 * The key offered to one account, signed with its expiry: the page needs no state between showing
 * the QR code and the first code that confirms it, and a key offered to one account fits no other.
 */
function signOffer(adminId: number, secret: string, expires: number) {
  return `${secret}.${expires.toString(36)}.${hmac("totp-offer", `${adminId}.${secret}.${expires}`).slice(0, 32)}`;
}

function readOffer(adminId: number, offer: unknown, now = Date.now()): { secret: string; expires: number } | null {
  if (typeof offer !== "string") return null;
  const [secret, expiresText, signature] = offer.split(".");
  const expires = Number.parseInt(expiresText ?? "", 36);
  if (!secret || !signature || !Number.isSafeInteger(expires) || expires < now) return null;
  return sameSecret(signature, hmac("totp-offer", `${adminId}.${secret}.${expires}`).slice(0, 32)) ? { secret, expires } : null;
}

/** What the page shows to enrol this key: its otpauth link and QR code, the key as text, and the signed offer the form posts back. */
async function enrolment(
  half: { id: number; email: string },
  issuer: string,
  secret = newTotpSecret(),
  expires = Date.now() + OFFER_LIFETIME_MS,
) {
  const { uri, qrSvg, keyGroups } = await enrolmentOf(secret, { email: half.email, issuer });
  return { email: half.email, offer: signOffer(half.id, secret, expires), uri, qrSvg, keyGroups };
}

const answeredByAction = createContext(false);

/** Enrolling the second factor: at the first sign-in, after an invitation, or after the owner reset it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  const site = requireSite(context);
  const page = { projectName: site.pack.brand.projectName, site: site.slug, returnTo: safeReturnTo(returnTo) ?? null };
  // A form posted without scripts is answered in the same request, after the action (whose session
  // change the request's cookie does not show yet): the action's answer is the page then.
  if (context.get(answeredByAction)) return { ...page, enrolment: null };
  if (await getAdmin(request, context)) throw redirect(continueTo(returnTo));
  const half = await getHalfSignIn(request, context);
  if (!half) throw redirect("/admin/login");
  if (half.enrolled) throw redirect("/admin/login/code");
  return { ...page, enrolment: await enrolment(half.admin, site.pack.brand.projectName) };
}

// After the form is sent the page shows the action's answer; reloading the loader would draw a new key, or leave the recovery codes.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

// A code is good once: a refused one is not shown again.
const HIDDEN = ["code"];

export async function action({ request, context }: Route.ActionArgs) {
  context.set(answeredByAction, true);
  const half = await getHalfSignIn(request, context);
  if (!half || half.enrolled) throw redirect("/admin/login");
  const form = await request.formData();
  const offer = readOffer(half.admin.id, form.get("offer"));
  // An offer past its quarter of an hour: a new key.
  if (!offer) throw redirect(request.url);
  // A refused code shows the same key again (a page sent without scripts has only this answer to show).
  const sameKey = () => enrolment(half.admin, requireSite(context).pack.brand.projectName, offer.secret, offer.expires);
  const refused = { recoveryCodes: null, next: null, account: null };
  const parsed = parseConsoleForm(form, EnrolFormSchema, { hideFields: HIDDEN });
  if (!parsed.ok) return refuseSubmission(parsed.submission, { hideFields: HIDDEN }, { extra: { ...refused, enrolment: await sameKey() } });
  const step = totpStep(offer.secret, parsed.value.code);
  if (step === null) {
    return refuseSubmission(
      parsed.submission,
      { fieldErrors: { code: [SIGN_IN_TEXT.codeInvalid] }, hideFields: HIDDEN },
      { extra: { ...refused, enrolment: await sameKey() } },
    );
  }
  const recoveryCodes = await enrolSecondFactor(half.admin.id, offer.secret, step);
  await recordConsoleAccess(context, half.admin, "auth.second-factor");
  const setCookie = await signedIn(request, context, half.admin, { enrolled: true });
  return data(
    {
      result: parsed.submission.reply({ resetForm: true }),
      recoveryCodes,
      next: continueTo(parsed.value.returnTo),
      account: `${displayName(half.admin)} (${half.admin.email})`,
      enrolment: null,
    },
    { headers: { "Set-Cookie": setCookie } },
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: `${SIGN_IN_TEXT.enrolTitle} | 관리자`,
    description: "",
    path: "/admin/enrol",
    robots: "noindex,nofollow",
  });

export default function EnrolPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const shown = actionData?.enrolment ?? loaderData.enrolment;
  const [form, fields] = useConsoleForm({ id: "enrol", schema: EnrolFormSchema, lastResult: actionData?.result });
  if (actionData?.recoveryCodes) {
    return (
      <main className="admin-login">
        <section className="admin-card admin-login__card admin-login__card--wide" aria-labelledby="recovery-title">
          <RecoveryCodes
            codes={actionData.recoveryCodes}
            account={actionData.account ?? ""}
            projectName={loaderData.projectName}
            site={loaderData.site}
            titleId="recovery-title"
          />
          <Link to={actionData.next ?? "/admin"} className="button button--brand admin-login__submit">
            {SIGN_IN_TEXT.recoveryContinue}
          </Link>
        </section>
      </main>
    );
  }
  if (!shown) return null;
  return (
    <main className="admin-login">
      <section className="admin-card admin-login__card admin-login__card--wide" aria-labelledby="enrol-title">
        <p className="admin-login__project">{loaderData.projectName}</p>
        <h1 id="enrol-title" className="admin-login__title">
          {SIGN_IN_TEXT.enrolTitle}
        </h1>
        <p className="admin-login__intro">{SIGN_IN_TEXT.enrolIntro}</p>
        <p className="admin-enrol__open">
          {/* The same otpauth:// URI the QR code encodes: an app on this phone takes it in one tap. */}
          <a href={shown.uri} className="admin-button admin-enrol__open-link" aria-describedby="enrol-open-hint">
            {SIGN_IN_TEXT.openInApp}
          </a>
          <span id="enrol-open-hint" className="admin-muted">
            {SIGN_IN_TEXT.openInAppHint}
          </span>
        </p>
        {/* The QR code is an SVG the qrcode library drew from the key: no visitor's text is in it. */}
        <div
          className="admin-enrol__qr"
          role="img"
          aria-label="인증 앱에 등록할 QR 코드"
          dangerouslySetInnerHTML={{ __html: shown.qrSvg }}
        />
        <div className="admin-enrol__key">
          <span>{SIGN_IN_TEXT.enrolKey}</span>
          <EnrolmentKey groups={shown.keyGroups} />
          <span className="admin-muted">({shown.email})</span>
        </div>
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <input type="hidden" name="offer" value={shown.offer} />
          {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
          <Field meta={fields.code!} label={SIGN_IN_TEXT.codeLabel} autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
          <ErrorList id={form.errorId} errors={busy ? null : form.errors} />
          <button type="submit" className="button button--brand admin-login__submit" disabled={busy}>
            {busy ? "확인 중…" : SIGN_IN_TEXT.enrolSubmit}
          </button>
        </Form>
      </section>
    </main>
  );
}

/** The key in groups of four, each kept on one line; the copy button gives it without spaces, as apps take it. */
function EnrolmentKey({ groups }: { groups: string[] }) {
  const [copied, setCopied] = useState(false);
  const key = groups.join("");
  return (
    <span className="admin-enrol__key-line">
      <code data-testid="totp-key" data-key={key}>
        {groups.map((group, index) => (
          // The space between groups is outside them: a line may break there, never inside a group.
          <Fragment key={index}>
            {index > 0 ? " " : null}
            <span className="admin-enrol__key-group">{group}</span>
          </Fragment>
        ))}
      </code>
      <button
        type="button"
        className="admin-button admin-button--ghost admin-enrol__copy"
        onClick={() => void navigator.clipboard?.writeText(key).then(() => setCopied(true))}
      >
        {SIGN_IN_TEXT.copyKey}
      </button>
      <span role="status" className="admin-muted">
        {copied ? SIGN_IN_TEXT.copied : ""}
      </span>
    </span>
  );
}
