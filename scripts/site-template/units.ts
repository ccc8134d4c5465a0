import type { InfoPages, UnitType, VrTab } from "#app/content/types.ts";

const images = "/images/new-site";

// One entry per unit type, each with its page in pages.ts and its link in menu.ts. Areas are
// text, as the recruitment notice prints them; officetels add contractM2 and contractPyeong.
export const units: UnitType[] = [
  {
    key: "A",
    label: "A",
    // TODO(사이트 담당자): "apartment" or "officetel".
    kind: "apartment",
    area: {
      exclusiveM2: "TODO(사이트 담당자): 전용면적",
      supplyM2: "TODO(사이트 담당자): 공급면적",
      exclusivePyeong: "TODO(사이트 담당자): 전용 평형",
      supplyPyeong: "TODO(사이트 담당자): 공급 평형",
      unitCount: "TODO(사이트 담당자): 세대수",
    },
    floorPlan: { src: `${images}/floorplan-a.svg`, alt: "TODO(사이트 담당자): 평면도 설명", width: 1200, height: 900 },
    features: ["TODO(사이트 담당자): 평면 한 줄 요약", "TODO(사이트 담당자): 평면 특장점"],
  },
];

export const vrTabs: VrTab[] = [
  // TODO(사이트 담당자): the VR tour's address (its host is allowed in the pages' frames).
  { key: "A", title: "A VR 모델하우스", url: "https://vr.example.com/new-site/A" },
];

export const floorPlanPage: InfoPages["floorPlan"] = {
  eyebrow: "UNIT PLAN",
  featuresTitle: "평면 특장점",
  zoomLabel: "평면도 크게 보기",
  notes: [
    "평면도와 이미지는 견본주택 전시품 및 유상옵션 품목이 포함된 것으로, 실제 시공 시 달라질 수 있습니다.",
    "면적은 소수점 이하 둘째 자리까지 표기했으며, 평형 환산(1평 = 3.3058㎡)은 참고용입니다.",
  ],
  table: {
    caption: "면적 및 공급 규모",
    area: "구분",
    squareMetres: "㎡",
    pyeong: "평",
    exclusive: "전용면적",
    supply: "공급면적",
    contract: "계약면적",
    apartmentCount: "세대수",
    officetelCount: "호실수",
  },
};

export const interiorPage: InfoPages["interior"] = {
  eyebrow: "INTERIOR",
  intro: ["TODO(사이트 담당자): 인테리어 소개 문장"],
  notes: ["이미지는 견본주택 전시품 및 유상옵션 품목이 포함된 연출 이미지로, 실제 시공 시 마감재와 색상이 달라질 수 있습니다."],
  sets: [
    {
      key: "A",
      label: "A 인테리어",
      images: [{ src: `${images}/interior-a.svg`, alt: "TODO(사이트 담당자): 인테리어 사진 설명", width: 1600, height: 1000 }],
    },
  ],
};
