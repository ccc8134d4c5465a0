import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import type { HomeContent, PremiumSlide } from "#app/content/types.ts";
import { AccordionHeading } from "./accordion.tsx";

const SLIDE_MS = 6_000;
const SWIPE_PX = 50;

/** PREMIUM 01–04: text always shown on wide screens; on phones a tap on the title opens it. */
export function PremiumCards({ premium }: { premium: HomeContent["premium"] }) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <section className="home-section home-premium" data-home-step aria-labelledby="home-premium-title">
      <div className="home-section__inner">
        <header className="home-heading home-heading--center">
          <p className="home-heading__eyebrow">{premium.eyebrow}</p>
          <h2 id="home-premium-title" className="home-heading__title">
            {premium.title}
          </h2>
          <p className="home-heading__intro">{premium.intro}</p>
        </header>
        <ol className="premium-cards">
          {premium.cards.map((card, index) => {
            const open = expanded.has(index);
            const bodyId = `premium-card-${index + 1}`;
            return (
              <li key={card.title} className={`premium-card${open ? " is-open" : ""}`}>
                <Picture image={card.image} className="premium-card__image" sizes="(max-width: 900px) 100vw, 25vw" />
                <AccordionHeading
                  block="premium-card"
                  icon="plus"
                  label={
                    <>
                      <span className="premium-card__label">{card.title}</span>
                      <span className="premium-card__title">{card.text1}</span>
                    </>
                  }
                  open={open}
                  panelId={bodyId}
                  onToggle={() => toggle(index)}
                />
                <div id={bodyId} className="premium-card__body">
                  <p>{card.text2}</p>
                  <Link to={card.link} className="home-more">
                    {card.linkText}
                  </Link>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

/**
 * Phones: the premium slides, advancing every 6 s (not with reduced motion, and not while a
 * finger or the keyboard is on it) and by a 50 px swipe, with previous/next buttons.
 */
export function PremiumSlider({ slides, label, active }: { slides: PremiumSlide[]; label: string; active: boolean }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState({ touch: false, focus: false });
  const touchStartX = useRef<number | null>(null);
  const count = slides.length;
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  const paused = !active || held.touch || held.focus;

  useEffect(() => {
    if (paused || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, count]);

  return (
    <div
      className="premium-slider"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-slide-index={index}
      onFocus={() => setHeld((current) => ({ ...current, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((current) => ({ ...current, focus: false }));
      }}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0]?.clientX ?? null;
        setHeld((current) => ({ ...current, touch: true }));
      }}
      onTouchEnd={(event) => {
        const start = touchStartX.current;
        const end = event.changedTouches[0]?.clientX;
        touchStartX.current = null;
        setHeld((current) => ({ ...current, touch: false }));
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        go(end < start ? 1 : -1);
      }}
      onTouchCancel={() => {
        touchStartX.current = null;
        setHeld((current) => ({ ...current, touch: false }));
      }}
    >
      <div className="premium-slider__viewport">
        <div className="premium-slider__track" style={{ transform: `translateX(${-index * 100}%)` }} aria-live={paused ? "polite" : "off"}>
          {slides.map((slide, slideIndex) => (
            <div
              key={slide.title}
              className="premium-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} / ${count}`}
              aria-hidden={slideIndex !== index}
            >
              <Picture image={slide.image} className="premium-slide__image" sizes="100vw" />
              <div className="premium-slide__text">
                <h3 className="premium-slide__title">{slide.title}</h3>
                <p className="premium-slide__description">{slide.description}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="premium-slider__controls">
        <button type="button" className="slider-arrow" aria-label="이전 슬라이드" onClick={() => go(-1)}>
          <Arrow direction="prev" />
        </button>
        <p className="premium-slider__count" aria-hidden="true">
          <strong>{String(index + 1).padStart(2, "0")}</strong> / {String(count).padStart(2, "0")}
        </p>
        <button type="button" className="slider-arrow" aria-label="다음 슬라이드" onClick={() => go(1)}>
          <Arrow direction="next" />
        </button>
      </div>
    </div>
  );
}

export function Arrow({ direction }: { direction: "prev" | "next" }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={direction === "prev" ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
