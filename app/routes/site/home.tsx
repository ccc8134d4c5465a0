import { data, Link } from "react-router";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { requireSite } from "#app/.server/site.ts";
import { remainingUnits } from "#app/.server/units/remaining.ts";
import { listScheduleEntries } from "#app/.server/content/schedule-entries.ts";
import { listBookableSchedule, scheduleChangesAt, visitFormIntro } from "#app/.server/visits/schedule.ts";
import { ComplexSection } from "#app/components/home/complex.tsx";
import { HERO_PHONE_MEDIA, HERO_WIDE_MEDIA, HomeHero, type HeroCountdown } from "#app/components/home/hero.tsx";
import { HomeOverview } from "#app/components/home/overview.tsx";
import { PremiumCards } from "#app/components/home/premium.tsx";
import { useSectionSteps } from "#app/components/home/section-steps.tsx";
import { UnitPlan, type UnitTab } from "#app/components/home/unit-plan.tsx";
import { Picture } from "#app/components/picture.tsx";
import { DeferredVisitForm } from "#app/components/deferred-visit-form.tsx";
import { hydrateWhenNear } from "#app/components/hydrate-when-near.tsx";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";
import type { HomeContent, SitePack, VrTab } from "#app/content/types.ts";
import { shareImageUrl } from "#app/utils/image-variants.js";
import { absoluteUrl, seo, siteSeoFrom } from "#app/utils/meta.ts";
import { pageHeaders } from "#app/utils/headers.ts";
import { livePageHeaders } from "#app/.server/http.ts";
import { CallLink } from "#app/components/call-link.tsx";
import { formatScheduleDay, nextEntry } from "#app/utils/schedule-days.ts";
import { HomeStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { pack: site, settings } = await effectivePack(requireSite(context).pack);
  const page = site.pages["/"];
  if (!page) throw new Error("The content pack has no home page entry.");
  const [schedule, countdown, remaining] = await Promise.all([
    listBookableSchedule(site.slug),
    saleCountdown(site.slug),
    remainingUnits(site.slug, settings),
  ]);
  return data(
    {
      page: { title: page.title, description: page.description },
      slug: site.slug,
      projectName: site.brand.projectName,
      home: site.home,
      unitTabs: homeUnitTabs(site),
      vrTabs: homeVrTabs(site),
      visit: { heading: site.leads.visitPage.heading, intro: visitFormIntro(site, schedule) },
      consent: site.leads.consent,
      modelHouse: site.modelHouse,
      phone: site.phone,
      consultationHours: site.consultationHours,
      schedule,
      countdown,
      remainingUnitsLine: remaining.line,
    },
    // A count of places or a D-day is only right today: caches must ask again.
    { headers: livePageHeaders(schedule.length > 0 || countdown !== null, scheduleChangesAt(schedule)) },
  );
}

/** The next step of the sale (분양 일정) with its D-day in Korea, rendered on the server; none after the last. */
async function saleCountdown(site: string, now = new Date()): Promise<HeroCountdown | null> {
  const next = nextEntry(await listScheduleEntries(site), now);
  return next && { title: next.entry.title, label: next.label, day: formatScheduleDay(next.entry.startsOn) };
}

export const headers = pageHeaders;

/** The home page's floor-plan tabs: every unit type of the pack, in its order (the floor-plan pages' data). */
function homeUnitTabs(site: SitePack): UnitTab[] {
  return site.units.map((unit) => {
    const summary = site.home.units.types.summary.replace("{area}", unit.area.exclusiveM2).replace("{count}", unit.area.unitCount);
    return { key: unit.key, label: unit.label, image: unit.floorPlan, summary };
  });
}

/** The VR tours the home page offers, from the pack's model-house tabs (/FloorPlan/Emodel). */
function homeVrTabs(site: SitePack): VrTab[] {
  return site.home.units.vrKeys.flatMap((key) => site.vrTabs.filter((tab) => tab.key === key));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteSeoFrom(matches);
  if (!loaderData) return seo(site, { title: "", description: "", path: "/" });
  const { page, home, projectName } = loaderData;
  const tags = seo(site, {
    title: page.title,
    description: page.description,
    path: "/",
    jsonLd: site && {
      "@context": "https://schema.org",
      "@type": "ApartmentComplex",
      name: projectName,
      description: page.description,
      url: absoluteUrl(site.siteUrl, "/"),
      image: absoluteUrl(site.siteUrl, shareImageUrl(site.shareImage.src)),
      numberOfAccommodationUnits: home.place.accommodationUnits,
      tourBookingPage: absoluteUrl(site.siteUrl, "/#interestForm"),
      address: {
        "@type": "PostalAddress",
        addressCountry: "KR",
        addressRegion: home.place.addressRegion,
        addressLocality: home.place.addressLocality,
        streetAddress: home.place.streetAddress,
      },
    },
  });
  // The hero is the largest paint: fetch the one picture this screen draws before the body arrives.
  const preload = (src: string, media: string) =>
    ({ tagName: "link", rel: "preload", as: "image", href: src, media, fetchPriority: "high" }) as const;
  return [...tags, preload(home.hero.image.src, HERO_WIDE_MEDIA), preload(home.hero.mobileImage.src, HERO_PHONE_MEDIA)];
};

