import { Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import type { HomeContent } from "#app/content/types.ts";
import { AccordionItem, useAccordion } from "./accordion.tsx";
import { PremiumSlider } from "./premium.tsx";

/**
 * Business overview and location: two full-screen sections on wide screens; on phones one
 * accordion with a third item, the premium slider.
 */
export function HomeOverview({ home }: { home: Pick<HomeContent, "overview" | "location" | "premium"> }) {
  const { overview, location, premium } = home;
  const [open, toggle] = useAccordion("overview");
  return (
    <div className="home-overview">
      <AccordionItem
        id="overview"
        label={overview.label}
        heading="h2"
        open={open === "overview"}
        onToggle={toggle}
        className="home-section home-business"
        step
      >
        <div className="home-section__inner home-business__grid">
          <div className="home-heading home-business__head">
            <p className="home-heading__eyebrow">{overview.eyebrow}</p>
            <p className="home-heading__title">{overview.title}</p>
            <p className="home-heading__intro">{overview.intro}</p>
          </div>
          <ul className="home-figures">
            {overview.figures.map((figure) => (
              <li key={figure.label}>
                <span className="home-figures__value">
                  {figure.value}
                  {figure.unit ? <small>{figure.unit}</small> : null}
                </span>
                <span className="home-figures__label">{figure.label}</span>
              </li>
            ))}
          </ul>
          <div className="home-business__facts">
            <dl className="home-facts">
              {overview.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
            <Link to={overview.link.href} className="home-more">
              {overview.link.label}
            </Link>
          </div>
        </div>
      </AccordionItem>
      <AccordionItem
        id="location"
        label={location.label}
        heading="h2"
        open={open === "location"}
        onToggle={toggle}
        className="home-section home-location"
        step
      >
        <div className="home-section__inner home-location__grid">
          <div className="home-heading">
            <p className="home-heading__eyebrow">{location.eyebrow}</p>
            <p className="home-heading__title">{location.title}</p>
            <p className="home-heading__intro">{location.intro}</p>
          </div>
          <ul className="home-location__points">
            {location.points.map((point) => (
              <li key={point.title}>
                <strong>{point.title}</strong>
                <span>{point.text}</span>
              </li>
            ))}
          </ul>
          <div className="home-location__maps">
            {location.maps.map((map) => (
              <figure key={map.label} className="home-location__map">
                <Picture image={map.image} sizes="(max-width: 900px) 100vw, 40vw" />
                <figcaption>{map.label}</figcaption>
              </figure>
            ))}
          </div>
          <div className="home-location__footer">
            <p className="home-note">{location.note}</p>
            <Link to={location.link.href} className="home-more">
              {location.link.label}
            </Link>
          </div>
        </div>
      </AccordionItem>
      <AccordionItem
        id="premium-slides"
        label={premium.label}
        heading="h2"
        open={open === "premium-slides"}
        onToggle={toggle}
        className="home-section home-acc__item--phone"
      >
        <PremiumSlider slides={premium.slides} label={`${premium.label} 슬라이드`} active={open === "premium-slides"} />
      </AccordionItem>
    </div>
  );
}
