import type { HomeContent, ImageAsset } from "#app/content/types.ts";
import { infoPages } from "./info-pages";

const images = "/images/new-site";

const premiumPicture: ImageAsset = { src: `${images}/premium-1.svg`, alt: "TODO(사이트 담당자): 그림 설명", width: 800, height: 600 };

export const home: HomeContent = {
  hero: {
    eyebrow: "TODO(사이트 담당자): PROJECT NAME",
    headline: ["TODO(사이트 담당자): 첫 화면 문구 첫 줄", "TODO(사이트 담당자): 둘째 줄"],
    facts: ["TODO(사이트 담당자): 건축규모", "TODO(사이트 담당자): 공급규모", "TODO(사이트 담당자): 입주예정"],
    registerLabel: "관심고객 등록",
    visitLabel: "견본주택 방문 예약",
    image: { src: `${images}/hero.svg`, alt: "TODO(사이트 담당자): 첫 화면 그림 설명", width: 1920, height: 1080 },
    mobileImage: { src: `${images}/hero-mobile.svg`, alt: "TODO(사이트 담당자): 첫 화면 그림 설명", width: 780, height: 1200 },
  },
  overview: {
    label: "사업개요",
    eyebrow: "BUSINESS OVERVIEW",
    title: "TODO(사이트 담당자): 사업개요 제목",
    intro: "TODO(사이트 담당자): 사업개요 소개 문장",
    figures: [{ value: "0", unit: "세대", label: "TODO(사이트 담당자): 대표 수치" }],
    facts: [{ label: "사업명", value: "TODO(사이트 담당자): 단지명" }],
    link: { href: "/BusinessGuide/intro", label: "사업개요 자세히 보기" },
  },
  location: {
    label: "입지환경",
    eyebrow: "LOCATION",
    title: "TODO(사이트 담당자): 입지 제목",
    intro: "TODO(사이트 담당자): 입지 소개 문장",
    points: [{ title: "TODO(사이트 담당자): 입지 장점", text: "TODO(사이트 담당자): 설명" }],
    maps: infoPages.location.maps,
    note: "※ 거리는 사업지 기준 직선거리로, 실제 이동 거리와 다를 수 있습니다.",
    link: { href: "/LocationEnvironment/intro", label: "입지환경 자세히 보기" },
  },
  brand: {
    eyebrow: "BRAND STORY",
    title: "TODO(사이트 담당자): 브랜드 제목",
    text: ["TODO(사이트 담당자): 브랜드 소개 문장"],
    image: infoPages.brand.image,
    link: { href: "/Brand/video", label: "브랜드 영상 보기" },
  },
  specialPlan: {
    label: "특화설계",
    eyebrow: "SPECIAL PLAN",
    title: "TODO(사이트 담당자): 특화설계 제목",
    text: "TODO(사이트 담당자): 특화설계 소개 문장",
    image: infoPages.premium.image,
    note: "※ 특화설계는 타입별로 다를 수 있습니다.",
  },
  premium: {
    label: "프리미엄",
    eyebrow: "PREMIUM",
    title: "TODO(사이트 담당자): 프리미엄 제목",
    intro: "TODO(사이트 담당자): 프리미엄 소개 문장",
    cards: [
      {
        title: "PREMIUM 01",
        text1: "TODO(사이트 담당자): 프리미엄 이름",
        text2: "TODO(사이트 담당자): 설명",
        link: "/LocationEnvironment/primium",
        linkText: "프리미엄 보기",
        image: premiumPicture,
      },
    ],
    slides: [{ title: "TODO(사이트 담당자): 프리미엄 이름", description: "TODO(사이트 담당자): 설명", image: premiumPicture }],
  },
  complex: {
    eyebrow: "COMPLEX",
    title: "TODO(사이트 담당자): 단지 제목",
    intro: "TODO(사이트 담당자): 단지 소개 문장",
    layout: {
      label: "단지배치",
      title: "TODO(사이트 담당자): 단지배치 제목",
      text: "TODO(사이트 담당자): 단지배치 설명",
      image: infoPages.complexLayout.image,
      link: { href: "/ComplexGuide/intro", label: "단지배치도 보기" },
    },
    community: {
      label: "커뮤니티",
      title: "TODO(사이트 담당자): 커뮤니티 제목",
      text: "TODO(사이트 담당자): 커뮤니티 설명",
      image: infoPages.community.image,
      link: { href: "/ComplexGuide/community", label: "커뮤니티 보기" },
    },
  },
  units: {
    eyebrow: "UNIT PLAN",
    title: "세대안내",
    types: {
      label: "타입",
      title: "TODO(사이트 담당자): 평면 제목",
      intro: "TODO(사이트 담당자): 평면 소개 문장",
      summary: "전용 {area}㎡ · {count}",
    },
    vr: {
      label: "VR 모델하우스",
      title: "360° VR 모델하우스",
      intro: "TODO(사이트 담당자): VR 모델하우스 소개 문장",
      hint: "화면을 누른 채 움직이면 집 안 구석구석을 둘러볼 수 있습니다.",
    },
    vrKeys: ["A"],
    link: { href: "/FloorPlan/A", label: "세대안내 자세히 보기" },
    notice: "※ 평면도는 소비자의 이해를 돕기 위한 것으로, 실제 시공 시 달라질 수 있습니다.",
  },
  form: { eyebrow: "VISIT RESERVATION" },
  place: {
    addressRegion: "TODO(사이트 담당자): 시·도",
    addressLocality: "TODO(사이트 담당자): 시·군·구",
    streetAddress: "TODO(사이트 담당자): 읍·면·동",
    // TODO(사이트 담당자): homes and officetels in all.
    accommodationUnits: 0,
  },
};
