import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import type { HomeContent, ImageAsset, VrTab } from "#app/content/types.ts";
import { Arrow } from "./premium.tsx";

const FADE_MS = 500;

export interface UnitTab {
  key: string;
  label: string;
  image: ImageAsset;
  /** One line under the label, e.g. "전용 84㎡ · 140세대". */
  summary: string;
}

type Group = "types" | "vr";

/**
 * Unit plan: two collapsible groups (types, VR model house), one open at a time, the section
 * title following the open one. Types: four floor-plan tabs with previous/next arrows. VR: a
 * tab per tour, its frame loaded only once the tab is shown.
 */
export function UnitPlan({ units, tabs, vrTabs }: { units: HomeContent["units"]; tabs: UnitTab[]; vrTabs: VrTab[] }) {
  const [group, setGroup] = useState<Group | null>("types");
  const title = group === "types" ? units.types.title : group === "vr" ? units.vr.title : units.title;
  const toggle = (next: Group) => setGroup((current) => (current === next ? null : next));
  return (
    <section className="home-section home-units" data-home-step aria-labelledby="home-units-title">
      <div className="home-section__inner">
        <header className="home-heading">
          <p className="home-heading__eyebrow">{units.eyebrow}</p>
          <h2 id="home-units-title" className="home-heading__title">
            {title}
          </h2>
        </header>
        <div className={`unit-groups${group ? ` is-${group}-open` : ""}`}>
          <UnitGroup id="types" label={units.types.label} open={group === "types"} onToggle={toggle}>
            <p className="unit-group__intro">{units.types.intro}</p>
            <TypeTabs tabs={tabs} label={units.types.label} />
            <p className="home-note">{units.notice}</p>
            <Link to={units.link.href} className="home-more">
              {units.link.label}
            </Link>
          </UnitGroup>
          <UnitGroup id="vr" label={units.vr.label} open={group === "vr"} onToggle={toggle}>
            <p className="unit-group__intro">{units.vr.intro}</p>
            <VrTabs tabs={vrTabs} shown={group === "vr"} label={units.vr.label} hint={units.vr.hint} />
          </UnitGroup>
        </div>
      </div>
    </section>
  );
}

function UnitGroup({
  id,
  label,
  open,
  onToggle,
  children,
}: {
  id: Group;
  label: string;
  open: boolean;
  onToggle: (id: Group) => void;
  children: React.ReactNode;
}) {
  return (
    <div className={`unit-group unit-group--${id}${open ? " is-open" : ""}`}>
      <h3 className="unit-group__heading">
        <button
          type="button"
          className="unit-group__toggle"
          aria-expanded={open}
          aria-controls={`unit-group-${id}`}
          onClick={() => onToggle(id)}
        >
          {label}
        </button>
      </h3>
      <div id={`unit-group-${id}`} className="unit-group__panel">
        {children}
      </div>
    </div>
  );
}

function TypeTabs({ tabs, label }: { tabs: UnitTab[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const last = tabs.length - 1;

  useEffect(() => {
    if (!fading) return;
    const timer = window.setTimeout(() => setFading(false), FADE_MS);
    return () => window.clearTimeout(timer);
  }, [fading, index]);

  // The chosen tab stays in sight in the scrolling strip; only the strip moves, never the page.
  useEffect(() => {
    const tab = tabRefs.current[index];
    const list = tab?.parentElement;
    if (!tab || !list) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
    }
  }, [index]);

  const select = (next: number, focus = false) => {
    if (next < 0 || next > last) return;
    if (next !== index) {
      setIndex(next);
      setFading(true);
    }
    if (focus) tabRefs.current[next]?.focus();
  };

  return (
    <div className="unit-tabs">
      <div className="unit-tabs__bar">
        <button type="button" className="slider-arrow" aria-label="이전 타입" disabled={index === 0} onClick={() => select(index - 1)}>
          <Arrow direction="prev" />
        </button>
        <div
          className="unit-tabs__list"
          role="tablist"
          aria-label={label}
          onKeyDown={(event) => {
            const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
            if (step === 0) return;
            event.preventDefault();
            select(Math.min(last, Math.max(0, index + step)), true);
          }}
        >
          {tabs.map((tab, tabIndex) => (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[tabIndex] = element;
              }}
              type="button"
              role="tab"
              id={`unit-tab-${tab.key}`}
              aria-selected={tabIndex === index}
              aria-controls={`unit-panel-${tab.key}`}
              tabIndex={tabIndex === index ? 0 : -1}
              className="unit-tabs__tab"
              onClick={() => select(tabIndex)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <button type="button" className="slider-arrow" aria-label="다음 타입" disabled={index === last} onClick={() => select(index + 1)}>
          <Arrow direction="next" />
        </button>
      </div>
      <div className={`unit-tabs__panels${fading ? " is-fading" : ""}`} data-unit-index={index}>
        {tabs.map((tab, tabIndex) => (
          <div
            key={tab.key}
            id={`unit-panel-${tab.key}`}
            role="tabpanel"
            aria-labelledby={`unit-tab-${tab.key}`}
            className={`unit-tabs__panel${tabIndex === index ? " is-active" : ""}`}
          >
            <Picture image={tab.image} className="unit-tabs__image" sizes="(max-width: 900px) 100vw, 50vw" />
            <p className="unit-tabs__caption">
              <strong>{tab.label}</strong> {tab.summary}
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}

function VrTabs({ tabs, shown, label, hint }: { tabs: VrTab[]; shown: boolean; label: string; hint: string }) {
  const [active, setActive] = useState(tabs[0]?.key);
  const current = tabs.find((tab) => tab.key === active);
  return (
    <div className="vr-tabs">
      <div className="vr-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`vr-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls="vr-panel"
            className="unit-tabs__tab"
            onClick={() => setActive(tab.key)}
          >
            {tab.key}
          </button>
        ))}
      </div>
      <div id="vr-panel" role="tabpanel" aria-labelledby={current ? `vr-tab-${current.key}` : undefined} className="vr-tabs__panel">
        {/* The tour is a heavy third-party page: it loads only once its tab is on screen. */}
        {shown && current ? (
          <iframe key={current.key} src={current.url} title={current.title} allow="fullscreen; xr-spatial-tracking" allowFullScreen />
        ) : (
          <ul className="vr-tabs__links">
            {tabs.map((tab) => (
              <li key={tab.key}>
                <a href={tab.url} target="_blank" rel="noopener">
                  {tab.title}
                  <span className="visually-hidden"> (새 창)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="home-note">{hint}</p>
    </div>
  );
}
