import type { HomeContent, ImageAsset } from "../../types";
import { communityPage, complexLayoutPage } from "./complex";
import { locationPage, premiumPage } from "./location";

const images = "/images/suwon";

const premiumPictures: ImageAsset[] = [
  { src: `${images}/premium-1.svg`, alt: "호수공원 수변 데크 너머로 선 두 타워 일러스트", width: 800, height: 600 },
  { src: `${images}/premium-2.svg`, alt: "광교중앙역에서 판교와 강남으로 이어지는 신분당선 노선 일러스트", width: 800, height: 600 },
  { src: `${images}/premium-3.svg`, alt: "높은 천장과 전면 창, 빌트인 주방을 갖춘 오피스텔 실내 단면 일러스트", width: 800, height: 600 },
  {
    src: `${images}/premium-4.svg`,
    alt: "스카이라운지와 피트니스, 비즈니스 라운지가 층층이 놓인 커뮤니티 일러스트",
    width: 800,
    height: 600,
  },
];

export const home: HomeContent = {
  hero: {
    eyebrow: "GWANGGYO LUMIEL THE LAKE",
    headline: ["호수 위에 번지는 빛,", "광교의 새로운 주소"],
    facts: ["지하 6층 ~ 지상 20층 2개동", "오피스텔 488실 · 전용 24~35㎡", "2028년 10월 입주 예정"],
    registerLabel: "관심고객 등록",
    visitLabel: "갤러리 방문 예약",
    image: {
      src: `${images}/hero.svg`,
      alt: "노을빛 광교호수공원 수면 위로 불을 밝힌 광교 루미엘 더 레이크의 두 타워",
      width: 1920,
      height: 1080,
    },
    mobileImage: {
      src: `${images}/hero-mobile.svg`,
      alt: "노을빛 광교호수공원 수면 위로 불을 밝힌 광교 루미엘 더 레이크의 두 타워",
      width: 780,
      height: 1200,
    },
  },
  overview: {
    label: "사업개요",
    eyebrow: "BUSINESS OVERVIEW",
    title: "광교호수공원 앞, 호수를 향한 두 개의 타워",
    intro:
      "수원시 영통구 하동, 지상 20층 오피스텔 2개동이 호수를 향해 나란히 섭니다. 원룸형 24㎡부터 투룸 35㎡까지, 혼자 또는 둘이 사는 도시 생활에 맞춘 네 가지 타입을 준비했습니다.",
    figures: [
      { value: "488", unit: "실", label: "오피스텔 2개동" },
      { value: "4", unit: "타입", label: "전용 24·29·35㎡" },
      { value: "20", unit: "층", label: "지하 6층 ~ 지상 20층" },
      { value: "2028.10", unit: "", label: "입주 예정" },
    ],
    facts: [
      { label: "사업명", value: "광교 루미엘 더 레이크" },
      { label: "대지위치", value: "경기도 수원시 영통구 하동 일원" },
      { label: "건축규모", value: "지하 6층 ~ 지상 20층, 오피스텔 2개동 및 근린생활시설" },
      { label: "공급규모", value: "오피스텔 488실 (24A · 24B · 29A · 35A)" },
      { label: "시공", value: "루미엘이앤씨(주)" },
      { label: "입주예정", value: "2028년 10월 예정" },
    ],
    link: { href: "/BusinessGuide/intro", label: "사업개요 자세히 보기" },
  },
  location: {
    label: "입지환경",
    eyebrow: locationPage.eyebrow,
    title: "호수와 역 사이,\n광교의 중심에 서다",
    intro: "호수공원과 신분당선, 경기도청과 백화점까지. 광교가 가진 것들을 걸어서 누립니다.",
    points: [
      { title: "광교호수공원 약 300m", text: "수변 데크와 산책로를 앞마당처럼" },
      { title: "신분당선 광교중앙역 약 600m", text: "판교·강남 업무지구까지 한 번에" },
      { title: "경기도청 신청사 약 700m", text: "행정·업무 중심지의 꾸준한 수요" },
      { title: "생활 인프라", text: "백화점·복합쇼핑몰·카페거리가 가까운 생활권" },
      { title: "광역 교통", text: "용인서울·영동·경부고속도로 진입이 편리" },
      { title: "의료·교육", text: "대학병원과 대학 캠퍼스가 가까운 안정된 생활권" },
    ],
    maps: locationPage.maps,
    note: "※ 거리는 사업지 기준 직선거리로, 실제 이동 거리와 다를 수 있습니다.",
    link: { href: "/LocationEnvironment/intro", label: "입지환경 자세히 보기" },
  },
  brand: {
    eyebrow: "BRAND STORY",
    title: "빛과 하늘을 잇는,\n작지만 완결된 집",
    text: [
      "루미엘은 루미엘이앤씨의 도심형 레지던스 브랜드입니다.",
      "호수의 빛을 창 가득 들이고, 살림은 벽 안에 숨겨 작은 집도 호텔처럼 완결합니다.",
    ],
    image: {
      src: `${images}/brand.svg`,
      alt: "호수 위로 빛이 번지는 새벽, 나란히 선 두 타워와 루미엘 브랜드 마크",
      width: 1600,
      height: 900,
    },
    link: { href: "/Brand/video", label: "브랜드 필름 보기" },
  },
  specialPlan: {
    label: "특화설계",
    eyebrow: "SPECIAL PLAN",
    title: "오피스텔의 기준을 새로 쓰는 특화설계",
    text: "호수를 향한 전면 창과 2.6m 천장고, 풀 빌트인 가전, 중문으로 나눈 현관과 분리형 드레스룸까지. 같은 면적도 더 넓고 정돈되게 씁니다.",
    image: premiumPage.image,
    note: "※ 특화설계는 타입별로 다르며, 자세한 내용은 루미엘 갤러리와 분양공고에서 확인하시기 바랍니다.",
  },
  premium: {
    label: "프리미엄",
    eyebrow: "PREMIUM",
    title: "루미엘 더 레이크의 네 가지 프리미엄",
    intro: "호수공원 앞 입지, 신분당선 역세권, 넓어진 설계, 단지 안의 라운지를 함께 누립니다.",
    cards: [
      {
        title: "PREMIUM 01",
        text1: "광교호수공원 앞 레이크뷰",
        text2: "호수공원이 약 300m. 호수 방향으로 배치한 두 타워에서 사계절 달라지는 수변 풍경을 누립니다.",
        link: "/LocationEnvironment/intro",
        linkText: "입지환경 보기",
        image: premiumPictures[0]!,
      },
      {
        title: "PREMIUM 02",
        text1: "신분당선 광교중앙역 역세권",
        text2: "광교중앙역이 약 600m. 판교와 강남 업무지구까지 환승 없이 오가는 출퇴근 동선을 갖췄습니다.",
        link: "/LocationEnvironment/intro",
        linkText: "입지환경 보기",
        image: premiumPictures[1]!,
      },
      {
        title: "PREMIUM 03",
        text1: "2.6m 천장고의 넓은 설계",
        text2: "높은 천장과 전면 창, 빌트인 가전과 숨은 수납으로 같은 면적도 한결 넓고 정돈되게 씁니다.",
        link: "/LocationEnvironment/primium",
        linkText: "프리미엄 보기",
        image: premiumPictures[2]!,
      },
      {
        title: "PREMIUM 04",
        text1: "단지 안의 라운지",
        text2: "스카이라운지와 피트니스, 비즈니스 라운지, 공유 세탁실까지 집 밖의 거실을 단지 안에 들였습니다.",
        link: "/ComplexGuide/community",
        linkText: "커뮤니티 보기",
        image: premiumPictures[3]!,
      },
    ],
    slides: [
      { title: "레이크 프리미엄", description: "광교호수공원 약 300m\n호수를 향해 선 두 타워", image: premiumPictures[0]! },
      { title: "교통 프리미엄", description: "신분당선 광교중앙역 약 600m\n판교·강남까지 한 번에", image: premiumPictures[1]! },
      { title: "설계 프리미엄", description: "천장고 2.6m · 풀 빌트인 가전\n중문 분리 현관과 드레스룸", image: premiumPictures[2]! },
      { title: "라운지 프리미엄", description: "스카이라운지 · 피트니스\n비즈니스 라운지와 공유 세탁실", image: premiumPictures[3]! },
    ],
  },
  complex: {
    eyebrow: "COMPLEX",
    title: "호수를 품은 단지, 라운지가 있는 일상",
    intro: "선큰가든과 수변 산책 데크, 입주민 전용 라운지까지 집 앞에서 여유를 누립니다.",
    layout: {
      label: "단지배치",
      title: "호수를 향해 열린 단지배치",
      text: "A동과 B동이 광교호수공원을 향해 나란히 서고, 두 동 사이의 선큰가든과 스트리트형 상가가 호숫가 산책로로 이어집니다.",
      image: complexLayoutPage.image,
      link: { href: "/ComplexGuide/intro", label: "단지배치도 보기" },
    },
    community: {
      label: "커뮤니티",
      title: "입주민 전용 루미엘 라운지",
      text: "스카이라운지, 피트니스, 비즈니스 라운지, 공유 세탁실과 무인 택배 보관함을 갖췄습니다.",
      image: communityPage.image,
      link: { href: "/ComplexGuide/community", label: "커뮤니티 보기" },
    },
  },
  units: {
    eyebrow: "UNIT PLAN",
    title: "타입안내",
    types: {
      label: "타입",
      title: "전용 24~35㎡, 네 가지 타입",
      intro: "원룸형 24A·24B부터 1.5룸 29A, 투룸 35A까지. 생활 방식에 맞는 타입을 골라 보세요.",
      summary: "전용 {area}㎡ · {count}",
    },
    vr: {
      label: "VR 모델하우스",
      title: "360° VR 모델하우스",
      intro: "갤러리를 방문하지 않아도 24A와 35A 유니트를 360°로 둘러볼 수 있습니다.",
      hint: "화면을 누른 채 움직이면 유니트 구석구석을 둘러볼 수 있습니다.",
    },
    vrKeys: ["24A", "35A"],
    link: { href: "/FloorPlan/24A", label: "타입안내 자세히 보기" },
    notice: "※ 평면도는 소비자의 이해를 돕기 위한 것으로, 실제 시공 시 달라질 수 있습니다.",
  },
  form: { eyebrow: "GALLERY RESERVATION" },
  place: {
    addressRegion: "경기도",
    addressLocality: "수원시 영통구",
    streetAddress: "하동 일원",
    accommodationUnits: 488,
  },
};
