import { createContext, data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { continueTo, getAdmin, getHalfSignIn, safeReturnTo, signedIn } from "#app/.server/auth/sign-in.ts";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { enrolmentOf, newTotpSecret, totpStep } from "#app/.server/auth/second-factor.ts";
import { hmac, sameSecret } from "#app/.server/secret.ts";
import { requireSite } from "#app/.server/site.ts";
import { enrolSecondFactor } from "#app/.server/auth/staff.ts";
import { SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
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

/** What the page shows to enrol this key: its QR code, the key as text, and the signed offer the form posts back. */
async function enrolment(
  half: { id: number; email: string },
  issuer: string,
  secret = newTotpSecret(),
  expires = Date.now() + OFFER_LIFETIME_MS,
) {
  const { qrSvg, keyText } = await enrolmentOf(secret, { email: half.email, issuer });
  return { email: half.email, offer: signOffer(half.id, secret, expires), qrSvg, keyText };
}

const answeredByAction = createContext(false);

/** Enrolling the second factor: at the first sign-in, after an invitation, or after the owner reset it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = new URL(request.url).searchParams.get("returnTo");
  const site = requireSite(context);
  const page = { projectName: site.pack.brand.projectName, returnTo: safeReturnTo(returnTo) ?? null };
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

export async function action({ request, context }: Route.ActionArgs) {
  context.set(answeredByAction, true);
  const half = await getHalfSignIn(request, context);
  if (!half || half.enrolled) throw redirect("/admin/login");
  const form = await request.formData();
  const offer = readOffer(half.admin.id, form.get("offer"));
  // An offer past its quarter of an hour: a new key.
  if (!offer) throw redirect(request.url);
  const step = totpStep(offer.secret, String(form.get("code") ?? ""));
  if (step === null) {
    const again = await enrolment(half.admin, requireSite(context).pack.brand.projectName, offer.secret, offer.expires);
    return data({ error: SIGN_IN_TEXT.codeInvalid, recoveryCodes: null, next: null, enrolment: again }, { status: 400 });
  }
  const recoveryCodes = await enrolSecondFactor(half.admin.id, offer.secret, step);
  await recordConsoleAccess(context, half.admin, "auth.second-factor");
  const setCookie = await signedIn(request, context, half.admin, { enrolled: true });
  return data(
    { error: null, recoveryCodes, next: continueTo(form.get("returnTo")), enrolment: null },
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
  if (actionData?.recoveryCodes) {
    return (
      <main className="admin-login">
        <section className="admin-card admin-login__card" aria-labelledby="recovery-title">
          <h1 id="recovery-title" className="admin-login__title">
            {SIGN_IN_TEXT.recoveryTitle}
          </h1>
          <p className="admin-login__intro">{SIGN_IN_TEXT.recoveryIntro}</p>
          <ol className="admin-recovery-codes" aria-label={SIGN_IN_TEXT.recoveryTitle}>
            {actionData.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
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
        {/* The QR code is an SVG the qrcode library drew from the key: no visitor's text is in it. */}
        <div
          className="admin-enrol__qr"
          role="img"
          aria-label="인증 앱에 등록할 QR 코드"
          dangerouslySetInnerHTML={{ __html: shown.qrSvg }}
        />
        <p className="admin-enrol__key">
          <span>{SIGN_IN_TEXT.enrolKey}</span>
          <code data-testid="totp-key">{shown.keyText}</code>
          <span className="admin-muted">({shown.email})</span>
        </p>
        <Form method="post" className="admin-form">
          <input type="hidden" name="offer" value={shown.offer} />
          {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
          <div className="admin-field">
            <label htmlFor="enrol-code">{SIGN_IN_TEXT.codeLabel}</label>
            <input
              id="enrol-code"
              name="code"
              type="text"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
            />
          </div>
          <p className="admin-form__error" role="alert">
            {actionData?.error && !busy ? actionData.error : ""}
          </p>
          <button type="submit" className="button button--brand admin-login__submit" disabled={busy}>
            {busy ? "확인 중…" : SIGN_IN_TEXT.enrolSubmit}
          </button>
        </Form>
      </section>
    </main>
  );
}
