import type { InfoPages, UnitArea, UnitType } from "../../types";

const images = "/images/daegu";
const SQUARE_METRES_PER_PYEONG = 3.3058;

function pyeong(squareMetres: string) {
  return (Number(squareMetres) / SQUARE_METRES_PER_PYEONG).toFixed(2);
}

function area(exclusiveM2: string, supplyM2: string, unitCount: string): UnitArea {
  return { exclusiveM2, supplyM2, exclusivePyeong: pyeong(exclusiveM2), supplyPyeong: pyeong(supplyM2), unitCount };
}

function floorPlan(key: string, alt: string) {
  return { src: `${images}/floorplan-${key.toLowerCase()}.svg`, alt, width: 1200, height: 900 };
}

// Areas and counts as printed in the recruitment notice: 92 + 61 + 140 + 100 + 85 + 32 + 30 = 540
// apartments, plus 56 officetels.
export const units: UnitType[] = [
  {
    key: "59A",
    label: "59A㎡",
    kind: "apartment",
    area: area("59.98", "81.43", "92세대"),
    floorPlan: floorPlan("59A", "59A㎡ 평면도: 판상형 3Bay, 침실 3개와 욕실 2개, 거실과 주방이 이어진 남향 배치"),
    features: ["판상형 3Bay · 3룸 구조", "거실과 침실 2개를 남향에 배치", "맞통풍이 되는 실속형 평면", "현관 수납장과 다용도실"],
  },
  {
    key: "59B",
    label: "59B㎡",
    kind: "apartment",
    area: area("59.94", "81.81", "61세대"),
    floorPlan: floorPlan("59B", "59B㎡ 평면도: 타워형, 침실 3개와 욕실 2개, 두 면으로 열린 거실"),
    features: ["타워형 · 3룸 구조", "두 방향으로 열린 거실 조망", "현관 대형 신발장 수납", "주방 옆 다용도실"],
  },
  {
    key: "84A",
    label: "84A㎡",
    kind: "apartment",
    area: area("84.97", "114.09", "140세대"),
    floorPlan: floorPlan("84A", "84A㎡ 평면도: 판상형 4Bay, 침실 3개와 알파룸, 욕실 2개, 안방 드레스룸"),
    features: [
      "판상형 4Bay · 3룸 + 알파룸",
      "남향 4Bay · 맞통풍 구조",
      "서재나 취미실로 쓰는 알파룸",
      "주방 아일랜드와 다용도실",
      "안방 드레스룸과 전용 욕실",
    ],
  },
  {
    key: "84B",
    label: "84B㎡",
    kind: "apartment",
    area: area("84.92", "114.77", "100세대"),
    floorPlan: floorPlan("84B", "84B㎡ 평면도: 타워형, 침실 3개와 알파룸, 3면 개방형 코너 거실"),
    features: ["타워형 · 3룸 + 알파룸", "코너형 거실의 파노라마 조망", "3면 개방형 채광 설계", "안방 드레스룸"],
  },
  {
    key: "84C",
    label: "84C㎡",
    kind: "apartment",
    area: area("84.99", "114.39", "85세대"),
    floorPlan: floorPlan("84C", "84C㎡ 평면도: 판상형 3Bay, 침실 3개, 주방 옆 대형 팬트리"),
    features: ["판상형 3Bay · 3룸 + 팬트리", "넉넉한 주방과 워크인 팬트리", "남향 위주 맞통풍 구조", "드레스룸과 붙박이 수납"],
  },
  {
    key: "84OA",
    label: "84OA㎡",
    kind: "officetel",
    area: { ...area("84.65", "126.61", "56실"), contractM2: "158.32", contractPyeong: pyeong("158.32") },
    floorPlan: floorPlan("84OA", "84OA㎡ 오피스텔 평면도: 침실 2개와 욕실 2개, 거실과 주방이 하나로 열린 LDK"),
    features: [
      "오피스텔 · 2룸 오픈형 구조",
      "거실과 주방을 하나로 잇는 오픈 LDK",
      "안방 워크인 드레스룸",
      "욕실 2개소와 아일랜드 주방",
      "전면 통창의 파노라마 조망",
    ],
  },
  {
    key: "114A",
    label: "114A㎡",
    kind: "apartment",
    area: area("114.96", "152.78", "32세대"),
    floorPlan: floorPlan("114A", "114A㎡ 평면도: 판상형 4Bay, 침실 4개와 욕실 2개, 현관 팬트리와 넓은 LDK"),
    features: ["판상형 4Bay · 4룸 구조", "전면 4Bay에 침실 4개", "현관 팬트리와 대형 다용도실", "가족이 함께 머무는 넓은 LDK"],
  },
  {
    key: "114B",
    label: "114B㎡",
    kind: "apartment",
    area: area("114.92", "153.32", "30세대"),
    floorPlan: floorPlan("114B", "114B㎡ 평면도: 타워형, 침실 4개와 욕실 2개, 코너 거실"),
    features: ["타워형 · 4룸 구조", "두 면으로 열린 코너 거실", "안방 드레스룸과 파우더 공간", "복도형 수납과 다용도실"],
  },
];

