import type { InfoPages, VrTab } from "../../types";

// Video ids and tour addresses are placeholders for the demo: the sales office's real uploads
// replace them here, and the players follow.

export const brandVideoPage: InfoPages["brandVideo"] = {
  eyebrow: "BRAND FILM",
  title: "호수 위의 빛, 루미엘의 하루",
  intro: ["호수 위로 번지는 아침 햇살부터 창가에 내려앉는 저녁 노을까지, 루미엘이 그리는 도심의 하루를 영상으로 만나 보세요."],
  video: { title: "루미엘 브랜드 필름", videoId: "lumielFilm1" },
  notes: ["영상 속 이미지는 소비자의 이해를 돕기 위해 연출된 것으로 실제와 다를 수 있습니다."],
};

export const videosPage: InfoPages["videos"] = {
  eyebrow: "PROMOTION FILM",
  title: "영상으로 먼저 만나는 루미엘 더 레이크",
  intro: ["광교호수공원 앞 입지부터 24㎡·29㎡·35㎡ 평면까지, 갤러리에 오시기 전에 영상으로 미리 둘러보세요."],
  tabListLabel: "홍보영상 목록",
  tabs: [
    { id: 1, title: "입지 소개", videoId: "lumielLoc01" },
    { id: 2, title: "24·29타입 소개", videoId: "lumielT2429" },
    { id: 3, title: "35타입 소개", videoId: "lumielType35" },
  ],
  notes: ["영상에 나오는 이미지와 내용은 소비자의 이해를 돕기 위한 것으로 실제 시공 시 달라질 수 있습니다."],
};

export const vrTabs: VrTab[] = [
  { key: "24A", title: "24A VR 모델하우스", url: "https://vr.example.com/lumiel-lake/24A" },
  { key: "35A", title: "35A VR 모델하우스", url: "https://vr.example.com/lumiel-lake/35A" },
];

export const emodelPage: InfoPages["emodel"] = {
  eyebrow: "E-MODEL HOUSE",
  title: "집에서 둘러보는 VR 모델하우스",
  intro: ["갤러리를 방문하지 않아도 24A와 35A 유니트의 현관과 주방, 침실, 호수 조망 창을 360°로 자세히 살펴보실 수 있습니다."],
  tabListLabel: "VR 모델하우스 타입",
  hint: "화면을 클릭한 채 움직이면 유니트 곳곳을 자유롭게 둘러보실 수 있습니다.",
  notes: [
    "VR 모델하우스는 견본 유니트 전시품 및 유상옵션 품목이 포함된 것으로, 실제 시공 시 달라질 수 있습니다.",
    "네트워크 환경에 따라 화면을 불러오는 데 시간이 걸릴 수 있습니다.",
  ],
};
