import type { SitePack } from "../../types";
import { menu, subMenus } from "./menu";
import { pages } from "./pages";
import { demoPress } from "./press";
import { demoPriceSheet } from "./prices";
import { leads } from "./leads";
import { privacy } from "./privacy";
import { home } from "./home";
import { infoPages } from "./info-pages";
import { vrTabs } from "./media";
import { units } from "./units";

const images = "/images/daegu";

export const daegu: SitePack = {
  slug: "daegu",
  brand: {
    name: "온빛채",
    nameEn: "ONBIT CHAE",
    projectName: "동대구 온빛채 센트럴",
    logo: { src: `${images}/logo.svg`, alt: "온빛채", width: 360, height: 80 },
    logoOnDark: { src: `${images}/logo-white.svg`, alt: "온빛채", width: 360, height: 80 },
  },
  // Deep navy, warm gold and cream: a night skyline lit by warm windows.
  theme: {
    colors: {
      brand: "#1c2a3a",
      brandDeep: "#131d29",
      brandSoft: "#2a3b4f",
      accent: "#b8955a",
      accentLight: "#d4b47c",
      accentInk: "#7d5f2e",
      surface: "#f6f1e8",
      surfaceDeep: "#ece4d6",
      line: "#e4ddd0",
    },
    font: "pretendard",
    favicon: `${images}/favicon.svg`,
  },
  builder: "온빛건설(주)",
  developer: "신천도시개발(주)",
  company: {
    name: "동대구 온빛채 센트럴 분양홍보관",
    address: "대구광역시 동구 신천동 일원",
  },
  phone: "1661-0000",
  consultationHours: "24시간 상담 가능",
  modelHouse: {
    address: "대구광역시 동구 동부로 000, 온빛채 견본주택",
    hours: "매일 10:00 ~ 18:00 (방문 예약제)",
  },
  seo: {
    siteName: "동대구 온빛채 센트럴",
    defaultDescription: "동대구역세권 신천동에 들어서는 아파트 540세대·오피스텔 56실, 동대구 온빛채 센트럴 공식 분양 홈페이지입니다.",
    shareImage: { src: `${images}/share.svg`, alt: "동대구 온빛채 센트럴", width: 1200, height: 630 },
    keywords: ["동대구 온빛채 센트럴", "신천동 아파트", "동대구역 아파트", "대구 분양", "오피스텔 분양"],
  },
  menu,
  subMenus,
  familySite: { label: "온빛건설", url: "https://example.com/onbit" },
  footerDisclaimer: [
    "본 홈페이지의 이미지, 조경, 시설물 및 주변 환경은 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있으며 변경될 수 있습니다.",
    "단지 주변 개발계획은 인허가 및 정부 정책에 따라 변경·연기·취소될 수 있으며, 이에 대해 시행사 및 시공사는 책임을 지지 않습니다.",
  ],
  copyrightYear: 2025,
  pages,
  units,
  vrTabs,
  infoPages,
  demoPress,
  demoPriceSheet,
  pressPage: {
    title: "보도자료 | 동대구 온빛채 센트럴",
    description: "동대구 온빛채 센트럴의 분양 소식과 언론 보도를 모았습니다. 견본주택 개관, 청약 일정, 현장 소식을 확인하세요.",
    banner: { title: "보도자료", taglines: ["동대구 온빛채 센트럴의 새로운 소식을 전해드립니다"] },
  },
  leads,
  privacy,
  home,
};