// Below the hero: hydrated when near the screen, each on its own (docs/decisions/034-hydration-when-near.md).
const OverviewWhenNear = hydrateWhenNear(HomeOverview);
const BrandWhenNear = hydrateWhenNear(BrandSection);
const SpecialPlanWhenNear = hydrateWhenNear(SpecialPlanSection);
const PremiumWhenNear = hydrateWhenNear(PremiumCards);
const ComplexWhenNear = hydrateWhenNear(ComplexSection);
const UnitPlanWhenNear = hydrateWhenNear(UnitPlan);

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { home, projectName, unitTabs, vrTabs, countdown, remainingUnitsLine } = loaderData;
  const containerRef = useSectionSteps<HTMLDivElement>();
  return (
    <div className="home" ref={containerRef}>
      <HomeStylesheet />
      <HomeHero hero={home.hero} projectName={projectName} countdown={countdown} remainingUnitsLine={remainingUnitsLine} />
      <OverviewWhenNear home={home} />
      <BrandWhenNear brand={home.brand} />
      <SpecialPlanWhenNear specialPlan={home.specialPlan} />
      <PremiumWhenNear premium={home.premium} />
      <ComplexWhenNear complex={home.complex} specialPlan={home.specialPlan} />
      <UnitPlanWhenNear units={home.units} tabs={unitTabs} vrTabs={vrTabs} />
      <VisitSection data={loaderData} />
    </div>
  );
}

function BrandSection({ brand }: { brand: HomeContent["brand"] }) {
  return (
    <section className="home-section home-brand" data-home-step aria-labelledby="home-brand-title">
      <div className="home-section__inner home-brand__grid">
        <header className="home-heading">
          <p className="home-heading__eyebrow">{brand.eyebrow}</p>
          <h2 id="home-brand-title" className="home-heading__title">
            {brand.title}
          </h2>
          {brand.text.map((line) => (
            <p key={line} className="home-heading__intro">
              {line}
            </p>
          ))}
        </header>
        <Link to={brand.link.href} className="home-brand__video">
          <Picture image={brand.image} sizes="(max-width: 900px) 100vw, 60vw" />
          <span className="home-brand__play">
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
            {brand.link.label}
          </span>
        </Link>
      </div>
    </section>
  );
}

function SpecialPlanSection({ specialPlan }: { specialPlan: HomeContent["specialPlan"] }) {
  return (
    <section className="home-section home-special" data-home-step aria-labelledby="home-special-title">
      <div className="home-section__inner">
        <header className="home-heading home-heading--center">
          <p className="home-heading__eyebrow">{specialPlan.eyebrow}</p>
          <h2 id="home-special-title" className="home-heading__title">
            {specialPlan.title}
          </h2>
          <p className="home-heading__intro">{specialPlan.text}</p>
        </header>
        <Picture image={specialPlan.image} className="home-special__image" sizes="80vw" />
        <p className="home-note home-special__note">{specialPlan.note}</p>
      </div>
    </section>
  );
}

function VisitSection({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { home, visit, slug, consent, modelHouse, phone, consultationHours, schedule } = data;
  return (
    <section id="interestForm" className="home-section home-visit" data-home-step aria-labelledby="home-visit-title">
      <div className="home-section__inner home-visit__grid">
        <header className="home-heading">
          <p className="home-heading__eyebrow">{home.form.eyebrow}</p>
          <h2 id="home-visit-title" className="home-heading__title">
            {visit.heading}
          </h2>
          {visit.intro.map((line) => (
            <p key={line} className="home-heading__intro">
              {line}
            </p>
          ))}
          <dl className="home-facts home-visit__facts">
            <div>
              <dt>{LEAD_FORM_TEXT.facts.modelHouse}</dt>
              <dd>{modelHouse.address}</dd>
            </div>
            <div>
              <dt>{LEAD_FORM_TEXT.facts.hours}</dt>
              <dd>{modelHouse.hours}</dd>
            </div>
            <div>
              <dt>{LEAD_FORM_TEXT.facts.salesPhone}</dt>
              <dd>
                <CallLink phone={phone} className="home-visit__phone" /> {consultationHours}
              </dd>
            </div>
          </dl>
        </header>
        <DeferredVisitForm site={slug} consent={consent} schedule={schedule} />
      </div>
    </section>
  );
}
