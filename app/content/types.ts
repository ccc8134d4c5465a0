import type { PriceSheet } from "#app/utils/payment-plan.ts";
import type { LeadGrade, LeadKind } from "#app/vocabulary.ts";

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
  /** Id of the `menu` or `subMenus` group whose sub-menu bar the page shows (none if unknown). */
  group: string;
  /** The frame shows it above the page; its title is the page's <h1>. */
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
  /** Officetels are sold by contract area (전용 + 공용 + 기타공용); apartments leave these out. */
  contractM2?: string;
  contractPyeong?: string;
}

export interface UnitType {
  /** URL key, e.g. "84A", "84OA". */
  key: string;
  /** Label shown to people, e.g. "84A㎡". */
  label: string;
  kind: "apartment" | "officetel";
  area: UnitArea;
  floorPlan: ImageAsset;
  /** The first is the plan's one-line summary (the page's heading), the rest its strong points. */
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

/** Fonts the code knows how to load (root.tsx); a pack names one. */
export type SiteFont = "pretendard" | "system";

/** How the development looks: its palette, font and favicon. Layout and spacing stay in code. */
export interface SiteTheme {
  /** Hex colours ("#1c2a3a"), written on <html> as the CSS variables global.css reads (app/utils/theme.ts). */
  colors: {
    /** Headings, the header's phone button, dark buttons. */
    brand: string;
    /** Banners, footer and other dark bands. */
    brandDeep: string;
    /** Lighter shade of the brand for gradients on dark bands. */
    brandSoft: string;
    /** Highlights: rules, call-to-action buttons, the current menu item. */
    accent: string;
    /** The accent on dark backgrounds (eyebrows, the focus ring there). */
    accentLight: string;
    /** The accent dark enough for text on white and on `surface` (WCAG AA, 4.5:1). */
    accentInk: string;
    /** Soft section and card backgrounds. */
    surface: string;
    surfaceDeep: string;
    /** Hairlines: table rules, card borders, dividers. */
    line: string;
  };
  /**
   * "pretendard": Pretendard on screens wider than 900 px and the system's Korean sans on phones
   * (docs/decisions/009-fonts.md); "system": the system's sans everywhere, no font download.
   */
  font: SiteFont;
  /** An SVG under the pack's pictures, e.g. "/images/daegu/favicon.svg". */
  favicon: string;
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
  theme: SiteTheme;
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
    /** What pages without a picture of their own show in link previews (the build makes its PNG). */
    shareImage: ImageAsset;
    keywords: string[];
  };
  menu: MenuGroup[];
  /**
   * Sub-menu bars a page may show that are not top-menu groups (a page's `group` names either).
   * Daegu's "videos" (/FloorPlan/videos, /LocationEnvironment/intro, /LocationEnvironment/primium)
   * for /FloorPlan/videos. The floor-plan pages show the top menu's group that lists the unit types
   * (app/content/unit-tabs.ts), so every type is a tab on every other type's page.
   */
  subMenus: MenuGroup[];
  familySite: { label: string; url: string };
  footerDisclaimer: string[];
  copyrightYear: number;
  /** Keyed by canonical path, e.g. "/Brand/intro". */
  pages: Record<string, PageInfo>;
  /**
   * The unit types, one list: each is a page (/FloorPlan/{key}), a tab in the menu and on every
   * type's page (floorPlanTabs), a tab of the home page's unit plan, and a sitemap entry.
   */
  units: UnitType[];
  /** VR model-house tours (/FloorPlan/Emodel and the home page). */
  vrTabs: VrTab[];
  /** Bodies of the informational pages (pages area). */
  infoPages: InfoPages;
  /** Press articles seeded into an empty database (demo packs only; a real site starts empty). */
  demoPress: DemoPressArticle[];
  /** A 분양가 table and 납부 일정 published into an empty database (demo packs only; a real site's office publishes its own). */
  demoPriceSheet?: PriceSheet;
  /** The press list and article pages (/{site}/press): their metadata and banner. */
  pressPage: { title: string; description: string; banner: PageBanner };
  /** Lead forms: consent notice, customer pages, confirmation SMS (leads area). */
  leads: LeadContent;
  /** The /privacy page (개인정보처리방침). */
  privacy: PrivacyPolicy;
  /** The home page's sections (home area). */
  home: HomeContent;
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

// ── Leads area: forms, consent and the privacy policy ──

/** The consent notice every lead form shows (PIPA art. 15: purpose, items, retention, refusal). */
export interface LeadConsent {
  /** Stored with each lead; change it whenever the wording below changes. */
  version: string;
  label: string;
  purpose: string;
  items: string;
  retention: string;
  /** The right to refuse and what refusing means. */
  refusal: string;
}

/** A page served by code (not a `pages` entry) with its metadata and banner. */
export interface LeadPage {
  title: string;
  description: string;
  banner: PageBanner;
}

export interface LeadContent {
  /** The receipt numbers' prefix ("DG" → "DG-20261125-0042"); without one, the slug's first two letters. */
  receiptPrefix?: string;
  consent: LeadConsent;
  popup: { title: string; intro: string };
  /** /Promotion/Customer. */
  inquiryPage: LeadPage & { heading: string; intro: string[]; image: ImageAsset };
  /** /{site}/customer and the home page's reservation form. */
  visitPage: LeadPage & { heading: string; intro: string[] };
  /** How the sales office names each kind of lead, e.g. "방문 예약". */
  kindLabels: Record<LeadKind, string>;
  /**
   * The 가망 등급 a counsellor gives a customer, as this office words them: a short label and what
   * it means, shown as a legend beside the grade buttons.
   */
  grades: Record<LeadGrade, { label: string; meaning: string }>;
  /**
   * The confirmation SMS sent to a visitor, and the optional note to staff. In every text of the
   * pack, a particle after a placeholder is written as forms write it, "(으)로", "을(를)", "이(가)" …,
   * and the one the filled value takes is chosen ("1661-0000으로", "1588-1234로"): app/utils/template.ts.
   */
  sms: {
    /** Starts every message, e.g. "[동대구 온빛채 센트럴]". */
    senderName: string;
    /**
     * The number the site's texts come from (digits), registered with the SMS provider; without
     * one, SMS_SENDER. Korean law only lets a business send from numbers it registered.
     */
    senderNumber?: string;
    /** Office numbers that get a short note (masked) for every new lead of this site. */
    staffRecipients: string[];
    /** What the visitor's message confirms, per kind. */
    headlines: Record<LeadKind, string>;
    /**
     * The free number that stops advertising texts (정보통신망법 제50조), as dialled: "080-000-0000".
     * Every advertising text ends with "무료수신거부 {optOutNumber}"; {optOut} in a template is that line.
     */
    optOutNumber: string;
    /**
     * The visitor's message. Placeholders: {senderName} {maskedName} {headline} {modelHouseAddress}
     * {modelHouseHours} {salesPhone} {optOut} {receiptNumber} ("DG-20261125-0042"). What a visitor typed never goes into a text: the name
     * only masked ("김*늘"), the message not at all. A confirmation, not advertising: no promotion
     * lines (잔여세대, 선착순 …), which would make it an advertising text (tests/pack-checks.ts).
     */
    confirmation: string;
    /** The note to staff (no full name or number). Placeholders: {senderName} {kindLabel} {maskedName} {maskedPhone}. */
    staff: string;
    /** Texts the team sends from a lead's page (/admin/leads/:id), offered as starting points. */
    templates: SmsTemplate[];
    /**
     * Sent at once when a customer's withdrawal from advertising is recorded (by link, 080 list or the
     * console): the law asks that the person be told the result within 14 days. Informational, not
     * advertising. Placeholders: {senderName} {date} (처리일, "2026-11-25") {salesPhone}.
     */
    optOutConfirmation: string;
    /**
     * The two-year reconfirmation notice of a consent to advertising (정보통신망법 §50⑧, 시행령 §62의3):
     * the sender, the date of consent, and how to keep or withdraw it. Informational, not advertising.
     * Placeholders: {senderName} {consentDate} ("2024-11-25") {optOutUrl} (the personal opt-out link)
     * {optOutNumber} {salesPhone}.
     */
    reconfirmation: string;
    /**
     * The key of the template the call sheet sends in one tap after a 부재 (a missed call): an
     * informational text, never advertising (tests/pack-checks.ts).
     */
    missedCallTemplate: string;
  };
  /**
   * Limits on texts, so that nobody can use the forms to flood a phone or run up the bill: past
   * them a lead is still stored, its texts held (never sent), and the console says why.
   */
  textBudget: {
    /** Confirmations one phone may receive from the site in 24 hours. */
    perPhonePerDay: number;
    /**
     * Confirmations of new leads the site may send in an hour. Reminders, staff notes, invitations
     * and texts the team writes have no ceiling here: visitor traffic never holds them.
     */
    confirmationsPerHour: number;
  };
  visits: VisitScheduleContent;
}

/**
 * A text the team sends to a customer from the console. Placeholders: {customerName} {senderName}
 * {modelHouseAddress} {modelHouseHours} {salesPhone} {staffName} {remainingUnits} (the site's
 * remaining-units line; a template with it is offered only while the site shows one).
 */
export interface SmsTemplate {
  /** Stable within the pack: the form names the template by it. */
  key: string;
  /** What staff see in the template menu. */
  label: string;
  text: string;
  /**
   * Advertising content (분양 소식, 잔여세대, 이벤트): sent only to customers who agreed to it, never
   * 21:00–08:00, and wrapped in "(광고)", the sender's name and the opt-out line, which the
   * console adds, so the template leaves them out.
   */
  advertising?: boolean;
}

/** How the model house takes bookings by time slot, and what the visitor is told. */
export interface VisitScheduleContent {
  /** The visit form's introduction while days are on offer (the visit page's own intro otherwise). */
  intro: string[];
  /** Korean wall-clock start of each slot when a day is opened, e.g. ["10:00", "11:00", …]. */
  slotTimes: string[];
  slotMinutes: number;
  /** Places in each slot when a day is opened. */
  capacity: number;
  /** Days from today the demo schedule opens on a fresh database (0: none). */
  demoDays: number;
  /** 방문 인원 the forms offer, 1 to this (4 when unset). */
  maxPartySize?: number;
  sms: {
    /**
     * Sent when a slot is booked (or the booking moved). Placeholders: {senderName} {maskedName} {date} {time}
     * {modelHouseAddress} {mapUrl} (Kakao Map's search for it) {cancelUrl} {salesPhone} {optOut} {receiptNumber} (the lead's, "DG-20261125-0042").
     */
    booked: string;
    /** Sent the day before the visit; the same placeholders. */
    reminder: string;
    /**
     * Sent when the visitor cancels through their link, so the phone that booked hears of it.
     * Placeholders: {senderName} {maskedName} {date} {time} {salesPhone}.
     */
    cancelled: string;
    /**
     * Sent when the office closes a day that has bookings: the booking is cancelled. Not an
     * advertisement, so no promotion in it. Placeholders: {senderName} {maskedName} {date} {time}
     * {salesPhone}.
     */
    dayClosed: string;
    /** Sent on the visit's day, the site's hours before it (/admin/visits); the placeholders of `reminder`. */
    reminderToday: string;
    /**
     * Sent once after a visit is marked 노쇼: informational, no promotion; {cancelUrl} is the booking's
     * page, where a new time can be chosen. The placeholders of `reminder`.
     */
    noShow: string;
    /**
     * Sent when a visitor joins a full time's waitlist. Placeholders: {senderName} {maskedName} {date}
     * {time} {waitlistUrl} (their place in line, to leave it) {salesPhone}.
     */
    waitlistJoined: string;
    /** Sent when a place is held for them; the same placeholders and {holdUntil} ("14:35"). */
    waitlistOffer: string;
  };
}

export interface PrivacyPolicy {
  page: LeadPage;
  /** Section headings, in the order the page shows them. */
  headings: Record<
    | "purposes"
    | "items"
    | "retention"
    | "destruction"
    | "processors"
    | "thirdParties"
    | "rights"
    | "safeguards"
    | "officer"
    | "remedies"
    | "changes",
    string
  >;
  /** Small labels inside the sections. */
  labels: Record<"collected" | "how" | "processorName" | "processorTask" | "phone" | "email" | "effective", string>;
  /** Who is responsible for the personal data (the data controller). */
  controller: string;
  effectiveDate: string;
  intro: string;
  purposes: string[];
  items: { collected: string; how: string };
  /** After the consent notice's own retention sentence, which the page puts first (it may be the office's setting). */
  retention: string[];
  destruction: string[];
  thirdParties: string;
  rights: string[];
  safeguards: string[];
  officer: { title: string; name: string; department: string; phone: string; email: string };
  remedies: { name: string; contact: string }[];
  changes: string;
}

// ── Home area: the sections of the home page ──

/** A link from a home section to the page that tells more. */
export interface HomeLink {
  href: string;
  label: string;
}

/** A section heading: a small English label over the Korean title. */
export interface HomeHeading {
  eyebrow: string;
  title: string;
}

/** A headline figure, e.g. { value: "540", unit: "세대", label: "아파트" }. */
export interface HomeFigure {
  value: string;
  unit: string;
  label: string;
}

/** A picture with a few lines about it (complex layout, special plan, community). */
export interface HomeFeature {
  /** The accordion label on phones, e.g. "단지배치". */
  label: string;
  title: string;
  text: string;
  image: ImageAsset;
  link?: HomeLink;
}

export interface HomeContent {
  hero: {
    eyebrow: string;
    /** Under the <h1> (the project name), one entry per line. */
    headline: string[];
    facts: string[];
    registerLabel: string;
    visitLabel: string;
    image: ImageAsset;
    /** Drawn instead of `image` at 900 px and below. */
    mobileImage: ImageAsset;
  };
  /** Business overview; `label` names its accordion item on phones. */
  overview: HomeHeading & { label: string; intro: string; figures: HomeFigure[]; facts: LabelValue[]; link: HomeLink };
  location: HomeHeading & {
    label: string;
    intro: string;
    points: LocationHighlight[];
    maps: { label: string; image: ImageAsset }[];
    note: string;
    link: HomeLink;
  };
  brand: HomeHeading & { text: string[]; image: ImageAsset; link: HomeLink };
  specialPlan: HomeFeature & { eyebrow: string; note: string };
  /** Cards on every screen; on phones the slides also run in the overview's "premium" item. */
  premium: HomeHeading & { label: string; intro: string; cards: PremiumCard[]; slides: PremiumSlide[] };
  complex: HomeHeading & { intro: string; layout: HomeFeature; community: HomeFeature };
  units: {
    eyebrow: string;
    /** The title while neither group is open. */
    title: string;
    /** One tab per unit type (`units`); `summary` is the line under each plan, {area} and {count} from its type. */
    types: { label: string; title: string; intro: string; summary: string };
    vr: { label: string; title: string; intro: string; hint: string };
    /** Keys of the VR tour tabs (e.g. "84A", "84B"). */
    vrKeys: string[];
    link: HomeLink;
    notice: string;
  };
  /** The #interestForm section; its heading and intro are `leads.visitPage`'s. */
  form: { eyebrow: string };
  /** For the page's JSON-LD (schema.org ApartmentComplex). */
  place: { addressRegion: string; addressLocality: string; streetAddress: string; accommodationUnits: number };
}

// ── Pages area: the bodies of the informational pages ──

/** A titled point: a location highlight, a facility, a step, a brand value. */
export interface InfoPoint {
  title: string;
  text: string;
}

/** A section of an informational page: a small English label, its <h2> and paragraphs. */
export interface InfoSection {
  eyebrow: string;
  title: string;
  intro: string[];
}

/** A section with one picture and the notes (disclaimers) printed under it. */
export interface IllustratedSection extends InfoSection {
  image: ImageAsset;
  notes: string[];
}

export interface InfoPages {
  /** /Brand/intro */
  brand: IllustratedSection & { values: InfoPoint[] };
  /** /Brand/video: the player is built in code from `videoId`. */
  brandVideo: InfoSection & { video: { title: string; videoId: string }; notes: string[] };
  /** /BusinessGuide/intro: the project facts table. */
  business: InfoSection & { caption: string; facts: LabelValue[]; notes: string[] };
  /** /BusinessGuide/plan and /BusinessGuide/documents until their content is published. */
  comingSoon: { label: string; schedule: InfoSection; documents: InfoSection };
  /** /SalesInfo/announcement: a preview of the recruitment notice and its PDF. */
  announcement: IllustratedSection & { pdf: { href: string; label: string; loadingLabel: string } };
  /** /SalesInfo/SubscriptionGuide: how to apply online. */
  subscription: IllustratedSection & { steps: InfoPoint[]; link: { href: string; label: string } };
  /** /SalesInfo/stampTax: the officetel sale notice and the stamp tax the buyer pays. */
  officetel: IllustratedSection & {
    facts: LabelValue[];
    stampTax: { title: string; caption: string; headers: [string, string]; rows: LabelValue[]; note: string };
  };
  /** /LocationEnvironment/intro */
  location: InfoSection & { highlights: InfoPoint[]; maps: { label: string; image: ImageAsset }[]; notes: string[] };
  /** /LocationEnvironment/primium */
  premium: IllustratedSection & { points: InfoPoint[] };
  /** /ComplexGuide/intro */
  complexLayout: IllustratedSection & { zoomLabel: string };
  /** /ComplexGuide/detailintro */
  unitPlacement: IllustratedSection & { zoomLabel: string };
  /** /ComplexGuide/community */
  community: IllustratedSection & { facilities: InfoPoint[] };
  /** /FloorPlan/{type}: what every floor-plan page prints around the pack's `units`. */
  floorPlan: {
    eyebrow: string;
    featuresTitle: string;
    /** The link to the full-size plan, for small screens. */
    zoomLabel: string;
    notes: string[];
    table: {
      caption: string;
      area: string;
      squareMetres: string;
      pyeong: string;
      exclusive: string;
      supply: string;
      contract: string;
      apartmentCount: string;
      officetelCount: string;
    };
  };
  /** /FloorPlan/videos */
  videos: InfoSection & { tabListLabel: string; tabs: VideoTab[]; notes: string[] };
  /** /FloorPlan/Emodel: tours come from the pack's `vrTabs`. */
  emodel: InfoSection & { tabListLabel: string; hint: string; notes: string[] };
  /** /Interior/{key} */
  interior: { eyebrow: string; intro: string[]; notes: string[]; sets: InteriorSet[] };
}

/** What the public frame shows of the content pack (the site layout's loader sends exactly this). */
export type FrameContent = Pick<
  SitePack,
  "brand" | "phone" | "menu" | "builder" | "developer" | "company" | "familySite" | "footerDisclaimer" | "copyrightYear"
> & {
  /** The time-slot booking page (/{site}/customer), where every 방문예약 button leads. */
  visitPath: string;
  /** The office's Kakao channel (a site setting; no pack value): a button in the footer and the phone's bottom bar when set. */
  kakaoChannelUrl?: string;
  /**
   * The office's mobile consultation page (a site setting; no pack value): when set, the header's
   * "모바일 상담" opens it instead of the inquiry page, and the phone's bottom bar gets the button too.
   */
  mobileConsultUrl?: string;
  /** The 분양 advertising disclosures the office filled in site settings (app/forms/disclosures.ts), printed after 시행·시공. */
  disclosures: { label: string; value: string }[];
  /** The remaining-units line (the board's counts or the office's line) for the header's pill, and where it links. */
  remainingUnits?: { line: string; path: string | null };
};
