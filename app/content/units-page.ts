import type { MenuGroup, PageInfo, SitePack } from "./types";

/**
 * The public 잔여세대 page and the header's remaining-units pill: words shared by every pack. The
 * page is not a `pages` entry of a pack: it exists only while the office turns it on in the
 * console (app/.server/units/remaining.ts), so the frame adds its menu item and banner then.
 */

export const PUBLIC_UNITS_PATH = "/SalesInfo/units";
/** The menu group the page joins (분양안내). */
export const PUBLIC_UNITS_GROUP = "sales";

export const REMAINING_UNITS_WORDS = {
  pill: "잔여세대",
  menuTitle: "잔여세대",
  banner: { title: "잔여세대", taglines: ["타입별·동별 남은 세대를 확인하세요"] },
  byType: "타입별 잔여세대",
  byBuilding: "동별 잔여세대",
  remaining: "잔여",
  total: "전체",
  none: "잔여 없음",
  households: "세대",
  unitsOf: (building: string, count: number) => `${building}동 남은 세대 ${count}개 보기`,
  ask: "이 세대 상담 신청",
  calculate: "납부 금액 계산",
  note: "상담 중인 세대도 잔여세대에 포함되며, 계약 상황에 따라 수시로 바뀝니다. 정확한 동·호수와 분양가는 분양 상담과 입주자 모집공고를 기준으로 합니다.",
  empty: "지금은 안내할 잔여세대 정보가 없습니다. 분양 상담으로 문의해 주세요.",
  description: (projectName: string) => `${projectName}의 타입별·동별 잔여세대 현황입니다. 계약 상황에 따라 바로바로 반영됩니다.`,
} as const;

/** The page's entry as the frame needs it (banner, group). */
export function unitsPageInfo(site: SitePack): PageInfo {
  return {
    title: `${REMAINING_UNITS_WORDS.banner.title} | ${site.brand.projectName}`,
    description: REMAINING_UNITS_WORDS.description(site.brand.projectName),
    group: PUBLIC_UNITS_GROUP,
    banner: { title: REMAINING_UNITS_WORDS.banner.title, taglines: [...REMAINING_UNITS_WORDS.banner.taglines] },
  };
}

/** The menu with the page's item in its group (after the group's own items), when the page is on. */
export function menuWithUnitsPage(menu: MenuGroup[]): MenuGroup[] {
  return menu.map((group) =>
    group.id === PUBLIC_UNITS_GROUP && !group.subMenu.some((item) => item.subUrl === PUBLIC_UNITS_PATH)
      ? { ...group, subMenu: [...group.subMenu, { subTitle: REMAINING_UNITS_WORDS.menuTitle, subUrl: PUBLIC_UNITS_PATH }] }
      : group,
  );
}
