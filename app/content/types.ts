/**
 * The shape of a content pack: everything one development changes (words, numbers,
 * pictures, links). Layout and behaviour live in code; a new development is a new pack.
 */

/** Every picture declares its intrinsic size so the page reserves its box (no layout shift). */
export interface ImageAsset {
  /** Public URL, e.g. "/images/daegu/floorplan-84a.svg". Raster sources get AVIF/WebP variants at build. */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface SubMenuItem {
  subTitle: string;
  subUrl: string;
}

export interface MenuGroup {
  /** Stable id used to pick the sub-menu bar of a page, e.g. "brand". */
  id: string;
  title: string;
  subMenu: SubMenuItem[];
}

export interface PageBanner {
  title: string;
  taglines: string[];
}

/** Per-URL metadata: every public page has its own title, description and banner. */
export interface PageInfo {
  title: string;
  description: string;
  /** Menu group whose sub-menu bar the page shows. */
  group: string;
  banner: PageBanner;
}

export interface LabelValue {
  label: string;
  value: string;
}

export interface LocationHighlight {
  title: string;
  text: string;
}

export interface PremiumCard {
  image: ImageAsset;
  title: string;
  text1: string;
  text2: string;
  link: string;
  linkText: string;
}

export interface PremiumSlide {
  image: ImageAsset;
  title: string;
  /** May contain line breaks ("\n"). */
  description: string;
}

export interface UnitArea {
  /** Square metres as text so "추후 공지" fits; e.g. "84.97". */
  exclusiveM2: string;
  supplyM2: string;
  exclusivePyeong: string;
  supplyPyeong: string;
  unitCount: string;
}

export interface UnitType {
  /** URL key, e.g. "84A", "84OA". */
  key: string;
  /** Label shown to people, e.g. "84A㎡". */
  label: string;
  kind: "apartment" | "officetel";
  area: UnitArea;
  floorPlan: ImageAsset;
  features: string[];
}

export interface InteriorSet {
  key: string;
  label: string;
  images: ImageAsset[];
}

export interface VideoTab {
  id: 1 | 2 | 3;
  title: string;
  /** Video provider id; the embed URL is built in code. */
  videoId: string;
}

export interface VrTab {
  key: string;
  title: string;
  url: string;
}

export interface SitePack {
  /** URL slug used in /{site}/press and /{site}/customer. */
  slug: string;
  brand: {
    name: string;
    nameEn: string;
    projectName: string;
    logo: ImageAsset;
    logoOnDark: ImageAsset;
  };
  builder: string;
  developer: string;
  company: {
    name: string;
    address: string;
  };
  /** The sales line, the spec's {phone}. */
  phone: string;
  consultationHours: string;
  modelHouse: {
    address: string;
    hours: string;
  };
  seo: {
    siteName: string;
    defaultDescription: string;
    shareImage: ImageAsset;
    keywords: string[];
  };
  menu: MenuGroup[];
  familySite: { label: string; url: string };
  footerDisclaimer: string[];
  copyrightYear: number;
  /** Keyed by canonical path, e.g. "/Brand/intro". */
  pages: Record<string, PageInfo>;
  /** Press articles seeded into an empty database (demo packs only; a real site starts empty). */
  demoPress: DemoPressArticle[];
}

/** A press article the demo database starts with. */
export interface DemoPressArticle {
  title: string;
  summary: string;
  content: string;
  /** Days before first start; fractional values give times of day. */
  daysAgo: number;
  views: number;
}
