import { data, Form, redirect, useNavigation } from "react-router";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { requireSite } from "#app/.server/site.ts";
import { cancelBookingByToken, findBookingByToken } from "#app/.server/visits/cancel-link.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";
import { VISIT_CANCEL_TEXT } from "#app/forms/visit.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone, telHref } from "#app/utils/phone.ts";
import type { Route } from "./+types/visit-cancel";
import "#app/styles/forms.css";

// A personal page (the visitor's name and booking): never stored by a cache, never indexed.
const NO_STORE = { "Cache-Control": CACHE_CONTROL.private };

export async function loader({ params }: Route.LoaderArgs) {
  const site = requireSite(params.site);
  const found = await findBookingByToken(params.token);
  const booking = found.state === "invalid" || found.booking.site !== site.slug ? null : found.booking;
  return data(
    {
      slug: site.slug,
      banner: site.leads.visitPage.banner,
      eyebrow: site.brand.nameEn,
      modelHouse: site.modelHouse,
      phone: site.phone,
      state: booking ? found.state : "invalid",
      booking: booking && { name: booking.name, when: booking.when, status: booking.status },
    },
    { status: booking ? 200 : 404, headers: NO_STORE },
  );
}

/** The one button: cancels, then shows the page again (post/redirect/get), now saying it is cancelled. */
export async function action({ params, request }: Route.ActionArgs) {
  const site = requireSite(params.site);
  requireSameOrigin(request);
  await cancelBookingByToken(params.token);
  throw redirect(`/${site.slug}/visit/${params.token}`, { status: 303, headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: VISIT_CANCEL_TEXT.title,
    description: "",
    path: `/${loaderData?.slug ?? ""}/customer`,
    robots: "noindex,nofollow",
  });

export default function VisitCancelPage({ loaderData }: Route.ComponentProps) {
  const { slug, banner, eyebrow, modelHouse, phone, state, booking } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageBanner banner={banner} eyebrow={eyebrow} />
      <section className="lead-page visit-cancel">
        <div className="lead-card">
          <h2 className="lead-page__heading">{VISIT_CANCEL_TEXT.heading}</h2>
          {booking ? (
            <dl className="lead-page__facts">
              <dt>{VISIT_CANCEL_TEXT.visitor}</dt>
              <dd>{booking.name}</dd>
              <dt>{VISIT_CANCEL_TEXT.when}</dt>
              <dd>{booking.when}</dd>
              <dt>{VISIT_CANCEL_TEXT.where}</dt>
              <dd>{modelHouse.address}</dd>
              <dt>{LEAD_FORM_TEXT.facts.salesPhone}</dt>
              <dd>
                <a href={telHref(phone)}>{formatPhone(phone)}</a>
              </dd>
            </dl>
          ) : null}
          <div role="status" className="visit-cancel__state">
            {state === "active" ? (
              <>
                <p>{VISIT_CANCEL_TEXT.confirm}</p>
                <Form method="post" replace>
                  <button type="submit" className="lead-submit" disabled={busy}>
                    {busy ? VISIT_CANCEL_TEXT.cancelling : VISIT_CANCEL_TEXT.cancel}
                  </button>
                </Form>
              </>
            ) : state === "cancelled" && booking?.status !== "visited" && booking?.status !== "no_show" ? (
              <>
                <p className="lead-result lead-result--success">{VISIT_CANCEL_TEXT.cancelled}</p>
                <a className="lead-secondary" href={`/${slug}/customer`}>
                  {VISIT_CANCEL_TEXT.bookAgain}
                </a>
              </>
            ) : state === "cancelled" ? (
              <p className="lead-result lead-result--failure">{VISIT_CANCEL_TEXT.otherStatus}</p>
            ) : state === "expired" ? (
              <p className="lead-result lead-result--failure">{VISIT_CANCEL_TEXT.expired}</p>
            ) : (
              <p className="lead-result lead-result--failure">{VISIT_CANCEL_TEXT.invalid}</p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
