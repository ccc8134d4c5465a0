import { Link } from "react-router";
import type { MenuGroup } from "#app/content/types.ts";

/** The bar of sibling pages under a page banner; the current one is marked for screen readers too. */
export function SubMenu({ group, current }: { group: MenuGroup; current: string }) {
  return (
    <nav className="sub-menu" aria-label={`${group.title} 메뉴`}>
      <ul className="sub-menu__list">
        {group.subMenu.map((item) => (
          <li key={item.subUrl}>
            <Link to={item.subUrl} aria-current={item.subUrl === current ? "page" : undefined}>
              {item.subTitle}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
