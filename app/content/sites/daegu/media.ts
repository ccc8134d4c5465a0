import type { InfoPages, VrTab } from "../../types";

// Video ids and tour addresses are placeholders for the demo: the sales office's real uploads
// replace them here, and the players follow.

export const brandVideoPage: InfoPages["brandVideo"] = {
  eyebrow: "BRAND FILM",
  title: "빛으로 채우는 하루, 온빛채",
  intro: ["아침 햇살이 드는 거실에서 신천 수변의 저녁 산책까지, 온빛채가 그리는 일상을 영상으로 만나 보세요."],
  video: { title: "온빛채 브랜드 홍보영상", videoId: "onbitBrand1" },
  notes: ["영상 속 이미지는 소비자의 이해를 돕기 위해 연출된 것으로 실제와 다를 수 있습니다."],
};

export const videosPage: InfoPages["videos"] = {
  eyebrow: "PROMOTION FILM",
  title: "영상으로 먼저 만나는 온빛채 센트럴",
  intro: ["입지환경부터 59㎡·84㎡ 평면까지, 견본주택에 오시기 전에 영상으로 미리 둘러보세요."],
  tabListLabel: "홍보영상 목록",
  tabs: [
    { id: 1, title: "입지환경 소개", videoId: "onbitLoc001" },
    { id: 2, title: "59타입 소개", videoId: "onbitType59" },
    { id: 3, title: "84타입 소개", videoId: "onbitType84" },
  ],
  notes: ["영상에 나오는 이미지와 내용은 소비자의 이해를 돕기 위한 것으로 실제 시공 시 달라질 수 있습니다."],
};

export const vrTabs: VrTab[] = [
  { key: "84A", title: "84A VR 모델하우스", url: "https://vr.example.com/onbitchae/84A" },
  { key: "84B", title: "84B VR 모델하우스", url: "https://vr.example.com/onbitchae/84B" },
];

export const emodelPage: InfoPages["emodel"] = {
  eyebrow: "E-MODEL HOUSE",
  title: "집에서 둘러보는 VR 모델하우스",
  intro: ["견본주택을 방문하지 않아도 84A·84B 유니트의 거실과 주방, 침실을 360°로 자세히 살펴보실 수 있습니다."],
  tabListLabel: "VR 모델하우스 타입",
  hint: "화면을 클릭하면 VR 모델하우스를 자유롭게 둘러보실 수 있습니다.",
  notes: [
    "VR 모델하우스는 견본주택 전시품 및 유상옵션 품목이 포함된 것으로, 실제 시공 시 달라질 수 있습니다.",
    "네트워크 환경에 따라 화면을 불러오는 데 시간이 걸릴 수 있습니다.",
  ],
};
