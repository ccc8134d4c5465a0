import { data } from "react-router";
import { refuseCrossSitePost } from "#app/.server/csrf.ts";
import { submitLeadForm } from "#app/.server/leads/submit.ts";
import { isReceiptNumber } from "#app/.server/leads/receipts.ts";
import { plainPostAnswer } from "./plain-post.server.ts";
import { bookedSlotLabel, listBookableSchedule, scheduleChangesAt, visitFormIntro } from "#app/.server/visits/schedule.ts";
import { successMessage } from "#app/forms/visit.ts";
import { pageHeaders } from "#app/utils/headers.ts";
import { livePageHeaders, PERSONAL_PAGE_HEADERS } from "#app/.server/http.ts";
import { showsVisitorsOwnBooking } from "#app/.server/personal-pages.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { DeferredVisitForm } from "#app/components/deferred-visit-form.tsx";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";
import { CallLink } from "#app/components/call-link.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { wayThereOf } from "#app/.server/content/way-there.ts";
import { mapLinks } from "#app/utils/maps.ts";
import type { Route } from "./+types/customer";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { pack: site, settings } = await effectivePack(requireSite(context, params.site).pack);
  const url = new URL(request.url);
  const schedule = await listBookableSchedule(site.slug);
  const bookedLabel = await bookedSlotLabel(site.slug, url.searchParams.get("slot"));
  // The answer page is the visitor's own (private, no-store), so it may repeat their receipt number.
  const receiptNumber = isReceiptNumber(url.searchParams.get("receipt")) ? url.searchParams.get("receipt") : null;
  return data(
    {
      slug: site.slug,
      page: { ...site.leads.visitPage, intro: visitFormIntro(site, schedule) },
      consent: site.leads.consent,
      eyebrow: site.brand.nameEn,
      phone: site.phone,
      consultationHours: site.consultationHours,
      modelHouse: site.modelHouse,
      // The way to the model house in the map apps, on the form and on its answer alike.
      mapLinks: mapLinks(wayThereOf(site, settings).modelHouse),
      done: url.searchParams.get("done") === "1",
      // Worded here, not in the page: the words live beside the visit form's code, which the page
      // fetches only when the form comes near the screen (DeferredVisitForm).
      doneMessage:
        bookedLabel || receiptNumber ? successMessage("visit", bookedLabel ? { label: bookedLabel } : null, receiptNumber) : undefined,
      schedule,
      unitTypes: site.units.map((type) => type.key),
      maxPartySize: site.leads.visits.maxPartySize,
    },
    // The answer to a booking names its time: the visitor's own, not a page to share.
    { headers: showsVisitorsOwnBooking(url) ? PERSONAL_PAGE_HEADERS : livePageHeaders(schedule.length > 0, scheduleChangesAt(schedule)) },
  );
}

export const headers = pageHeaders;

/** The plain form post (no JavaScript): post/redirect/get on success, the page again with messages otherwise. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const site = requireSite(context, params.site).pack;
  refuseCrossSitePost(request, context);
  const submission = await submitLeadForm("visit", request, context);
  const slot = submission.ok && submission.booked ? `&slot=${submission.booked.slotId}` : "";
  const receipt = submission.ok && submission.receiptNumber ? `&receipt=${submission.receiptNumber}` : "";
  return plainPostAnswer(submission, `/${site.slug}/customer?done=1${slot}${receipt}`);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: `/${loaderData?.slug ?? ""}/customer`,
    ...(loaderData?.done ? { robots: "noindex,nofollow" } : {}),
  });

export default function VisitReservationPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    slug,
    page,
    consent,
    eyebrow,
    phone,
    consultationHours,
    modelHouse,
    mapLinks,
    done,
    schedule,
    doneMessage,
    unitTypes,
    maxPartySize,
  } = loaderData;
  return (
    <>
      <PageBanner banner={page.banner} eyebrow={eyebrow} />
      <section className="lead-page">
        <div className="lead-page__intro">
          <h2 className="lead-page__heading">{page.heading}</h2>
          {page.intro.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <dl className="lead-page__facts">
            <dt>{LEAD_FORM_TEXT.facts.modelHouse}</dt>
            <dd>
              {modelHouse.address}
              <span className="visit-way">
                {mapLinks.map((link) => (
                  <a key={link.app} href={link.href} className="visit-way__link" rel="noopener noreferrer">
                    {link.label}
                  </a>
                ))}
              </span>
            </dd>
            <dt>{LEAD_FORM_TEXT.facts.hours}</dt>
            <dd>{modelHouse.hours}</dd>
            <dt>{LEAD_FORM_TEXT.facts.salesPhone}</dt>
            <dd>
              <CallLink phone={phone} className="lead-page__phone" />
              <span className="lead-page__hours">{consultationHours}</span>
            </dd>
          </dl>
        </div>
        <DeferredVisitForm
          site={slug}
          consent={consent}
          schedule={schedule}
          maxPartySize={maxPartySize}
          done={done}
          doneMessage={doneMessage}
          initial={actionData}
          unitTypes={unitTypes}
        />
      </section>
    </>
  );
}
