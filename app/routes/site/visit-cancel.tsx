import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { textBudgetOf } from "#app/.server/spam.ts";
import { cancelBookingByLink, changeBookingByLink, findBookingByLink } from "#app/.server/visits/booking-link.ts";
import { alternativesText, listBookableSchedule } from "#app/.server/visits/schedule.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { VisitSlotPicker } from "#app/components/visit-slot-picker.tsx";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";
import { VISIT_MESSAGES } from "#app/forms/visit.ts";
import { VISIT_REFUSALS } from "#app/forms/visit-refusals.ts";
import { VISIT_CANCEL_TEXT, VISIT_LINK_INTENTS } from "#app/forms/visit-pages.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { CallLink } from "#app/components/call-link.tsx";
import { FormsStylesheet } from "#app/components/stylesheets.tsx";
import { wayThereOf } from "#app/.server/content/way-there.ts";
import { entryQrSvg } from "#app/.server/visits/entry-qr.ts";
import { mapLinks } from "#app/utils/maps.ts";
import type { Route } from "./+types/visit-cancel";
import { readWholeNumber } from "#app/forms/numbers.ts";

// A personal page (the visitor's name and booking): never stored by a cache, never indexed, its key in no Referer.
const NO_STORE = PERSONAL_PAGE_HEADERS;

/**
 * A booking's personal link from its text messages: the only way, besides the sales office, to
 * change or cancel a booking (knowing the phone number is not enough; docs/decisions/012).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pack: site, settings } = await effectivePack(requireSite(context, params.site).pack);
  const found = await findBookingByLink(params.token);
  const booking = found.state === "invalid" || found.booking.site !== site.slug ? null : found.booking;
  // A missed visit (노쇼) offers a new time, as its text says.
  const active = booking && (found.state === "active" || found.state === "missed");
  const url = new URL(request.url);
  return data(
    {
      slug: site.slug,
      token: params.token,
      banner: site.leads.visitPage.banner,
      eyebrow: site.brand.nameEn,
      modelHouse: site.modelHouse,
      phone: site.phone,
      state: booking ? found.state : "invalid",
      booking: booking && {
        name: booking.name,
        when: booking.when,
        day: booking.day,
        status: booking.status,
        partySize: booking.partySize,
      },
      changed: url.searchParams.get("changed") === "1",
      /** ?cancel=1: the visitor pressed 예약 취소하기 and is asked to confirm. */
      confirmingCancel: url.searchParams.get("cancel") === "1",
      schedule: active ? await listBookableSchedule(site.slug) : [],
      // The entry QR holds the page's key and nothing else; drawn here, so it shows without scripts.
      entryQr: active ? await entryQrSvg(params.token) : null,
      mapLinks: mapLinks(wayThereOf(site, settings).modelHouse),
    },
    { status: booking ? 200 : 404, headers: NO_STORE },
  );
}

