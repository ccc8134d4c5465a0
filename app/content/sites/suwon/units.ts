import type { InfoPages, UnitArea, UnitType } from "../../types";

const images = "/images/suwon";
const SQUARE_METRES_PER_PYEONG = 3.3058;

function pyeong(squareMetres: string) {
  return (Number(squareMetres) / SQUARE_METRES_PER_PYEONG).toFixed(2);
}

/** Officetels are sold by contract area: exclusive + common + other common (parking, plant rooms). */
function area(exclusiveM2: string, supplyM2: string, contractM2: string, unitCount: string): UnitArea {
  return {
    exclusiveM2,
    supplyM2,
    exclusivePyeong: pyeong(exclusiveM2),
    supplyPyeong: pyeong(supplyM2),
    contractM2,
    contractPyeong: pyeong(contractM2),
    unitCount,
  };
}

function floorPlan(key: string, alt: string) {
  return { src: `${images}/floorplan-${key.toLowerCase()}.svg`, alt, width: 1200, height: 900 };
}

// Areas and counts as printed in the sale notice: 170 + 102 + 136 + 80 = 488 officetels (28 a floor on
// floors 3–19 of the two towers, 12 lake-view 35A on the 20th).
export const units: UnitType[] = [
  {
    key: "24A",
    label: "24A",
    kind: "officetel",
    area: area("24.86", "35.92", "52.48", "170실"),
    floorPlan: floorPlan("24A", "24A 평면도: 중문으로 나뉜 현관과 주방, 창가에 침대를 둔 원룸형 거실 겸 침실, 욕실 1개"),
    features: [
      "원룸형 · 중문 분리 설계",
      "현관과 생활 공간을 나누는 중문",
      "빌트인 냉장고·세탁건조기·인덕션",
      "창가를 따라 놓는 침대 공간",
      "현관 키 큰 수납장과 욕실 젠다이",
    ],
  },
  {
    key: "24B",
    label: "24B",
    kind: "officetel",
    area: area("24.51", "35.47", "51.80", "102실"),
    floorPlan: floorPlan("24B", "24B 평면도: 두 면에 창을 낸 코너형 원룸, ㄱ자 주방과 욕실 1개"),
    features: ["코너형 원룸 · 2면 개방", "두 방향 창으로 밝은 실내", "ㄱ자 주방과 넉넉한 상부장", "붙박이 옷장과 현관 수납"],
  },
  {
    key: "29A",
    label: "29A",
    kind: "officetel",
    area: area("29.94", "43.28", "63.15", "136실"),
    floorPlan: floorPlan("29A", "29A 평면도: 슬라이딩 도어로 나뉜 침실과 거실, 워크인 드레스룸, 욕실 1개"),
    features: [
      "1.5룸 · 슬라이딩 도어 침실",
      "거실과 침실을 나누는 슬라이딩 도어",
      "침실 옆 워크인 드레스룸",
      "11자 주방과 식탁 공간",
      "호수 방향 전면 창",
    ],
  },
  {
    key: "35A",
    label: "35A",
    kind: "officetel",
    area: area("35.87", "51.79", "75.61", "80실"),
    floorPlan: floorPlan("35A", "35A 평면도: 호수를 향한 거실과 아일랜드 주방, 독립 침실, 욕실 1개와 다용도 수납"),
    features: [
      "투룸 · 독립 침실 구조",
      "호수를 향해 열린 거실",
      "아일랜드 식탁을 둔 주방",
      "침실 붙박이장과 다용도 수납",
      "욕실 건식 세면대 분리",
    ],
  },
];

export const floorPlanPage: InfoPages["floorPlan"] = {
  eyebrow: "UNIT PLAN",
  featuresTitle: "평면 특장점",
  zoomLabel: "평면도 크게 보기",
  notes: [
    "평면도와 이미지는 견본 유니트 전시품 및 유상옵션 품목이 포함된 것으로, 실제 시공 시 달라질 수 있습니다.",
    "오피스텔은 계약면적(전용면적 + 공용면적 + 기타공용면적)으로 공급하며, 면적은 소수점 이하 둘째 자리까지 표기했습니다.",
    "평형 환산(1평 = 3.3058㎡)은 참고용이며, 타입별 세부 사양은 분양공고를 반드시 확인하시기 바랍니다.",
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
    officetelCount: "공급 호실",
  },
};

export const interiorPage: InfoPages["interior"] = {
  eyebrow: "INTERIOR",
  intro: [
    "호수 빛이 드는 창가, 손이 닿는 곳마다 숨겨 둔 수납, 호텔처럼 정돈된 욕실까지. 루미엘이 제안하는 작은 집의 인테리어를 미리 만나 보세요.",
  ],
  notes: [
    "이미지는 견본 유니트 전시품 및 유상옵션 품목이 포함된 연출 이미지로, 실제 시공 시 마감재와 색상이 달라질 수 있습니다.",
    "가구, 소품, 조명 등 연출용 품목은 분양가에 포함되지 않습니다.",
  ],
  sets: [
    {
      key: "24A",
      label: "24A 인테리어",
      images: [
        {
          src: `${images}/interior-24a-room.svg`,
          alt: "24A 거실 겸 침실: 창가에 놓인 침대와 호수 빛이 드는 전면 창, 낮은 수납장",
          width: 1600,
          height: 1000,
        },
        {
          src: `${images}/interior-24a-kitchen.svg`,
          alt: "24A 주방: 빌트인 가전을 숨긴 화이트 수납 벽과 인덕션 조리대, 창가의 작은 식탁",
          width: 1600,
          height: 1000,
        },
      ],
    },
    {
      key: "29A",
      label: "29A 인테리어",
      images: [
        {
          src: `${images}/interior-29a-living.svg`,
          alt: "29A 거실: 창가 라운지 소파와 슬라이딩 도어 너머로 보이는 침실",
          width: 1600,
          height: 1000,
        },
        {
          src: `${images}/interior-29a-bedroom.svg`,
          alt: "29A 침실: 패브릭 헤드보드와 간접조명, 워크인 드레스룸 입구",
          width: 1600,
          height: 1000,
        },
      ],
    },
    {
      key: "35A",
      label: "35A 인테리어",
      images: [
        {
          src: `${images}/interior-35a-living.svg`,
          alt: "35A 거실: 호수를 향한 넓은 창과 모듈 소파, 원형 러그",
          width: 1600,
          height: 1000,
        },
        {
          src: `${images}/interior-35a-kitchen.svg`,
          alt: "35A 주방: 테라코타 포인트 타일과 아일랜드 식탁, 펜던트 조명",
          width: 1600,
          height: 1000,
        },
      ],
    },
  ],
};
