import { data, Form, redirect, useNavigation } from "react-router";
import { refuseCrossSitePost } from "#app/.server/csrf.ts";
import { CACHE_CONTROL, PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { submitWaitlistForm } from "#app/.server/visits/waitlist-join.ts";
import { waitlistSlot } from "#app/.server/visits/waitlist.ts";
import { ConsentField } from "#app/components/consent-field.tsx";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { ContactFields, SpamGuardFields } from "#app/components/lead-form.tsx";
import { FormsStylesheet } from "#app/components/stylesheets.tsx";
import { PartySizeField } from "#app/components/visit-form.tsx";
import { readWholeNumber } from "#app/forms/numbers.ts";
import { DEFAULT_MAX_PARTY_SIZE } from "#app/forms/visit.ts";
import { WAITLIST_TEXT } from "#app/forms/visit-pages.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import type { Route } from "./+types/waitlist";

/**
 * 대기 신청 for a full time (/{site}/waitlist?slot=…), reached from the booking form's full times.
 * A plain form: with scripts React Router posts it in place, without it the browser posts it; either
 * way a success redirects to ?done=1 with the place in line (the personal link goes only by text).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pack: site } = await effectivePack(requireSite(context, params.site).pack);
  const url = new URL(request.url);
  const slotId = readWholeNumber(url.searchParams.get("slot"));
  const slot = slotId === undefined ? null : await waitlistSlot(site.slug, slotId);
  const position = readWholeNumber(url.searchParams.get("position"));
  return data(
    {
      slug: site.slug,
      banner: site.leads.visitPage.banner,
      eyebrow: site.brand.nameEn,
      consent: site.leads.consent,
      maxPartySize: site.leads.visits.maxPartySize ?? DEFAULT_MAX_PARTY_SIZE,
      slot,
      joined: url.searchParams.get("done") === "1" && slot && position ? { when: slot.when, position } : null,
    },
    // Places in line change by the minute; the answer names the visitor's place.
    { headers: url.searchParams.get("done") === "1" ? PERSONAL_PAGE_HEADERS : { "Cache-Control": CACHE_CONTROL.private } },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site).pack;
  refuseCrossSitePost(request, context);
  const submission = await submitWaitlistForm(request, context);
  const headers = { "Cache-Control": CACHE_CONTROL.private };
  if (submission.ok) {
    throw redirect(`/${site.slug}/waitlist?slot=${submission.slotId}&done=1&position=${submission.position}`, { status: 303, headers });
  }
  return data(
    { message: submission.message, errors: submission.errors, values: submission.values },
    { status: submission.status, headers },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: WAITLIST_TEXT.title,
    description: WAITLIST_TEXT.intro[0],
    path: `/${loaderData?.slug ?? ""}/waitlist`,
    robots: "noindex,nofollow",
  });

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, banner, eyebrow, consent, maxPartySize, slot, joined } = loaderData;
  const busy = useNavigation().state === "submitting";
  // With scripts the server's messages show beside each field (as on the booking form); without, the browser checks first.
  const hydrated = useHydrated();
  const errors = actionData?.errors ?? {};
  return (
    <>
      <FormsStylesheet />
      <PageBanner banner={banner} eyebrow={eyebrow} />
      <section className="lead-page waitlist">
        <div className="lead-page__intro">
          <h2 className="lead-page__heading">{WAITLIST_TEXT.heading}</h2>
          {WAITLIST_TEXT.intro.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {slot ? (
            <dl className="lead-page__facts">
              <dt>{WAITLIST_TEXT.when}</dt>
              <dd>{slot.when}</dd>
            </dl>
          ) : null}
        </div>
        <div className="lead-card">
          <div className="lead-result-region" role="status" aria-live="polite">
            {joined ? (
              <div className="lead-result lead-result--success">
                <p className="lead-result__message">{WAITLIST_TEXT.joined(joined.when, joined.position)}</p>
              </div>
            ) : actionData?.message ? (
              <p className="lead-result lead-result--failure">{actionData.message}</p>
            ) : null}
          </div>
          {joined ? null : !slot ? (
            <p className="lead-result lead-result--failure">{WAITLIST_TEXT.noSlot}</p>
          ) : slot.state === "open" ? (
            <p className="lead-result">{WAITLIST_TEXT.hasRoom}</p>
          ) : (
            <Form method="post" className="lead-form" replace noValidate={hydrated}>
              <p className="lead-field__hint">
                {WAITLIST_TEXT.waiting(slot.waiting)} {WAITLIST_TEXT.holdNote(slot.holdMinutes)}
              </p>
              <SpamGuardFields kind="visit" />
              <input type="hidden" name="visitSlot" value={slot.slotId} />
              <ContactFields errors={errors} values={actionData?.values} phoneHint />
              <PartySizeField max={maxPartySize} error={errors.partySize} value={actionData?.values?.partySize} />
              {errors.visitSlot && errors.visitSlot !== actionData?.message ? (
                <p className="lead-field__error">{errors.visitSlot}</p>
              ) : null}
              <ConsentField consent={consent} error={errors.consent} />
              <button type="submit" className="lead-submit" disabled={busy}>
                {busy ? WAITLIST_TEXT.busy : WAITLIST_TEXT.submit}
              </button>
            </Form>
          )}
          {joined || !slot || slot.state === "open" ? (
            <a className="lead-secondary" href={`/${slug}/customer`}>
              {slot?.state === "open" && !joined ? WAITLIST_TEXT.bookInstead : WAITLIST_TEXT.backToBooking}
            </a>
          ) : null}
        </div>
      </section>
    </>
  );
}
