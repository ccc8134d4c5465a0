import type { HomeContent } from "../../types";
import { communityPage, complexLayoutPage } from "./complex";
import { locationPage, premiumPage } from "./location";

const images = "/images/daegu";

export const home: HomeContent = {
  hero: {
    eyebrow: "DONGDAEGU ONBIT CHAE CENTRAL",
    headline: ["동대구의 중심에", "새로운 빛을 채우다"],
    facts: ["지하 5층 ~ 지상 33층", "아파트 540세대 · 오피스텔 56실", "2026년 4월 입주 예정"],
    registerLabel: "관심고객 등록",
    visitLabel: "견본주택 방문 예약",
    image: {
      src: `${images}/hero.svg`,
      alt: "신천 수변에 불을 밝힌 동대구 온빛채 센트럴 야경",
      width: 1920,
      height: 1080,
    },
    mobileImage: {
      src: `${images}/hero-mobile.svg`,
      alt: "신천 수변에 불을 밝힌 동대구 온빛채 센트럴 야경",
      width: 780,
      height: 1200,
    },
  },
  overview: {
    label: "사업개요",
    eyebrow: "BUSINESS OVERVIEW",
    title: "동대구역세권에 세우는 지상 33층 랜드마크",
    intro:
      "대구 동구 신천동, 아파트 4개동과 오피스텔 1개동이 지상 33층 스카이라인을 이룹니다. 전용 84㎡를 중심으로 59㎡부터 114㎡까지 가족의 크기에 맞는 평면을 준비했습니다.",
    figures: [
      { value: "540", unit: "세대", label: "아파트 4개동" },
      { value: "56", unit: "실", label: "오피스텔 1개동" },
      { value: "33", unit: "층", label: "지하 5층 ~ 지상 33층" },
      { value: "2026.04", unit: "", label: "입주 예정" },
    ],
    facts: [
      { label: "사업명", value: "동대구 온빛채 센트럴" },
      { label: "대지위치", value: "대구광역시 동구 신천동 일원" },
      { label: "건축규모", value: "지하 5층 ~ 지상 33층, 아파트 4개동 · 오피스텔 1개동" },
      { label: "공급규모", value: "아파트 540세대(전용 59·84·114㎡) · 오피스텔 56실(전용 84㎡)" },
      { label: "시공", value: "온빛건설(주)" },
      { label: "입주예정", value: "2026년 4월 예정" },
    ],
    link: { href: "/BusinessGuide/intro", label: "사업개요 자세히 보기" },
  },
  location: {
    label: "입지환경",
    eyebrow: locationPage.eyebrow,
    title: "동대구역과 신천 사이,\n모든 것이 가까운 자리",
    intro: "전국을 잇는 철도와 도시철도, 쇼핑과 의료, 학교와 수변 공원까지 일상이 가까이 있습니다.",
    points: [
      { title: "KTX·SRT 동대구역 약 1.2km", text: "서울역까지 KTX로 약 1시간 50분" },
      { title: "도시철도 1호선 신천역 약 0.5km", text: "반월당 등 대구 도심까지 한 번에" },
      { title: "동대구 JC 약 4km", text: "경부고속도로와 대구국제공항(약 5km) 이용이 편리" },
      { title: "생활 인프라", text: "복합쇼핑몰·백화점·대형마트·종합병원이 가까운 생활권" },
      { title: "도보 통학", text: "초·중·고교가 가까운 안심 학세권" },
      { title: "신천 수변 공원", text: "수변 산책로와 근린공원을 앞마당처럼 누리는 여유" },
    ],
    maps: locationPage.maps,
    note: "※ 거리는 사업지 기준 직선거리로, 실제 이동 거리와 다를 수 있습니다.",
    link: { href: "/LocationEnvironment/intro", label: "입지환경 자세히 보기" },
  },
  brand: {
    eyebrow: "BRAND STORY",
    title: "온기를 품은 빛,\n삶을 채우는 집",
    text: ["온빛채는 온빛건설의 주거 브랜드입니다.", "햇살이 깊이 드는 평면과 오래 머물고 싶은 공간으로 매일의 온기를 채웁니다."],
    image: {
      src: `${images}/brand.svg`,
      alt: "햇살을 배경으로 선 온빛채 단지와 브랜드 로고",
      width: 1600,
      height: 900,
    },
    link: { href: "/Brand/video", label: "브랜드 홍보영상 보기" },
  },
  specialPlan: {
    label: "특화설계",
    eyebrow: "SPECIAL PLAN",
    title: "공간의 가치를 높이는 특화설계",
    text: "4Bay 판상형 평면에 알파룸과 팬트리, 2.5m 천장고까지. 같은 면적도 더 넓고 밝게 쓰도록 설계했습니다.",
    image: premiumPage.image,
    note: "※ 특화설계는 타입별로 다르며, 자세한 내용은 견본주택과 입주자 모집공고에서 확인하시기 바랍니다.",
  },
  premium: {
    label: "프리미엄",
    eyebrow: "PREMIUM",
    title: "온빛채 센트럴의 네 가지 프리미엄",
    intro: "브랜드 타운의 규모, 역세권 교통, 완성된 생활 인프라, 신천 수변의 여유를 함께 누립니다.",
    cards: [
      {
        title: "PREMIUM 01",
        text1: "대규모 브랜드 타운",
        text2: "아파트 540세대와 오피스텔 56실, 지상 33층 스카이라인으로 완성되는 온빛채 브랜드 타운입니다.",
        link: "/BusinessGuide/intro",
        linkText: "사업개요 보기",
        image: {
          src: `${images}/premium-1.svg`,
          alt: "녹지 위에 나란히 선 고층 단지 일러스트",
          width: 800,
          height: 600,
        },
      },
      {
        title: "PREMIUM 02",
        text1: "KTX·SRT 동대구역 역세권",
        text2: "동대구역과 도시철도 1호선 신천역이 가까워 전국과 대구 도심으로 빠르게 이어집니다.",
        link: "/LocationEnvironment/intro",
        linkText: "입지환경 보기",
        image: {
          src: `${images}/premium-2.svg`,
          alt: "동대구역으로 모이는 철도 노선과 고속열차 일러스트",
          width: 800,
          height: 600,
        },
      },
      {
        title: "PREMIUM 03",
        text1: "걸어서 누리는 생활 인프라",
        text2: "복합쇼핑몰과 백화점, 대형 병원, 학원가가 가까워 장보기부터 진료, 교육까지 생활권 안에서 해결됩니다.",
        link: "/LocationEnvironment/intro",
        linkText: "입지환경 보기",
        image: {
          src: `${images}/premium-3.svg`,
          alt: "쇼핑몰, 병원, 카페, 학원이 늘어선 거리 일러스트",
          width: 800,
          height: 600,
        },
      },
      {
        title: "PREMIUM 04",
        text1: "신천 수변의 여유",
        text2: "신천 수변 산책로와 근린공원이 가까워 도심 한가운데서도 자연 속 산책을 일상으로 누립니다.",
        link: "/LocationEnvironment/primium",
        linkText: "프리미엄 보기",
        image: {
          src: `${images}/premium-4.svg`,
          alt: "다리가 놓인 신천과 수변 공원 일러스트",
          width: 800,
          height: 600,
        },
      },
    ],
    slides: [
      {
        title: "브랜드 타운",
        description: "아파트 540세대 · 오피스텔 56실\n지상 33층 랜드마크 스카이라인",
        image: {
          src: `${images}/premium-1.svg`,
          alt: "녹지 위에 나란히 선 고층 단지 일러스트",
          width: 800,
          height: 600,
        },
      },
      {
        title: "교통 프리미엄",
        description: "KTX·SRT 동대구역 약 1.2km\n도시철도 1호선 신천역 약 0.5km",
        image: {
          src: `${images}/premium-2.svg`,
          alt: "동대구역으로 모이는 철도 노선과 고속열차 일러스트",
          width: 800,
          height: 600,
        },
      },
      {
        title: "생활 프리미엄",
        description: "복합쇼핑몰 · 대형 병원 · 학원가\n가까이 누리는 생활 인프라",
        image: {
          src: `${images}/premium-3.svg`,
          alt: "쇼핑몰, 병원, 카페, 학원이 늘어선 거리 일러스트",
          width: 800,
          height: 600,
        },
      },
      {
        title: "자연 프리미엄",
        description: "신천 수변 산책로와 근린공원\n도심 속 여유로운 산책 생활",
        image: {
          src: `${images}/premium-4.svg`,
          alt: "다리가 놓인 신천과 수변 공원 일러스트",
          width: 800,
          height: 600,
        },
      },
    ],
  },
  complex: {
    eyebrow: "COMPLEX",
    title: "단지 안에서 완성되는 일상",
    intro: "중앙광장과 숲속 산책정원, 입주민 전용 커뮤니티까지 집 앞에서 여유를 누립니다.",
    layout: {
      label: "단지배치",
      title: "중앙광장을 품은 단지배치",
      text: "아파트 4개동과 오피스텔 1개동이 중앙광장과 수경시설을 둘러싸고, 단지 곳곳을 산책로와 정원으로 이었습니다.",
      image: complexLayoutPage.image,
      link: { href: "/ComplexGuide/intro", label: "단지배치도 보기" },
    },
    community: {
      label: "커뮤니티",
      title: "입주민 전용 커뮤니티",
      text: "피트니스센터, 작은도서관, 카페 라운지, 게스트하우스, 어린이집을 한곳에 모았습니다.",
      image: communityPage.image,
      link: { href: "/ComplexGuide/community", label: "커뮤니티 보기" },
    },
  },
  units: {
    eyebrow: "UNIT PLAN",
    title: "세대안내",
    types: {
      label: "타입",
      title: "59㎡부터 114㎡까지, 여덟 가지 평면",
      intro: "실속형 59㎡부터 4Bay 84㎡, 오피스텔 84OA, 넉넉한 114㎡까지 생활 방식에 맞는 평면을 골라 보세요.",
      summary: "전용 {area}㎡ · {count}",
    },
    vr: {
      label: "VR 모델하우스",
      title: "360° VR 모델하우스",
      intro: "견본주택을 방문하지 않아도 84A·84B 유니트를 360°로 둘러볼 수 있습니다.",
      hint: "화면을 누른 채 움직이면 집 안 구석구석을 둘러볼 수 있습니다.",
    },
    vrKeys: ["84A", "84B"],
    link: { href: "/FloorPlan/84A", label: "세대안내 자세히 보기" },
    notice: "※ 평면도는 소비자의 이해를 돕기 위한 것으로, 실제 시공 시 달라질 수 있습니다.",
  },
  form: { eyebrow: "VISIT RESERVATION" },
  place: {
    addressRegion: "대구광역시",
    addressLocality: "동구",
    streetAddress: "신천동 일원",
    accommodationUnits: 596,
  },
};
