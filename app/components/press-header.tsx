import { PageBanner } from "#app/components/frame/page-banner.tsx";
import { SubMenu } from "#app/components/frame/sub-menu.tsx";
import type { MenuGroup, PageBanner as Banner } from "#app/content/types.ts";

/** What every press page shows above itself: the pack's press banner and the menu group that links here. */
export interface PressHeaderContent {
  banner: Banner;
  eyebrow: string;
  menu: MenuGroup | null;
}

/** The press pages' banner (its title is the page's <h1>) and sub-menu, "보도자료" marked current. */
export function PressHeader({ header }: { header: PressHeaderContent }) {
  return (
    <>
      <PageBanner banner={header.banner} eyebrow={header.eyebrow} />
      {header.menu ? <SubMenu group={header.menu} current={PRESS_MENU_URL} /> : null}
    </>
  );
}

/** The URL menus use for the press list (it redirects to the list of the site this server presents). */
export const PRESS_MENU_URL = "/Promotion/Press";
