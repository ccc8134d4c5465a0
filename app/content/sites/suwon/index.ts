import type { SitePack } from "../../types";
import { home } from "./home";
import { infoPages } from "./info-pages";
import { leads } from "./leads";
import { vrTabs } from "./media";
import { menu, subMenus } from "./menu";
import { pages } from "./pages";
import { demoPress } from "./press";
import { demoPriceSheet } from "./prices";
import { privacy } from "./privacy";
import { units } from "./units";

const images = "/images/suwon";

/** A demo development: officetels only, by Gwanggyo Lake Park in Suwon. Every name and number is fictional. */
export const suwon: SitePack = {
  slug: "suwon",
  brand: {
    name: "루미엘",
    nameEn: "LUMIEL",
    projectName: "광교 루미엘 더 레이크",
    logo: { src: `${images}/logo.svg`, alt: "루미엘", width: 360, height: 80 },
    logoOnDark: { src: `${images}/logo-white.svg`, alt: "루미엘", width: 360, height: 80 },
  },
  // Deep lake teal, coral sunset and a misty surface: the lake at dusk.
  theme: {
    colors: {
      brand: "#15403f",
      brandDeep: "#0c2a2a",
      brandSoft: "#1f5553",
      accent: "#e08a6d",
      accentLight: "#f2b49b",
      accentInk: "#a4482c",
      surface: "#eef4f2",
      surfaceDeep: "#dde8e4",
      line: "#d5e0dc",
    },
    // The system's Korean sans everywhere: no font download on any screen.
    font: "system",
    favicon: `${images}/favicon.svg`,
  },
  builder: "루미엘이앤씨(주)",
  developer: "호수마루개발(주)",
  company: {
    name: "광교 루미엘 더 레이크 분양홍보관",
    address: "경기도 수원시 영통구 하동 일원",
  },
  phone: "1668-2400",
  consultationHours: "매일 10:00 ~ 19:00 상담",
  modelHouse: {
    address: "경기도 수원시 영통구 광교중앙로 000, 루미엘 갤러리",
    hours: "매일 10:30 ~ 18:00 (방문 예약제)",
  },
  seo: {
    siteName: "광교 루미엘 더 레이크",
    defaultDescription:
      "광교호수공원과 신분당선 광교중앙역 사이에 들어서는 오피스텔 488실, 광교 루미엘 더 레이크 공식 분양 홈페이지입니다.",
    shareImage: { src: `${images}/share.svg`, alt: "광교 루미엘 더 레이크", width: 1200, height: 630 },
    keywords: ["광교 루미엘 더 레이크", "광교 오피스텔", "광교호수공원 오피스텔", "광교중앙역 오피스텔", "수원 오피스텔 분양"],
  },
  menu,
  subMenus,
  familySite: { label: "루미엘이앤씨", url: "https://example.com/lumiel" },
  footerDisclaimer: [
    "본 홈페이지의 이미지, 조경, 시설물 및 주변 환경은 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있으며 변경될 수 있습니다.",
    "본 사업은 「건축물의 분양에 관한 법률」에 따라 분양하는 오피스텔로, 세부 사항은 반드시 분양공고를 확인하시기 바랍니다.",
  ],
  copyrightYear: 2026,
  pages,
  units,
  vrTabs,
  infoPages,
  demoPress,
  demoPriceSheet,
  pressPage: {
    title: "보도자료 | 광교 루미엘 더 레이크",
    description: "광교 루미엘 더 레이크의 분양 소식과 언론 보도를 모았습니다. 갤러리 개관, 청약 일정, 현장 소식을 확인하세요.",
    banner: { title: "보도자료", taglines: ["광교 루미엘 더 레이크의 새로운 소식을 전해드립니다"] },
  },
  leads,
  privacy,
  home,
};
