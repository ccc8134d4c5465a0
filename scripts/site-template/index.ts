import type { SitePack } from "#app/content/types.ts";
import { home } from "./home";
import { infoPages } from "./info-pages";
import { leads } from "./leads";
import { menu, subMenus } from "./menu";
import { pages } from "./pages";
import { demoPress } from "./press";
import { privacy } from "./privacy";
import { units, vrTabs } from "./units";

// Made by `npm run site:new`. Every value marked TODO(사이트 담당자) is a placeholder a person
// replaces before the site goes live; the others are common wording to check.
const images = "/images/new-site";

export const newSite: SitePack = {
  slug: "new-site",
  brand: {
    name: "TODO(사이트 담당자): 브랜드명",
    nameEn: "TODO(사이트 담당자): BRAND NAME",
    projectName: "TODO(사이트 담당자): 단지명",
    logo: { src: `${images}/logo.svg`, alt: "TODO(사이트 담당자): 브랜드명", width: 360, height: 80 },
    logoOnDark: { src: `${images}/logo-white.svg`, alt: "TODO(사이트 담당자): 브랜드명", width: 360, height: 80 },
  },
  theme: {
    // TODO(사이트 담당자): the development's colours (hex). The content test checks text contrast.
    colors: {
      brand: "#2b3440",
      brandDeep: "#1c232c",
      brandSoft: "#3a4553",
      accent: "#b9a27d",
      accentLight: "#d6c4a3",
      accentInk: "#6f5b3a",
      surface: "#f4f3f0",
      surfaceDeep: "#e7e4de",
      line: "#dedad3",
    },
    // "pretendard" (web font on wide screens) or "system" (the device's Korean sans).
    font: "pretendard",
    favicon: `${images}/favicon.svg`,
  },
  builder: "TODO(사이트 담당자): 시공사(주)",
  developer: "TODO(사이트 담당자): 시행사(주)",
  company: {
    name: "TODO(사이트 담당자): 분양홍보관 상호",
    address: "TODO(사이트 담당자): 현장 주소",
  },
  // TODO(사이트 담당자): the sales line, e.g. "1668-0000".
  phone: "0000-0000",
  consultationHours: "TODO(사이트 담당자): 상담 시간",
  modelHouse: {
    address: "TODO(사이트 담당자): 견본주택 주소",
    hours: "TODO(사이트 담당자): 견본주택 운영 시간",
  },
  seo: {
    siteName: "TODO(사이트 담당자): 단지명",
    defaultDescription: "TODO(사이트 담당자): 검색 결과에 보일 단지 소개 한두 문장",
    shareImage: { src: `${images}/share.svg`, alt: "TODO(사이트 담당자): 단지명", width: 1200, height: 630 },
    keywords: ["TODO(사이트 담당자): 검색어"],
  },
  menu,
  subMenus,
  // TODO(사이트 담당자): the builder's own site.
  familySite: { label: "TODO(사이트 담당자): 패밀리사이트 이름", url: "https://example.com/" },
  footerDisclaimer: [
    "본 홈페이지의 이미지, 조경, 시설물 및 주변 환경은 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있으며 변경될 수 있습니다.",
  ],
  copyrightYear: 2026,
  pages,
  units,
  vrTabs,
  infoPages,
  demoPress,
  pressPage: {
    title: "보도자료 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 보도자료 페이지 설명",
    banner: { title: "보도자료", taglines: ["TODO(사이트 담당자): 보도자료 배너 문구"] },
  },
  leads,
  privacy,
  home,
};
