import type { PageInfo } from "../../types";

export const pages: Record<string, PageInfo> = {
  "/": {
    title: "광교 루미엘 더 레이크 | 광교호수공원 앞 프리미엄 오피스텔",
    description:
      "수원 영통구 하동, 광교호수공원과 신분당선 광교중앙역 사이에 들어서는 지하 6층~지상 20층 오피스텔 488실. 관심고객 등록과 갤러리 방문 예약을 받고 있습니다.",
    group: "home",
    banner: { title: "광교 루미엘 더 레이크", taglines: ["호수 위의 빛, 광교의 새로운 주소"] },
  },
  "/Brand/intro": {
    title: "브랜드소개 | 광교 루미엘 더 레이크",
    description:
      "빛(Lumière)과 하늘(Ciel)을 이은 이름, 루미엘. 작은 면적도 호텔처럼 완결되게 짓는 루미엘이앤씨(주)의 도심형 레지던스 브랜드 철학을 소개합니다.",
    group: "brand",
    banner: { title: "브랜드소개", taglines: ["빛과 하늘을 잇는 레지던스, 루미엘"] },
  },
  "/Brand/video": {
    title: "브랜드 필름 | 광교 루미엘 더 레이크",
    description:
      "호수 위로 번지는 아침 햇살부터 창가에 내려앉는 저녁 노을까지. 광교 루미엘 더 레이크가 그리는 하루를 브랜드 필름으로 만나 보세요. 소리 없이 자동 재생됩니다.",
    group: "brand",
    banner: { title: "브랜드 필름", taglines: ["영상으로 먼저 만나는 호수 앞의 하루"] },
  },
  "/BusinessGuide/intro": {
    title: "사업개요 | 광교 루미엘 더 레이크",
    description:
      "경기도 수원시 영통구 하동 일원, 지하 6층~지상 20층 오피스텔 2개동. 전용 24~35㎡ 488실과 근린생활시설, 2028년 10월 입주 예정인 사업개요를 확인하세요.",
    group: "business",
    banner: { title: "사업개요", taglines: ["오피스텔 488실 · 2028년 10월 입주 예정"] },
  },
  "/BusinessGuide/plan": {
    title: "분양일정 | 광교 루미엘 더 레이크",
    description:
      "광교 루미엘 더 레이크의 청약 접수와 당첨자 발표, 계약 일정은 오피스텔 분양공고와 함께 이 페이지에서 안내해 드릴 예정입니다. 관심고객으로 등록하시면 문자로 먼저 알려 드립니다.",
    group: "business",
    banner: { title: "분양일정", taglines: ["청약부터 계약까지, 분양일정을 안내해 드립니다"] },
  },
  "/BusinessGuide/documents": {
    title: "계약서류 | 광교 루미엘 더 레이크",
    description:
      "광교 루미엘 더 레이크 당첨자 계약에 필요한 구비서류와 대리 계약 시 유의사항을 정리하고 있습니다. 계약 일정이 확정되면 이 페이지에서 자세히 안내해 드립니다.",
    group: "business",
    banner: { title: "계약서류", taglines: ["계약에 필요한 서류를 준비하고 있습니다"] },
  },
  "/SalesInfo/announcement": {
    title: "오피스텔 분양공고 | 광교 루미엘 더 레이크",
    description:
      "광교 루미엘 더 레이크 오피스텔 분양공고의 공급 개요와 타입별 공급 호실, 청약 일정을 미리 보고, 분양공고 전문을 PDF 파일로 내려받아 확인하실 수 있습니다.",
    group: "sales",
    banner: { title: "분양공고", taglines: ["청약 전 반드시 확인하세요"] },
  },
  "/SalesInfo/SubscriptionGuide": {
    title: "청약안내 | 광교 루미엘 더 레이크",
    description:
      "오피스텔 청약은 청약통장 없이 청약홈에서 인터넷으로 신청합니다. 접속과 인증서 로그인, 타입 선택과 청약 신청, 당첨 확인, 계약까지 다섯 단계로 안내합니다.",
    group: "sales",
    banner: { title: "청약안내", taglines: ["청약통장 없이, PC와 모바일로 간편하게"] },
  },
  "/SalesInfo/stampTax": {
    title: "오피스텔 분양안내 | 광교 루미엘 더 레이크",
    description:
      "전용 24~35㎡ 오피스텔 488실의 공급 개요와 분양 방법, 전매 관련 유의사항, 계약서 기재금액별 인지세까지. 광교 루미엘 더 레이크 분양 정보를 한곳에 모았습니다.",
    group: "sales",
    banner: { title: "오피스텔 분양안내", taglines: ["전용 24~35㎡ 오피스텔 488실"] },
  },
  "/SalesInfo/price": {
    title: "분양가 안내 | 광교 루미엘 더 레이크",
    description:
      "광교 루미엘 더 레이크의 주택형·층별 분양가와 계약금·중도금·잔금 납부 일정, 중도금 대출 조건을 한눈에 보고, 계산기로 회차별 납부금과 대출 이자를 미리 계산해 보세요.",
    group: "sales",
    banner: { title: "분양가 안내", taglines: ["주택형·층별 분양가와 납부 일정"] },
  },
  "/LocationEnvironment/intro": {
    title: "입지환경 | 광교 루미엘 더 레이크",
    description:
      "광교호수공원 약 300m, 신분당선 광교중앙역 약 600m. 경기도청과 수원컨벤션센터, 백화점과 대학병원을 가까이 누리는 광교 루미엘 더 레이크의 입지를 소개합니다.",
    group: "location",
    banner: { title: "입지환경", taglines: ["호수와 역, 업무지구를 한 걸음에"] },
  },
  "/LocationEnvironment/primium": {
    title: "프리미엄 | 광교 루미엘 더 레이크",
    description:
      "호수 조망 특화 설계에 2.6m 천장고, 풀 빌트인 가전, 분리형 드레스룸을 더했습니다. 오피스텔의 기준을 새로 쓰는 광교 루미엘 더 레이크의 네 가지 프리미엄을 만나 보세요.",
    group: "location",
    banner: { title: "프리미엄", taglines: ["작은 면적, 완결된 일상"] },
  },
  "/ComplexGuide/intro": {
    title: "단지배치도 | 광교 루미엘 더 레이크",
    description:
      "호수를 향해 나란히 선 A동과 B동, 두 동을 잇는 선큰가든과 스트리트형 상가, 옥상 스카이라운지까지. 광교 루미엘 더 레이크의 단지배치도와 유의사항을 확인하세요.",
    group: "complex",
    banner: { title: "단지배치도", taglines: ["호수를 향해 열린 두 개의 타워"] },
  },
  "/ComplexGuide/detailintro": {
    title: "호실배치도 | 광교 루미엘 더 레이크",
    description:
      "A동과 B동의 층별·라인별 타입 배치와 호수 조망 라인을 한눈에 확인하세요. 24A·24B·29A·35A 타입별 공급 호실과 배치 기준을 광교 루미엘 더 레이크가 안내합니다.",
    group: "complex",
    banner: { title: "호실배치도", taglines: ["원하는 층과 조망을 미리 살펴보세요"] },
  },
  "/ComplexGuide/community": {
    title: "커뮤니티 | 광교 루미엘 더 레이크",
    description:
      "20층 스카이라운지와 피트니스, 비즈니스 라운지, 공유 세탁실, 무인 택배 보관함까지. 입주민의 하루를 가볍게 만드는 광교 루미엘 더 레이크의 커뮤니티를 소개합니다.",
    group: "complex",
    banner: { title: "커뮤니티", taglines: ["집 밖의 거실, 루미엘 라운지"] },
  },
  "/FloorPlan/24A": {
    title: "24A 평면도 | 광교 루미엘 더 레이크",
    description:
      "전용 24.86㎡, 계약 52.48㎡의 원룸형 평면. 현관과 주방을 분리한 중문 설계와 창가 침대 공간을 갖춘 광교 루미엘 더 레이크 24A 타입 170실의 평면과 면적입니다.",
    group: "units",
    banner: { title: "24A", taglines: ["전용 24.86㎡ · 170실"] },
  },
  "/FloorPlan/24B": {
    title: "24B 평면도 | 광교 루미엘 더 레이크",
    description:
      "전용 24.51㎡, 계약 51.80㎡. 코너 창으로 두 방향 채광을 누리는 원룸형 평면, 광교 루미엘 더 레이크 24B 타입 102실의 평면도와 면적표를 확인하세요.",
    group: "units",
    banner: { title: "24B", taglines: ["전용 24.51㎡ · 102실"] },
  },
  "/FloorPlan/29A": {
    title: "29A 평면도 | 광교 루미엘 더 레이크",
    description:
      "전용 29.94㎡, 계약 63.15㎡의 1.5룸 평면. 슬라이딩 도어로 침실을 나누고 워크인 드레스룸을 더한 광교 루미엘 더 레이크 29A 타입 136실을 소개합니다.",
    group: "units",
    banner: { title: "29A", taglines: ["전용 29.94㎡ · 136실"] },
  },
  "/FloorPlan/35A": {
    title: "35A 평면도 | 광교 루미엘 더 레이크",
    description:
      "전용 35.87㎡, 계약 75.61㎡의 투룸 평면. 호수를 향한 거실과 독립 침실, 욕실 수납을 갖춘 광교 루미엘 더 레이크 35A 타입 80실의 평면도와 면적입니다.",
    group: "units",
    banner: { title: "35A", taglines: ["전용 35.87㎡ · 80실"] },
  },
  "/FloorPlan/videos": {
    title: "홍보영상 | 광교 루미엘 더 레이크",
    description:
      "입지 소개, 24·29타입 소개, 35타입 소개 영상으로 광교 루미엘 더 레이크를 미리 둘러보세요. 갤러리에 오시기 전에 호수 앞 입지와 평면을 영상으로 확인할 수 있습니다.",
    group: "videos",
    banner: { title: "홍보영상", taglines: ["입지와 평면을 영상으로 미리 만나 보세요"] },
  },
  "/FloorPlan/Emodel": {
    title: "VR 모델하우스 | 광교 루미엘 더 레이크",
    description:
      "갤러리에 가지 않아도 24A와 35A 유니트의 현관과 주방, 침실, 호수 조망 창을 360°로 둘러보세요. 광교 루미엘 더 레이크 VR 모델하우스(E-모델하우스)입니다.",
    group: "units",
    banner: { title: "VR 모델하우스", taglines: ["집에서 둘러보는 E-모델하우스"] },
  },
  "/Interior/24A": {
    title: "24㎡ 인테리어 | 광교 루미엘 더 레이크",
    description:
      "창가에 둔 침대와 빌트인 가전을 숨긴 주방 벽면. 24㎡를 호텔 스위트처럼 쓰도록 꾸민 광교 루미엘 더 레이크 24A 견본 유니트의 인테리어를 미리 만나 보세요.",
    group: "interior",
    banner: { title: "24㎡ 인테리어", taglines: ["호텔 스위트처럼 완결된 24A"] },
  },
  "/Interior/29A": {
    title: "29㎡ 인테리어 | 광교 루미엘 더 레이크",
    description:
      "슬라이딩 도어 너머의 아늑한 침실과 창가 라운지 소파가 놓인 거실. 1.5룸 29A 견본 유니트의 인테리어를 광교 루미엘 더 레이크 홈페이지에서 확인하세요.",
    group: "interior",
    banner: { title: "29㎡ 인테리어", taglines: ["나누어 쓰는 여유, 29A"] },
  },
  "/Interior/35A": {
    title: "35㎡ 인테리어 | 광교 루미엘 더 레이크",
    description:
      "호수를 향해 열린 거실과 아일랜드 식탁을 둔 주방, 독립된 침실까지. 투룸 35A 견본 유니트의 인테리어를 광교 루미엘 더 레이크가 사진처럼 보여 드립니다.",
    group: "interior",
    banner: { title: "35㎡ 인테리어", taglines: ["호수를 거실로 들인 35A"] },
  },
};
