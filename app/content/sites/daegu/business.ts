import type { InfoPages } from "../../types";

const TO_BE_ANNOUNCED = "추후 공지";

export const businessPage: InfoPages["business"] = {
  eyebrow: "BUSINESS OVERVIEW",
  title: "동대구역세권에 세우는 지상 33층 랜드마크",
  intro: ["대구 동구 신천동 일원에 아파트 4개동과 오피스텔 1개동, 아파트 540세대와 오피스텔 56실이 들어섭니다."],
  caption: "동대구 온빛채 센트럴 사업개요",
  facts: [
    { label: "사업명", value: "동대구 온빛채 센트럴" },
    { label: "대지위치", value: "대구광역시 동구 신천동 일원" },
    { label: "대지면적", value: TO_BE_ANNOUNCED },
    { label: "건축면적", value: TO_BE_ANNOUNCED },
    { label: "연면적", value: TO_BE_ANNOUNCED },
    { label: "용적률", value: TO_BE_ANNOUNCED },
    { label: "건축규모", value: "지하 5층 ~ 지상 33층, 아파트 4개동 · 오피스텔 1개동" },
    { label: "세대수", value: "아파트 540세대 · 오피스텔 56실" },
    { label: "시공사", value: "온빛건설(주)" },
    { label: "입주예정", value: "2026년 4월 예정" },
  ],
  notes: ["상기 내용은 인허가 과정에서 변경될 수 있으며, 확정된 내용은 입주자 모집공고를 통해 안내해 드립니다."],
};

export const comingSoonPage: InfoPages["comingSoon"] = {
  label: "COMING SOON",
  schedule: {
    eyebrow: "SCHEDULE",
    title: "분양일정을 준비하고 있습니다",
    intro: ["청약 접수부터 당첨자 발표, 계약까지의 일정은 입주자 모집공고와 함께 이곳에서 안내해 드리겠습니다."],
  },
  documents: {
    eyebrow: "DOCUMENTS",
    title: "계약서류 안내를 준비하고 있습니다",
    intro: ["당첨자 계약 시 필요한 구비서류와 유의사항을 정리해 곧 안내해 드리겠습니다."],
  },
};
