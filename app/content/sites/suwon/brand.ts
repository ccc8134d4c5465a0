import type { InfoPages } from "../../types";

export const brandPage: InfoPages["brand"] = {
  eyebrow: "BRAND STORY",
  title: "빛과 하늘을 잇는 레지던스, 루미엘",
  intro: [
    "루미엘(LUMIEL)은 빛을 뜻하는 ‘Lumière’와 하늘을 뜻하는 ‘Ciel’을 이은 이름으로, 루미엘이앤씨(주)의 도심형 레지던스 브랜드입니다.",
    "면적이 작다고 생활까지 작아질 수는 없습니다. 현관에서 창가까지 동선을 다시 그리고, 가전과 수납을 벽 안에 들여 작은 집도 호텔 스위트처럼 완결되게 짓습니다.",
    "광교 루미엘 더 레이크는 그 약속을 광교호수공원 앞, 호수를 향해 선 두 개의 타워로 완성합니다.",
  ],
  image: {
    src: "/images/suwon/brand.svg",
    alt: "호수 위로 빛이 번지는 새벽, 나란히 선 두 타워와 루미엘 브랜드 마크",
    width: 1600,
    height: 900,
  },
  values: [
    { title: "LIGHT · 빛", text: "호수를 향한 전면 창과 2.6m 천장고로 하루의 빛을 집 안 깊이 들입니다." },
    { title: "LAKE · 호수", text: "걸어서 닿는 광교호수공원을 앞마당 삼아 도심에서도 쉼을 누립니다." },
    { title: "LIVING · 완결", text: "빌트인 가전과 숨은 수납으로 작은 면적도 빈틈없이 완결합니다." },
  ],
  notes: ["이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다."],
};
