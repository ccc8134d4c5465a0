import type { PageInfo } from "../../types";

export const pages: Record<string, PageInfo> = {
  "/": {
    title: "동대구 온빛채 센트럴 | 동대구역세권 프리미엄 아파트·오피스텔",
    description:
      "대구 동구 신천동, 동대구역세권에 들어서는 지하 5층~지상 33층 아파트 540세대·오피스텔 56실. 관심고객 등록과 견본주택 방문 예약을 받고 있습니다.",
    group: "home",
    banner: { title: "동대구 온빛채 센트럴", taglines: ["동대구역세권의 새로운 빛"] },
  },
};
