import type { MenuGroup } from "#app/content/types.ts";
import { PlainLink, usePlainLinkNavigation } from "./plain-link.tsx";

/** The bar of sibling pages under a page banner; the current one is marked for screen readers too. */
export function SubMenu({ group, current }: { group: MenuGroup; current: string }) {
  const navigateInPage = usePlainLinkNavigation();
  return (
    <nav className="sub-menu" aria-label={`${group.title} 메뉴`} onClick={navigateInPage}>
      <ul className="sub-menu__list">
        {group.subMenu.map((item) => (
          <li key={item.subUrl}>
            <PlainLink to={item.subUrl} aria-current={item.subUrl === current ? "page" : undefined}>
              {item.subTitle}
            </PlainLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
