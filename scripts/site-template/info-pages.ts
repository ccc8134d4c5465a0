import type { ImageAsset, InfoPages, InfoSection } from "#app/content/types.ts";
import { floorPlanPage, interiorPage } from "./units";

const images = "/images/new-site";
const TO_BE_ANNOUNCED = "추후 공지";

function picture(name: string, width: number, height: number): ImageAsset {
  return { src: `${images}/${name}.svg`, alt: "TODO(사이트 담당자): 그림 설명", width, height };
}

function section(eyebrow: string): InfoSection {
  return { eyebrow, title: "TODO(사이트 담당자): 제목", intro: ["TODO(사이트 담당자): 소개 문장"] };
}

// The bodies of the informational pages, one per URL (see the comments in #app/content/types.ts).
export const infoPages: InfoPages = {
  brand: {
    ...section("BRAND STORY"),
    image: picture("brand", 1600, 900),
    values: [{ title: "TODO(사이트 담당자): 브랜드 가치", text: "TODO(사이트 담당자): 설명" }],
    notes: ["이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다."],
  },
  brandVideo: {
    ...section("BRAND FILM"),
    // TODO(사이트 담당자): the video's id at the video host.
    video: { title: "TODO(사이트 담당자): 영상 제목", videoId: "TODO-video-id" },
    notes: ["영상 속 이미지는 소비자의 이해를 돕기 위해 연출된 것으로 실제와 다를 수 있습니다."],
  },
  business: {
    ...section("BUSINESS OVERVIEW"),
    caption: "TODO(사이트 담당자): 단지명 사업개요",
    facts: [
      { label: "사업명", value: "TODO(사이트 담당자): 단지명" },
      { label: "대지위치", value: "TODO(사이트 담당자): 대지위치" },
      { label: "대지면적", value: TO_BE_ANNOUNCED },
      { label: "건축규모", value: "TODO(사이트 담당자): 건축규모" },
      { label: "세대수", value: "TODO(사이트 담당자): 세대수" },
      { label: "시공사", value: "TODO(사이트 담당자): 시공사(주)" },
      { label: "입주예정", value: "TODO(사이트 담당자): 입주예정" },
    ],
    notes: ["상기 내용은 인허가 과정에서 변경될 수 있으며, 확정된 내용은 입주자 모집공고를 통해 안내해 드립니다."],
  },
  comingSoon: {
    label: "COMING SOON",
    schedule: {
      eyebrow: "SCHEDULE",
      title: "분양일정을 준비하고 있습니다",
      intro: ["청약 접수부터 계약까지의 일정을 이곳에서 안내해 드리겠습니다."],
    },
    documents: {
      eyebrow: "DOCUMENTS",
      title: "계약서류 안내를 준비하고 있습니다",
      intro: ["계약 시 필요한 구비서류를 정리해 곧 안내해 드리겠습니다."],
    },
  },
  announcement: {
    ...section("NOTICE"),
    image: picture("announcement", 1200, 1600),
    // `SITE=new-site npm run make:announcement` prints this PDF from the pack.
    pdf: { href: "/images/new-site/announcement.pdf", label: "모집공고 전문 보기 (PDF)", loadingLabel: "파일을 불러오는 중..." },
    notes: ["청약 신청 전 반드시 입주자 모집공고 원문을 확인하시기 바랍니다."],
  },
  subscription: {
    ...section("SUBSCRIPTION GUIDE"),
    steps: [
      { title: "청약홈 접속", text: "PC 또는 모바일 앱으로 청약홈에 접속합니다." },
      { title: "인증서 로그인", text: "공동인증서나 금융인증서로 본인 인증을 합니다." },
      { title: "청약 신청", text: "주택형과 공급 유형을 고르고 청약 신청을 마칩니다." },
      { title: "당첨자 발표 확인", text: "당첨자 발표일에 청약홈에서 당첨 여부를 확인합니다." },
      { title: "계약", text: "정해진 기간에 구비서류를 챙겨 견본주택에서 계약합니다." },
    ],
    link: { href: "https://www.applyhome.co.kr", label: "청약홈 바로가기" },
    image: picture("subscription-guide", 1200, 1400),
    notes: ["청약 자격과 세부 일정은 반드시 입주자 모집공고를 확인하시기 바랍니다."],
  },
  officetel: {
    ...section("OFFICETEL"),
    facts: [{ label: "분양위치", value: "TODO(사이트 담당자): 분양위치" }],
    stampTax: {
      title: "인지세 안내",
      caption: "분양계약서 기재금액별 인지세액",
      headers: ["계약서 기재금액", "인지세액"],
      rows: [
        { label: "1천만 원 초과 ~ 3천만 원 이하", value: "2만 원" },
        { label: "3천만 원 초과 ~ 5천만 원 이하", value: "4만 원" },
        { label: "5천만 원 초과 ~ 1억 원 이하", value: "7만 원" },
        { label: "1억 원 초과 ~ 10억 원 이하", value: "15만 원" },
        { label: "10억 원 초과", value: "35만 원" },
      ],
      note: "분양계약서를 작성할 때 「인지세법」에 따른 인지세는 계약자가 부담하며, 전자수입인지로 납부합니다.",
    },
    image: picture("officetel-notice", 1200, 1400),
    notes: ["세부 내용은 오피스텔 분양공고를 반드시 확인하시기 바랍니다."],
  },
  location: {
    ...section("LOCATION"),
    highlights: [{ title: "TODO(사이트 담당자): 입지 장점", text: "TODO(사이트 담당자): 설명" }],
    maps: [
      { label: "광역 입지도", image: picture("location-wide", 1200, 900) },
      { label: "인근 생활권", image: picture("location-local", 1200, 900) },
    ],
    notes: ["거리와 소요 시간은 사업지 기준 직선거리 및 예상치로, 실제와 다를 수 있습니다."],
  },
  premium: {
    ...section("PREMIUM"),
    image: picture("special-plan", 1600, 900),
    points: [{ title: "TODO(사이트 담당자): 프리미엄", text: "TODO(사이트 담당자): 설명" }],
    notes: ["특화설계는 타입별로 다를 수 있습니다."],
  },
  complexLayout: {
    ...section("SITE PLAN"),
    image: picture("site-layout", 1600, 1000),
    zoomLabel: "단지배치도 크게 보기",
    notes: ["단지배치도는 소비자의 이해를 돕기 위해 제작된 것으로, 인허가 과정 및 실제 시공 시 변경될 수 있습니다."],
  },
  unitPlacement: {
    ...section("UNIT PLACEMENT"),
    image: picture("unit-placement", 1600, 1000),
    zoomLabel: "동·호수 배치도 크게 보기",
    notes: ["세부 내용은 입주자 모집공고를 반드시 확인하시기 바랍니다."],
  },
  community: {
    ...section("COMMUNITY"),
    image: picture("community", 1600, 900),
    facilities: [{ title: "TODO(사이트 담당자): 시설 이름", text: "TODO(사이트 담당자): 설명" }],
    notes: ["커뮤니티 시설의 구성과 운영 방식은 실시설계 과정에서 변경될 수 있습니다."],
  },
  floorPlan: floorPlanPage,
  videos: {
    ...section("PROMOTION FILM"),
    tabListLabel: "홍보영상 목록",
    tabs: [{ id: 1, title: "TODO(사이트 담당자): 영상 제목", videoId: "TODO-video-id" }],
    notes: ["영상에 나오는 이미지와 내용은 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다."],
  },
  emodel: {
    ...section("E-MODEL HOUSE"),
    tabListLabel: "VR 모델하우스 타입",
    hint: "화면을 클릭하면 VR 모델하우스를 자유롭게 둘러보실 수 있습니다.",
    notes: ["VR 모델하우스는 견본주택 전시품 및 유상옵션 품목이 포함된 것으로, 실제 시공 시 달라질 수 있습니다."],
  },
  interior: interiorPage,
};
