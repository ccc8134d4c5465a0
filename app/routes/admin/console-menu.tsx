import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { MENU_GROUPS, type MenuGroup } from "./console-access.ts";

/**
 * The console's menu as the header draws it. On a desk the pages sit in a few menus (고객, 홍보,
 * 설정: the group each route declares in console-access.ts) so the header is one row; each menu is a
 * <details>, so it opens and closes without JavaScript and by keyboard, and with JavaScript it also
 * closes on Escape, on a click or focus elsewhere, on opening another and on every navigation. On a
 * phone the same pages are one scrolling row of links, as before.
 */

export interface MenuLinkShown {
  to: string;
  label: string;
  group: MenuGroup | null;
  /** Alerts not yet seen on this page's list (new leads, leads given to this person). */
  count: number;
  current: boolean;
}

type Section = { group: null; link: MenuLinkShown } | { group: MenuGroup; links: MenuLinkShown[] };

/** Links of their own where they stand; each group's links together, where its first link stands. */
function sectionsOf(links: MenuLinkShown[]): Section[] {
  const sections: Section[] = [];
  for (const link of links) {
    if (link.group === null) {
      sections.push({ group: null, link });
      continue;
    }
    const section = sections.find((candidate) => candidate.group === link.group);
    if (section && section.group !== null) section.links.push(link);
    else sections.push({ group: link.group, links: [link] });
  }
  // Links of their own first, then the menus in MENU_GROUPS' order, whatever order the routes are declared in.
  const groupOrder = Object.keys(MENU_GROUPS);
  const rank = (section: Section) => (section.group === null ? -1 : groupOrder.indexOf(section.group));
  sections.sort((a, b) => rank(a) - rank(b));
  // A menu of one page is just that page.
  return sections.map((section) =>
    section.group !== null && section.links.length === 1 ? { group: null, link: section.links[0]! } : section,
  );
}

function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="admin-nav__badge" aria-label={`새 알림 ${count}건`}>
      {count > 99 ? "99+" : count}
    </span>
  );
}

function MenuLink({ link, className }: { link: MenuLinkShown; className: string }) {
  return (
    <Link to={link.to} className={link.current ? `${className} active` : className} aria-current={link.current ? "page" : undefined}>
      {link.label}
      <Badge count={link.count} />
    </Link>
  );
}

export function ConsoleMenu({ links }: { links: MenuLinkShown[] }) {
  const desk = useRef<HTMLElement>(null);
  const location = useLocation();

  // A page opened from a menu closes it.
  useEffect(() => {
    for (const menu of desk.current?.querySelectorAll("details[open]") ?? []) (menu as HTMLDetailsElement).open = false;
  }, [location.key]);

  useEffect(() => {
    const nav = desk.current;
    if (!nav) return;
    const openMenus = () => [...nav.querySelectorAll<HTMLDetailsElement>("details[open]")];
    const closeOutside = (target: EventTarget | null) => {
      for (const menu of openMenus()) if (!(target instanceof Node && menu.contains(target))) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = openMenus();
      if (open.length === 0) return;
      for (const menu of open) menu.open = false;
      open[0]!.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => closeOutside(event.target);
    const onFocus = (event: FocusEvent) => closeOutside(event.target);
    // Opening one menu closes the others (toggle does not bubble: listen while capturing).
    const onToggle = (event: Event) => {
      const menu = event.target as HTMLDetailsElement;
      if (menu.open) for (const other of openMenus()) if (other !== menu) other.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    nav.addEventListener("toggle", onToggle, true);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
      nav.removeEventListener("toggle", onToggle, true);
    };
  }, []);

  return (
    <>
      <nav className="admin-nav admin-nav--desk" aria-label="관리자 메뉴" ref={desk}>
        <ul className="admin-menu">
          {sectionsOf(links).map((section) =>
            section.group === null ? (
              <li key={section.link.to}>
                <MenuLink link={section.link} className="admin-nav__link" />
              </li>
            ) : (
              <li key={section.group}>
                <details className="admin-menu__group">
                  <summary className={section.links.some((link) => link.current) ? "admin-nav__link active" : "admin-nav__link"}>
                    {MENU_GROUPS[section.group]}
                    <Badge count={section.links.reduce((sum, link) => sum + link.count, 0)} />
                  </summary>
                  <ul className="admin-menu__panel">
                    {section.links.map((link) => (
                      <li key={link.to}>
                        <MenuLink link={link} className="admin-menu__link" />
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ),
          )}
        </ul>
      </nav>
      <nav className="admin-nav admin-nav--phone" aria-label="관리자 메뉴">
        {links.map((link) => (
          <MenuLink key={link.to} link={link} className="admin-nav__link" />
        ))}
      </nav>
    </>
  );
}

/** The menu link of the page open: the deepest path that holds it, a link's own query first ("내 고객" is the inbox with ?mine=1). */
export function currentLink(links: ReadonlyArray<{ to: string; end: boolean }>, pathname: string, search: string): string | undefined {
  const params = new URLSearchParams(search);
  const holding = links.filter(({ to, end }) => {
    const [path = "", query] = to.split("?");
    const below = end ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
    return below && [...new URLSearchParams(query ?? "")].every(([name, value]) => params.get(name) === value);
  });
  const rank = (to: string) => (to.includes("?") ? 10_000 : 0) + to.split("?")[0]!.length;
  return holding.sort((a, b) => rank(b.to) - rank(a.to))[0]?.to;
}
