import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { useLocation, useNavigationType } from "react-router";
import type { FrameContent } from "#app/content/types.ts";
import { useNonce } from "#app/utils/nonce.tsx";
import { callLineScript } from "#app/utils/call-line.ts";
import { BottomBar } from "./bottom-bar.tsx";
import { hydrateWhenNear } from "#app/components/hydrate-when-near.tsx";
import { SiteFooter } from "./footer.tsx";
import { MOBILE_MENU_ID, SiteHeader } from "./header.tsx";

// Runs while the HTML is parsed, before first paint: `.js` on the frame lets CSS hide what an
// effect will animate in, without ever hiding it from crawlers or visitors without scripts.
const MARK_SCRIPTED = `document.currentScript.parentElement.classList.add("js")`;

/**
 * A frame React renders in the browser (the error page after a client navigation) ran no inline
 * script: it gets `js` here, once, when it mounts. React's own `className` never names `js`, so
 * no render takes it off again, and the frame need not render anew once the page has hydrated.
 */
const markScripted = (frame: HTMLDivElement | null) => frame?.classList.add("js");

const DESKTOP = "(min-width: 901px)";

// Below every page's content: hydrated when near the screen (docs/decisions/034-hydration-when-near.md).
const FooterWhenNear = hydrateWhenNear(SiteFooter);

/** Header, footer and the phone bottom bar around every public page, error pages included. */
export function SiteFrame({ content, children }: { content: FrameContent; children: React.ReactNode }) {
  const { pathname } = useLocation();
  // Remembering where the menu was opened closes it on any navigation, with no effect needed.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? pathname : null);
  const closeMenu = useCallback(() => setMenuOpenAt(null), []);

  useScrollToTopOnNewPage();
  useMenuSideEffects(menuOpen, closeMenu);

  return (
    // The inline script adds `js` before hydration; React must keep it, not "correct" it.
    <div ref={markScripted} className="site-frame" suppressHydrationWarning>
      <FrameScript phone={content.phone} />
      <a className="skip-link" href="#main">
        본문 바로가기
      </a>
      <SiteHeader content={content} menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} onMenuClose={closeMenu} />
      <div className="site-frame__body" inert={menuOpen}>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <FooterWhenNear content={content} />
        <BottomBar
          phone={content.phone}
          visitPath={content.visitPath}
          kakaoChannelUrl={content.kakaoChannelUrl}
          mobileConsultUrl={content.mobileConsultUrl}
        />
      </div>
    </div>
  );
}

/**
 * The frame's inline script, only in the server's HTML, and before the header: a channel's visitor
 * never sees the site's number painted (docs/decisions/032). Its own component: once the page has
 * hydrated, only this re-renders (to nothing), not the whole frame with its menus, which made
 * hydration's task ~5 ms of processor longer (docs/performance.md, "Hydration's blocking time").
 */
function FrameScript({ phone }: { phone: FrameContent["phone"] }) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? `${MARK_SCRIPTED};${callLineScript(phone)}` : "" }}
    />
  );
}

/**
 * A new page starts at its top. Back/forward keep the position ScrollRestoration restores,
 * links to an anchor keep their anchor, and search-only changes (tabs, popups) stay put.
 */
function useScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef(pathname);
  const onPathname = useEffectEvent(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (navigationType === "POP" || hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  });
  useEffect(() => onPathname(), [pathname]);
}

/** While the slide menu is open: the page behind does not scroll; Escape or a wide window closes it. */
function useMenuSideEffects(open: boolean, close: () => void) {
  const onClose = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.classList.add("is-menu-open");
    const desktop = window.matchMedia(DESKTOP);
    const onWide = () => desktop.matches && onClose();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      document.querySelector<HTMLElement>(`[aria-controls="${MOBILE_MENU_ID}"]`)?.focus();
    };
    desktop.addEventListener("change", onWide);
    document.addEventListener("keydown", onKey);
    return () => {
      root.classList.remove("is-menu-open");
      desktop.removeEventListener("change", onWide);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
}
