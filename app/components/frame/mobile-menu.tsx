import { useState } from "react";
import { useLocation } from "react-router";
import { VISIT_LINK_LABEL } from "#app/content/frame-words.ts";
import type { MenuGroup } from "#app/content/types.ts";
import { CallLink, CallNumber } from "#app/components/call-link.tsx";
import { CalendarIcon, ChevronIcon, PhoneIcon } from "./icons.tsx";
import { PlainLink } from "./plain-link.tsx";

/**
 * The slide menu of narrow screens: the time-slot booking's link, then one accordion per menu group
 * with at most one open. Without JavaScript every group is shown open and the header's
 * fallback link reveals the panel through :target.
 */
export function MobileMenu({ open, ...panel }: MenuPanelProps & { open: boolean }) {
  return (
    <div id={panel.id} className={`mobile-menu${open ? " is-open" : ""}`}>
      <MenuPanel {...panel} />
    </div>
  );
}

interface MenuPanelProps {
  id: string;
  menu: MenuGroup[];
  phone: string;
  visitPath: string;
  onClose: () => void;
}

function MenuPanel({ id, menu, phone, visitPath, onClose }: MenuPanelProps) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(
    () => menu.find((group) => group.subMenu.some((item) => item.subUrl === pathname))?.id ?? null,
  );
  return (
    <nav className="mobile-menu__panel" aria-label="전체 메뉴">
      <PlainLink to={visitPath} className="mobile-menu__visit" onClick={onClose}>
        <CalendarIcon />
        {VISIT_LINK_LABEL}
      </PlainLink>
      <ul className="mobile-menu__groups">
        {menu.map((group) => {
          const isExpanded = expanded === group.id;
          const panelId = `${id}-${group.id}`;
          return (
            <li key={group.id} className={`mobile-menu__group${isExpanded ? " is-expanded" : ""}`}>
              <button
                type="button"
                className="mobile-menu__group-toggle"
                aria-expanded={isExpanded}
                aria-controls={panelId}
                onClick={() => setExpanded(isExpanded ? null : group.id)}
              >
                {group.title}
                <ChevronIcon />
              </button>
              <div id={panelId} className="mobile-menu__links">
                <ul>
                  {group.subMenu.map((item) => (
                    <li key={item.subUrl}>
                      <PlainLink to={item.subUrl} aria-current={item.subUrl === pathname ? "page" : undefined} onClick={onClose}>
                        {item.subTitle}
                      </PlainLink>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
      <CallLink className="mobile-menu__call" phone={phone}>
        <PhoneIcon />
        <span>
          분양문의{" "}
          <strong>
            <CallNumber phone={phone} />
          </strong>
        </span>
      </CallLink>
      <a className="mobile-menu__no-js-close" href="#top">
        메뉴 닫기
      </a>
    </nav>
  );
}