/** Cancel, or change to the chosen time; then the page again (post/redirect/get), or the reason the time was refused. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site).pack;
  requireSameOrigin(request, context);
  const form = await request.formData();
  const intent = VISIT_LINK_INTENTS.find((candidate) => candidate === form.get("intent"));
  const here = `/${site.slug}/visit/${params.token}`;
  if (intent === "cancel") {
    await cancelBookingByLink(params.token);
    throw redirect(here, { status: 303, headers: NO_STORE });
  }
  const slotId = readWholeNumber(form.get("visitSlot"));
  if (intent !== "change" || slotId === undefined) {
    return data({ error: VISIT_MESSAGES.chooseSlot }, { status: 400, headers: NO_STORE });
  }
  const changed = await changeBookingByLink(params.token, slotId, { budget: textBudgetOf(site.slug) });
  if (changed.state === "changed") throw redirect(`${here}?changed=1`, { status: 303, headers: NO_STORE });
  if (changed.state === "unavailable") {
    const message = `${VISIT_REFUSALS[changed.reason]} ${alternativesText(await listBookableSchedule(site.slug), changed.day)}`;
    return data({ error: message }, { status: 409, headers: NO_STORE });
  }
  throw redirect(here, { status: 303, headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: VISIT_CANCEL_TEXT.title,
    description: "",
    path: `/${loaderData?.slug ?? ""}/customer`,
    robots: "noindex,nofollow",
  });

export default function VisitCancelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, token, banner, eyebrow, modelHouse, phone, state, booking, changed, confirmingCancel, schedule, entryQr, mapLinks } =
    loaderData;
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <>
      <FormsStylesheet />
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
              <dt>{VISIT_CANCEL_TEXT.party}</dt>
              <dd>{VISIT_CANCEL_TEXT.people(booking.partySize)}</dd>
              <dt>{VISIT_CANCEL_TEXT.where}</dt>
              <dd>
                {modelHouse.address}
                <span className="visit-way">
                  {mapLinks.map((link) => (
                    <a key={link.app} href={link.href} className={`visit-way__link visit-way__link--${link.app}`} rel="noopener noreferrer">
                      {link.label}
                    </a>
                  ))}
                </span>
              </dd>
              <dt>{LEAD_FORM_TEXT.facts.salesPhone}</dt>
              <dd>
                <CallLink phone={phone} />
              </dd>
            </dl>
          ) : null}
          {state === "active" && booking && entryQr && !confirmingCancel ? (
            <section className="visit-entry" aria-labelledby="visit-entry-title">
              <h3 id="visit-entry-title" className="visit-cancel__subheading">
                {VISIT_CANCEL_TEXT.entryHeading}
              </h3>
              <p>{VISIT_CANCEL_TEXT.entryIntro}</p>
              <img className="visit-entry__qr" src={entryQr} width={220} height={220} alt={VISIT_CANCEL_TEXT.entryAlt(booking.name)} />
              <p className="visit-entry__code">
                {VISIT_CANCEL_TEXT.entryCode} <code>{token}</code>
              </p>
              <a className="lead-secondary visit-entry__calendar" href={`/${slug}/visit/${token}/calendar.ics`} download>
                {VISIT_CANCEL_TEXT.calendar}
              </a>
            </section>
          ) : null}
          <div role="status" className="visit-cancel__state">
            {state === "active" && booking && confirmingCancel ? (
              <Form
                method="post"
                replace
                action={`/${slug}/visit/${token}`}
                className="visit-cancel__cancel visit-cancel__confirm"
                id="cancel"
              >
                <h3 className="visit-cancel__subheading">{VISIT_CANCEL_TEXT.confirmQuestion(booking.when)}</h3>
                <p>{VISIT_CANCEL_TEXT.confirmNote}</p>
                <div className="visit-cancel__actions">
                  <button type="submit" name="intent" value="cancel" className="lead-submit" disabled={busyWith === "cancel"}>
                    {busyWith === "cancel" ? VISIT_CANCEL_TEXT.cancelling : VISIT_CANCEL_TEXT.confirmYes}
                  </button>
                  <Link to={`/${slug}/visit/${token}`} replace className="lead-secondary">
                    {VISIT_CANCEL_TEXT.confirmNo}
                  </Link>
                </div>
              </Form>
            ) : (state === "active" || state === "missed") && booking ? (
              <>
                {changed ? <p className="lead-result lead-result--success">{VISIT_CANCEL_TEXT.changed}</p> : null}
                {state === "missed" ? <p className="lead-result">{VISIT_CANCEL_TEXT.missed}</p> : null}
                {schedule.length > 0 ? (
                  <Form method="post" replace className="visit-cancel__change">
                    <h3 className="visit-cancel__subheading">{VISIT_CANCEL_TEXT.change}</h3>
                    <p>{VISIT_CANCEL_TEXT.changeIntro}</p>
                    {/* Opens on the booked day: a visitor moving their time usually keeps the day. */}
                    <VisitSlotPicker schedule={schedule} error={actionData?.error} initial={{ visitDate: booking.day }} />
                    <button type="submit" name="intent" value="change" className="lead-submit" disabled={busyWith === "change"}>
                      {busyWith === "change" ? VISIT_CANCEL_TEXT.changing : VISIT_CANCEL_TEXT.changeSubmit}
                    </button>
                  </Form>
                ) : null}
                <div className="visit-cancel__cancel" hidden={state === "missed"}>
                  <h3 className="visit-cancel__subheading">{VISIT_CANCEL_TEXT.cancelHeading}</h3>
                  <p>{VISIT_CANCEL_TEXT.confirm}</p>
                  <Link to={`/${slug}/visit/${token}?cancel=1#cancel`} replace className="lead-secondary">
                    {VISIT_CANCEL_TEXT.cancel}
                  </Link>
                </div>
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