export const floorPlanPage: InfoPages["floorPlan"] = {
  eyebrow: "UNIT PLAN",
  featuresTitle: "평면 특장점",
  zoomLabel: "평면도 크게 보기",
  notes: [
    "평면도와 이미지는 견본주택 전시품 및 유상옵션 품목이 포함된 것으로, 실제 시공 시 달라질 수 있습니다.",
    "면적은 소수점 이하 둘째 자리까지 표기했으며, 평형 환산(1평 = 3.3058㎡)은 참고용입니다.",
    "타입별 세부 사양과 공급 조건은 입주자 모집공고를 반드시 확인하시기 바랍니다.",
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
  intro: ["빛이 머무는 거실과 손이 편한 주방, 쉼이 있는 침실까지 온빛채가 제안하는 인테리어를 미리 만나 보세요."],
  notes: [
    "이미지는 견본주택 전시품 및 유상옵션 품목이 포함된 연출 이미지로, 실제 시공 시 마감재와 색상이 달라질 수 있습니다.",
    "가구, 소품, 조명 등 연출용 품목은 분양가에 포함되지 않습니다.",
  ],
  sets: [
    {
      key: "59A",
      label: "59A㎡ 인테리어",
      images: [
        {
          src: `${images}/interior-59a-living.svg`,
          alt: "59A㎡ 거실: 통창 너머 도심이 보이는 밝은 거실과 낮은 수납장",
          width: 1600,
          height: 1000,
        },
        {
          src: `${images}/interior-59a-kitchen.svg`,
          alt: "59A㎡ 주방: 창가를 향한 식탁과 네이비 하부장, 펜던트 조명",
          width: 1600,
          height: 1000,
        },
      ],
    },
    {
      key: "84A",
      label: "84A㎡ 인테리어",
      images: [
        {
          src: `${images}/interior-84a-living.svg`,
          alt: "84A㎡ 거실: 우물천장 아래 통창과 라운지 소파가 놓인 넓은 거실",
          width: 1600,
          height: 1000,
        },
        {
          src: `${images}/interior-84a-bedroom.svg`,
          alt: "84A㎡ 안방: 우드 헤드월과 간접조명, 통창을 갖춘 침실",
          width: 1600,
          height: 1000,
        },
      ],
    },
    {
      key: "84B",
      label: "84B㎡ 인테리어",
      images: [
        {
          src: `${images}/interior-84b-living.svg`,
          alt: "84B㎡ 거실: 코너 통창으로 도시 야경이 펼쳐지는 거실",
          width: 1600,
          height: 1000,
        },
        {
          src: `${images}/interior-84b-kitchen.svg`,
          alt: "84B㎡ 주방: 바 스툴을 둔 네이비 아일랜드 식탁과 상부장",
          width: 1600,
          height: 1000,
        },
      ],
    },
  ],
};
