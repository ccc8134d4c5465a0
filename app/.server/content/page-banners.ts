import { menuWithUnitsPage, PUBLIC_UNITS_GROUP, PUBLIC_UNITS_PATH, unitsPageInfo } from "#app/content/units-page.ts";
import type { MenuGroup, PageBanner, PageInfo, SitePack } from "#app/content/types.ts";
import { unitSettingsOf } from "../units/settings.ts";

export interface PageHeading {
  /** The pack's spelling of the page's URL, which its sub-menu marks as current. */
  path: string;
  banner: PageBanner;
  group: MenuGroup | null;
}

/**
 * The banner and sub-menu above a page, by its URL, or null where the frame shows none (the home
 * builds its own hero; press, forms and unknown URLs are not `pages` entries). Old links spell
 * some URLs two ways (/SalesInfo/stampTax and /SalesInfo/StampTax): exact first, then ignoring
 * case. The 잔여세대 page and its menu item are there only while the office has the page on.
 */
export async function pageHeadingOf(site: SitePack, pathname: string): Promise<PageHeading | null> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return null;
  const key = keyOf(site.pages, path) ?? keyOf({ [PUBLIC_UNITS_PATH]: true }, path);
  if (key === undefined) return null;
  const packPage: PageInfo | undefined = site.pages[key];
  const groupId = packPage?.group ?? PUBLIC_UNITS_GROUP;
  const unitsPageOn = groupId === PUBLIC_UNITS_GROUP && (await unitSettingsOf(site.slug)).publicPage;
  const page = packPage ?? (unitsPageOn ? unitsPageInfo(site) : undefined);
  if (!page) return null;
  const groups = [...(unitsPageOn ? menuWithUnitsPage(site.menu) : site.menu), ...site.subMenus];
  return { path: key, banner: page.banner, group: groups.find((group) => group.id === page.group) ?? null };
}

function keyOf(record: Record<string, unknown>, path: string) {
  return Object.hasOwn(record, path) ? path : Object.keys(record).find((candidate) => candidate.toLowerCase() === path.toLowerCase());
}
