import { useHydrated } from "#app/utils/use-hydrated.ts";
import { useRef } from "react";
import { Link } from "react-router";
import { refuseCrossSitePost } from "#app/.server/csrf.ts";
import { submitLeadForm } from "#app/.server/leads/submit.ts";
import { pageHeaders } from "#app/utils/headers.ts";
import { plainPostAnswer } from "./plain-post.server.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { listBookableSchedule } from "#app/.server/visits/schedule.ts";
import { publicUnit } from "#app/.server/units/interest.ts";
import { ConsentField } from "#app/components/consent-field.tsx";
import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { SubMenu } from "#app/components/frame/sub-menu.tsx";
import {
  answerOf,
  ContactFields,
  MessageField,
  ResultText,
  SpamGuardFields,
  SubmitButton,
  useAnswerInView,
  useLeadSubmission,
} from "#app/components/lead-form.tsx";
import { Picture } from "#app/components/picture.tsx";
import { UnitInterestField } from "#app/components/unit-interest-field.tsx";
import type { LeadConsent } from "#app/content/types.ts";
import { BOOK_BY_TIME_TEXT, LEAD_FORM_TEXT, LEAD_MESSAGES } from "#app/forms/lead.ts";
import type { FieldErrors, FormValues } from "#app/forms/lead-schema.ts";
import { shareImageUrl } from "#app/utils/image-variants.js";
import { absoluteUrl, seo, siteSeoFrom } from "#app/utils/meta.ts";
import { CallLink } from "#app/components/call-link.tsx";
import { formatPhone } from "#app/utils/phone.ts";
import type { Route } from "./+types/inquiry";

const PATH = "/Promotion/Customer";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pack: site } = await effectivePack(requireSite(context).pack);
  const url = new URL(request.url);
  const unitParam = Number(url.searchParams.get("unit"));
  const [schedule, unit] = await Promise.all([
    listBookableSchedule(site.slug),
    // A unit id is an `integer` column: anything past it names no unit (and would make the query fail).
    Number.isInteger(unitParam) && unitParam > 0 && unitParam <= 2_147_483_647 ? publicUnit(site.slug, unitParam) : null,
  ]);
  return {
    unitTypes: site.units.map((type) => type.key),
    unit,
    /** While a time can be booked, the page sends visitors to the booking instead of taking a visit time as text. */
    booking: schedule.some((day) => day.bookable) ? `/${site.slug}/customer` : null,
    page: site.leads.inquiryPage,
    consent: site.leads.consent,
    eyebrow: site.brand.nameEn,
    group: site.menu.find((group) => group.subMenu.some((item) => item.subUrl === PATH)),
    company: site.company,
    modelHouse: site.modelHouse,
    phone: site.phone,
    consultationHours: site.consultationHours,
    done: url.searchParams.get("done") === "1",
  };
}

/** The plain form post (no JavaScript): post/redirect/get on success, the page again with messages otherwise. */
export async function action({ request, context }: Route.ActionArgs) {
  refuseCrossSitePost(request, context);
  const submission = await submitLeadForm("inquiry", request, context);
  return plainPostAnswer(submission, `${PATH}?done=1`);
}

export const headers = pageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteSeoFrom(matches);
  if (!loaderData) return seo(site, { title: "", description: "", path: PATH });
  const { page, company, modelHouse, phone } = loaderData;
  const telephone = formatPhone(phone);
  return seo(site, {
    title: page.title,
    description: page.description,
    path: PATH,
    jsonLd: site
      ? {
          "@context": "https://schema.org",
          "@type": "RealEstateAgent",
          name: company.name,
          url: absoluteUrl(site.siteUrl, PATH),
          image: absoluteUrl(site.siteUrl, shareImageUrl(page.image.src)),
          telephone,
          address: { "@type": "PostalAddress", streetAddress: modelHouse.address, addressCountry: "KR" },
          contactPoint: {
            "@type": "ContactPoint",
            telephone,
            contactType: "sales",
            areaServed: "KR",
            availableLanguage: ["ko"],
            hoursAvailable: {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
              opens: "00:00",
              closes: "23:59",
            },
          },
        }
      : undefined,
  });
};

export default function InquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, consent, eyebrow, group, phone, consultationHours, done, booking, unitTypes, unit } = loaderData;
  return (
    <>
      <PageBanner banner={page.banner} eyebrow={eyebrow} />
      {group ? <SubMenu group={group} current={PATH} /> : null}
      <section className="lead-page">
        <div className="lead-page__intro">
          <h2 className="lead-page__heading">{page.heading}</h2>
          {page.intro.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {booking ? (
            <p className="lead-page__booking">
              {BOOK_BY_TIME_TEXT.note}{" "}
              <Link to={booking} className="lead-page__booking-link">
                {BOOK_BY_TIME_TEXT.link}
              </Link>
            </p>
          ) : null}
          <Picture image={page.image} sizes="(max-width: 900px) 100vw, 40vw" className="lead-page__image" />
          <dl className="lead-page__facts">
            <dt>{LEAD_FORM_TEXT.facts.consultation}</dt>
            <dd>
              <CallLink phone={phone} className="lead-page__phone" />
              <span className="lead-page__hours">{consultationHours}</span>
            </dd>
          </dl>
        </div>
        <InquiryForm consent={consent} done={done} initial={actionData} unitTypes={unitTypes} unit={unit} />
      </section>
    </>
  );
}

/** Idle, sending (busy label), then the result above a form that is cleared on success. */
function InquiryForm({
  consent,
  done,
  initial,
  unitTypes,
  unit,
}: {
  consent: LeadConsent;
  done: boolean;
  initial?: { errors?: FieldErrors; values?: FormValues; message?: string };
  unitTypes: string[];
  unit: { id: number; label: string; typeKey: string } | null;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { status, errors, submit, revalidate, prepare } = useLeadSubmission("inquiry", initial?.errors);
  const resultRef = useRef<HTMLParagraphElement>(null);
  useAnswerInView(resultRef, answerOf(status));
  const result =
    status.state === "done" || status.state === "failed"
      ? status
      : status.state === "editing" && done && !initial
        ? { state: "done" as const, message: LEAD_MESSAGES.inquirySuccess }
        : initial?.message
          ? { state: "failed" as const, message: initial.message }
          : null;

  return (
    <div className="lead-card inquiry-form">
      <div className="lead-result-region" role="status" aria-live="polite">
        {result ? (
          <p ref={resultRef} tabIndex={-1} className={`lead-result lead-result--${result.state === "done" ? "success" : "failure"}`}>
            <ResultText message={result.message} checkMark={result.state === "done"} />
          </p>
        ) : null}
      </div>
      <form
        ref={formRef}
        method="post"
        action={PATH}
        noValidate={hydrated}
        className="lead-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await submit(event.currentTarget)) formRef.current?.reset();
        }}
        onChange={(event) => revalidate(event.currentTarget)}
        onFocus={(event) => prepare(event.currentTarget)}
      >
        <SpamGuardFields kind="inquiry" />
        <ContactFields errors={errors} values={initial?.values} />
        <UnitInterestField types={unitTypes} unit={unit} value={initial?.values?.unitType} error={errors.unitType ?? errors.unitId} />
        <MessageField error={errors.message} value={initial?.values?.message} />
        <ConsentField consent={consent} error={errors.consent} />
        <SubmitButton kind="inquiry" busy={status.state === "submitting"} />
      </form>
    </div>
  );
}
