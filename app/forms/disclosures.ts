import type { SitePack } from "#app/content/types.ts";
import type { SiteSettingName, SiteSettingValues } from "./site-settings.ts";

/**
 * What 분양 advertising must show (건축물의 분양에 관한 법률 and its decree for buildings sold
 * before completion; docs/advertising.md): the permit, the land, how the money is kept, who
 * develops and builds, for officetels the seismic design, and who advertises. The office fills
 * them in site settings; the footer and the business overview show them, and the dashboard warns
 * until the required ones are filled. Client-safe.
 */

/** The heading of the business overview's disclosures table. */
export const DISCLOSURES_CAPTION = "분양 광고 표시 사항";

/** The disclosures as visitors read them, in order, with their short public labels. */
export const DISCLOSURE_LABELS = {
  permitNumber: "사업승인·건축허가",
  landOwnership: "대지소유권",
  escrow: "분양대금 관리",
  seismicDesign: "내진설계",
  onlineSubscription: "인터넷 청약",
  representative: "대표자",
  businessNumber: "사업자등록번호",
  mailOrderNumber: "통신판매업 신고",
  adAgency: "광고대행",
} as const satisfies Partial<Record<SiteSettingName, string>>;

export type DisclosureName = keyof typeof DISCLOSURE_LABELS;
const DISCLOSURE_NAMES = Object.keys(DISCLOSURE_LABELS) as DisclosureName[];

/** Shown only where used (a mail-order report, an agency), so never missing. */
const ONLY_WHERE_USED: readonly DisclosureName[] = ["mailOrderNumber", "adAgency"];

/** The disclosures this development must show: the seismic design only when it sells officetels. */
export function requiredDisclosures(pack: Pick<SitePack, "units">): DisclosureName[] {
  const officetels = pack.units.some((unit) => unit.kind === "officetel");
  return DISCLOSURE_NAMES.filter((name) => !ONLY_WHERE_USED.includes(name) && (officetels || name !== "seismicDesign"));
}

/** The required disclosures still empty, in the settings form's order. */
export function missingDisclosures(pack: Pick<SitePack, "units">, settings: SiteSettingValues): DisclosureName[] {
  return requiredDisclosures(pack).filter((name) => !settings[name]?.trim());
}

export interface Disclosure {
  label: string;
  value: string;
}

/** Every disclosure filled in, in order (the footer prints them after 시행 and 시공). */
export function disclosuresOf(settings: SiteSettingValues): Disclosure[] {
  return DISCLOSURE_NAMES.flatMap((name) => (settings[name] ? [{ label: DISCLOSURE_LABELS[name], value: settings[name] }] : []));
}

/** The business overview's list: 시행사 and 시공사 (the pack's, or their settings), then every disclosure filled in. */
export function businessDisclosures(pack: Pick<SitePack, "developer" | "builder">, settings: SiteSettingValues): Disclosure[] {
  return [{ label: "시행사", value: pack.developer }, { label: "시공사", value: pack.builder }, ...disclosuresOf(settings)];
}
