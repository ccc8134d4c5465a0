import { Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import type { HomeContent, HomeFeature } from "#app/content/types.ts";
import { AccordionItem, useAccordion } from "./accordion.tsx";

/**
 * The dark complex section: site layout and community side by side on wide screens (the
 * special plan has its own section there); on phones an accordion of layout, special plan
 * and community, one open at a time.
 */
export function ComplexSection({ complex, specialPlan }: Pick<HomeContent, "complex" | "specialPlan">) {
  const [open, toggle] = useAccordion("layout");
  const items = [
    { id: "layout", feature: complex.layout, phoneOnly: false },
    { id: "special", feature: specialPlan, phoneOnly: true },
    { id: "community", feature: complex.community, phoneOnly: false },
  ];
  return (
    <section className="home-section home-complex" data-home-step aria-labelledby="home-complex-title">
      <div className="home-section__inner">
        <header className="home-heading home-heading--center">
          <p className="home-heading__eyebrow">{complex.eyebrow}</p>
          <h2 id="home-complex-title" className="home-heading__title">
            {complex.title}
          </h2>
          <p className="home-heading__intro">{complex.intro}</p>
        </header>
        <div className="home-complex__items">
          {items.map(({ id, feature, phoneOnly }) => (
            <AccordionItem
              key={id}
              id={`complex-${id}`}
              label={feature.label}
              open={open === id}
              onToggle={() => toggle(id)}
              className={phoneOnly ? "home-acc__item--phone" : undefined}
            >
              <Feature feature={feature} />
            </AccordionItem>
          ))}
        </div>
      </div>
    </section>
  );
}

function Feature({ feature }: { feature: HomeFeature }) {
  return (
    <div className="home-feature">
      <Picture image={feature.image} className="home-feature__image" sizes="(max-width: 900px) 100vw, 45vw" />
      <p className="home-feature__title">{feature.title}</p>
      <p className="home-feature__text">{feature.text}</p>
      {feature.link ? (
        <Link to={feature.link.href} className="home-more home-more--light">
          {feature.link.label}
        </Link>
      ) : null}
    </div>
  );
}
