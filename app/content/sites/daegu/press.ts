import type { DemoPressArticle } from "../../types";

// Fictional coverage for the demo database; a real development starts with no articles.
export const demoPress: DemoPressArticle[] = [
  {
    title: "동대구 온빛채 센트럴, 견본주택 개관 첫 주말 2만여 명 방문",
    summary: "동대구역세권 신천동에 들어서는 동대구 온빛채 센트럴 견본주택에 개관 첫 주말 동안 2만여 명의 방문객이 몰렸다.",
    content:
      "동대구 온빛채 센트럴 견본주택이 문을 연 첫 주말, 사흘 동안 2만여 명의 방문객이 다녀갔다.\n방문객들은 전용 84㎡ 판상형 4Bay 설계와 알파룸, 팬트리 등 특화설계에 높은 관심을 보였다.\n분양 관계자는 \"동대구역과 신천을 함께 누리는 입지에 실수요자의 문의가 이어지고 있다\"고 말했다.",
    daysAgo: 1,
    views: 214,
  },
];
