import { Link } from "react-router";
import { RegisterLink } from "#app/components/register-link.tsx";
import type { HomeContent } from "#app/content/types.ts";

/** Where the portrait hero takes over; home.tsx preloads each picture under the same query. */
export const HERO_PHONE_MEDIA = "(max-width: 900px)";
export const HERO_WIDE_MEDIA = "(min-width: 901px)";

/** The next step of the sale, counted down in Korean days ("1순위 청약 D-3"), from the console's schedule. */
export interface HeroCountdown {
  title: string;
  label: string;
  /** "2026.12.08 (화)" */
  day: string;
}

/** Where the whole schedule is listed. */
const SCHEDULE_PATH = "/BusinessGuide/plan";

/**
 * The first screen and the page's largest paint: a small SVG drawn at once (no lazy loading,
 * no fade), landscape on wide screens and portrait on phones, under the headline.
 */
export function HomeHero({
  hero,
  projectName,
  countdown,
  remainingUnitsLine,
}: {
  hero: HomeContent["hero"];
  projectName: string;
  countdown: HeroCountdown | null;
  /** The office's line about units still for sale (a site setting), e.g. "잔여세대 12세대 선착순 분양 중". */
  remainingUnitsLine: string | null;
}) {
  return (
    <section className="home-hero" data-home-step aria-labelledby="home-title">
      <picture>
        <source media={HERO_PHONE_MEDIA} srcSet={hero.mobileImage.src} width={hero.mobileImage.width} height={hero.mobileImage.height} />
        <img
          className="home-hero__image"
          src={hero.image.src}
          alt={hero.image.alt}
          width={hero.image.width}
          height={hero.image.height}
          fetchPriority="high"
        />
      </picture>
      <div className="home-hero__content">
        <p className="home-hero__eyebrow">{hero.eyebrow}</p>
        <h1 id="home-title" className="home-hero__title">
          {projectName}
        </h1>
        <p className="home-hero__headline">
          {hero.headline.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
        {remainingUnitsLine ? <p className="home-hero__remaining">{remainingUnitsLine}</p> : null}
        <ul className="home-hero__facts">
          {hero.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        {/* Rendered with the page (never after it), so the buttons below do not move. */}
        {countdown ? (
          <Link to={SCHEDULE_PATH} className="home-hero__countdown">
            <span className="home-hero__countdown-title">
              {countdown.title} <strong className="home-hero__countdown-label">{countdown.label}</strong>
            </span>
            <span className="home-hero__countdown-day">{countdown.day}</span>
          </Link>
        ) : null}
        <div className="home-hero__actions">
          <RegisterLink className="button button--accent home-hero__register">{hero.registerLabel}</RegisterLink>
          <a className="button home-hero__visit" href="#interestForm">
            {hero.visitLabel}
          </a>
        </div>
      </div>
    </section>
  );
}
