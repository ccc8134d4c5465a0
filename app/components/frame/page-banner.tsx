import { useEffect, useState } from "react";
import type { PageBanner as Banner } from "#app/content/types.ts";

const REVEAL_DELAY_MS = 100;

/**
 * The title block of every inner page; its title is the page's <h1>. The text rises into view
 * 100 ms after mount, but it is hidden first only when scripts run (`.js` on the frame), so the
 * server HTML always shows it, and only opacity/transform animate, so nothing shifts.
 */
export function PageBanner({ banner, eyebrow }: { banner: Banner; eyebrow: string }) {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setRevealed(true), REVEAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <section className={`page-banner${revealed ? " is-revealed" : ""}`} aria-labelledby="page-title">
      <div className="page-banner__inner">
        <p className="page-banner__eyebrow reveal">{eyebrow}</p>
        <h1 id="page-title" className="page-banner__title reveal">
          {banner.title}
        </h1>
        {banner.taglines.map((line) => (
          <p key={line} className="page-banner__tagline reveal">
            {line}
          </p>
        ))}
      </div>
    </section>
  );
}
