import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { RegisterLink } from "#app/components/register-link.tsx";
import type { MenuGroup } from "#app/content/types.ts";
import { CallLink, CallNumber } from "#app/components/call-link.tsx";
import { VISIT_LINK_LABEL } from "#app/content/frame-words.ts";
import { CalendarIcon, CloseIcon, MenuIcon, PhoneIcon } from "./icons.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { PlainLink, usePlainLinkNavigation } from "./plain-link.tsx";
import type { FrameContent } from "#app/content/types.ts";

export const MOBILE_MENU_ID = "mobile-menu";

export function SiteHeader({
  content,
  menuOpen,
  onMenuOpenChange,
  onMenuClose,
}: {
  content: FrameContent;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  /** The same function on every render (SiteFrame's `useCallback`). */
  onMenuClose: () => void;
}) {
  const scrolled = useScrolled();
  const navigateInPage = usePlainLinkNavigation();
  return (
    // The menus' links are plain: one listener here navigates for all of them.
    <header className={`site-header${scrolled ? " is-scrolled" : ""}${menuOpen ? " is-menu-open" : ""}`} onClick={navigateInPage}>
      <div className="site-header__bar">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? "전체 메뉴 닫기" : "전체 메뉴 열기"}
          onClick={() => onMenuOpenChange(!menuOpen)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        {/* Without JavaScript the button above does nothing; this link opens the menu with :target. */}
        <a className="menu-toggle menu-toggle--no-js" href={`#${MOBILE_MENU_ID}`} aria-label="전체 메뉴 열기">
          <MenuIcon />
        </a>
        <PlainLink to="/" className="site-logo" aria-label={`${content.brand.projectName} 홈`}>
          <img
            src={content.brand.logo.src}
            alt=""
            width={Math.round((content.brand.logo.width * 40) / content.brand.logo.height)}
            height={40}
          />
        </PlainLink>
        <DesktopMenu menu={content.menu} />
        <div className="site-header__actions">
          {content.remainingUnits ? (
            <PlainLink
              to={content.remainingUnits.path ?? "/Promotion/Customer"}
              className="header-remaining"
              data-testid="remaining-units-pill"
            >
              {content.remainingUnits.line}
            </PlainLink>
          ) : null}
          {/* The office's own consultation page when it set one (a site setting), else the inquiry form. */}
          {content.mobileConsultUrl ? (
            <a href={content.mobileConsultUrl} className="header-consult" target="_blank" rel="noopener">
              모바일 상담
              <span className="visually-hidden"> (새 창)</span>
            </a>
          ) : (
            <PlainLink to="/Promotion/Customer" className="header-consult">
              모바일 상담
            </PlainLink>
          )}
          <PlainLink to={content.visitPath} className="header-visit">
            <CalendarIcon />
            {VISIT_LINK_LABEL}
          </PlainLink>
          <RegisterLink className="header-phone">
            <PhoneIcon />
            <span className="visually-hidden">관심고객 등록 · 분양문의 </span>
            <span className="header-phone__number">
              <CallNumber phone={content.phone} />
            </span>
          </RegisterLink>
        </div>
        <CallLink className="header-call" phone={content.phone} label={(shown) => `분양문의 전화 걸기 ${shown}`}>
          <PhoneIcon />
        </CallLink>
      </div>
      <MobileMenu
        id={MOBILE_MENU_ID}
        menu={content.menu}
        phone={content.phone}
        visitPath={content.visitPath}
        open={menuOpen}
        onClose={onMenuClose}
      />
    </header>
  );
}

/**
 * Top-level items link to their first sub page; the dropdown opens on hover and on keyboard
 * focus (pure CSS, so it works before hydration). Choosing a link or pressing Escape dismisses
 * it until the pointer or focus leaves, so it does not hang open over the next page.
 */
function DesktopMenu({ menu }: { menu: MenuGroup[] }) {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  return (
    <nav className="gnb" aria-label="주 메뉴">
      <ul className="gnb__list">
        {menu.map((group) => {
          const active = group.subMenu.some((item) => item.subUrl === pathname);
          const classes = ["gnb__item", active && "is-active", dismissed === group.id && "is-dismissed"];
          return (
            <li
              key={group.id}
              className={classes.filter(Boolean).join(" ")}
              onMouseLeave={() => setDismissed(null)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) setDismissed(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== "Escape") return;
                setDismissed(group.id);
                event.currentTarget.querySelector<HTMLElement>(".gnb__link")?.focus();
              }}
            >
              <PlainLink to={group.subMenu[0]?.subUrl ?? "/"} className="gnb__link" onClick={() => setDismissed(group.id)}>
                {group.title}
              </PlainLink>
              <ul className="gnb__dropdown">
                {group.subMenu.map((item) => (
                  <li key={item.subUrl}>
                    <PlainLink
                      to={item.subUrl}
                      aria-current={item.subUrl === pathname ? "page" : undefined}
                      onClick={() => setDismissed(group.id)}
                    >
                      {item.subTitle}
                    </PlainLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The header turns solid with a shadow once the page has scrolled at all. */
function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return scrolled;
}
