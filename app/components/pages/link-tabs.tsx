import { useRef } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { Link, useLocation, useNavigate } from "react-router";

export interface LinkTab {
  /** The `?tab=` value. */
  value: string;
  label: string;
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs whose state is the URL (`?tab=2`): each tab is a link, so they work and can be shared
 * without JavaScript; with it, arrow keys, Home and End move between them (automatic activation)
 * and only the active tab stays in the Tab order. Only the active panel is rendered (`children`).
 */
export function LinkTabs({
  tabs,
  active,
  label,
  idPrefix,
  children,
}: {
  tabs: LinkTab[];
  active: string;
  label: string;
  idPrefix: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const scripted = useHydrated();
  const tabElements = useRef(new Map<string, HTMLAnchorElement>());
  const hrefFor = (value: string) => {
    const params = new URLSearchParams(search);
    params.set("tab", value);
    return `?${params}`;
  };

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const step = KEY_STEPS[event.key];
    const next = step && tabs[step(index, tabs.length)];
    if (!next) return;
    event.preventDefault();
    navigate(hrefFor(next.value), { replace: true, preventScrollReset: true });
    tabElements.current.get(next.value)?.focus();
  };

  return (
    <div className="link-tabs">
      <div role="tablist" aria-label={label} className="link-tabs__list">
        {tabs.map((tab, index) => {
          const selected = tab.value === active;
          return (
            <Link
              key={tab.value}
              ref={(element) => {
                if (element) tabElements.current.set(tab.value, element);
                else tabElements.current.delete(tab.value);
              }}
              to={hrefFor(tab.value)}
              replace
              preventScrollReset
              role="tab"
              id={`${idPrefix}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={scripted && !selected ? -1 : undefined}
              className="link-tabs__tab"
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${active}`} className="link-tabs__panel">
        {children}
      </div>
    </div>
  );
}
