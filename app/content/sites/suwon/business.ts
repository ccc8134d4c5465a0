import type { InfoPages } from "../../types";

const TO_BE_ANNOUNCED = "추후 공지";

export const businessPage: InfoPages["business"] = {
  eyebrow: "BUSINESS OVERVIEW",
  title: "광교호수공원 앞, 호수를 향한 두 개의 타워",
  intro: ["경기도 수원시 영통구 하동 일원에 오피스텔 2개동, 전용 24~35㎡ 오피스텔 488실과 근린생활시설이 들어섭니다."],
  caption: "광교 루미엘 더 레이크 사업개요",
  facts: [
    { label: "사업명", value: "광교 루미엘 더 레이크" },
    { label: "대지위치", value: "경기도 수원시 영통구 하동 일원" },
    { label: "대지면적", value: TO_BE_ANNOUNCED },
    { label: "건축면적", value: TO_BE_ANNOUNCED },
    { label: "연면적", value: TO_BE_ANNOUNCED },
    { label: "용적률", value: TO_BE_ANNOUNCED },
    { label: "건축규모", value: "지하 6층 ~ 지상 20층, 오피스텔 2개동(A·B동) 및 근린생활시설" },
    { label: "공급규모", value: "오피스텔 488실 (전용 24·29·35㎡)" },
    { label: "시행사", value: "호수마루개발(주)" },
    { label: "시공사", value: "루미엘이앤씨(주)" },
    { label: "입주예정", value: "2028년 10월 예정" },
  ],
  notes: ["상기 내용은 인허가 과정에서 변경될 수 있으며, 확정된 내용은 오피스텔 분양공고를 통해 안내해 드립니다."],
};

export const comingSoonPage: InfoPages["comingSoon"] = {
  label: "COMING SOON",
  schedule: {
    eyebrow: "SCHEDULE",
    title: "분양일정을 준비하고 있습니다",
    intro: ["청약 접수부터 당첨자 발표, 계약까지의 일정은 분양공고와 함께 이곳에서 안내해 드리겠습니다."],
  },
  documents: {
    eyebrow: "DOCUMENTS",
    title: "계약서류 안내를 준비하고 있습니다",
    intro: ["당첨자 계약 시 필요한 구비서류와 대리 계약 유의사항을 정리해 곧 안내해 드리겠습니다."],
  },
};
