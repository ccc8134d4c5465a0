import type { PageInfo } from "../../types";

export const pages: Record<string, PageInfo> = {
  "/": {
    title: "동대구 온빛채 센트럴 | 동대구역세권 프리미엄 아파트·오피스텔",
    description:
      "대구 동구 신천동, 동대구역세권에 들어서는 지하 5층~지상 33층 아파트 540세대·오피스텔 56실. 관심고객 등록과 견본주택 방문 예약을 받고 있습니다.",
    group: "home",
    banner: { title: "동대구 온빛채 센트럴", taglines: ["동대구역세권의 새로운 빛"] },
  },
  "/Brand/intro": {
    title: "브랜드소개 | 동대구 온빛채 센트럴",
    description:
      "따뜻한 빛으로 채운 집, 온빛채의 브랜드 이야기입니다. 햇살이 깊이 드는 평면과 가족이 오래 머무는 공간을 짓는 온빛건설(주)의 철학을 소개합니다.",
    group: "brand",
    banner: { title: "브랜드소개", taglines: ["따뜻한 빛으로 채운 집, 온빛채"] },
  },
  "/Brand/video": {
    title: "브랜드 홍보영상 | 동대구 온빛채 센트럴",
    description:
      "아침 햇살이 드는 거실부터 신천 수변의 저녁 산책까지, 동대구 온빛채 센트럴이 그리는 일상을 브랜드 홍보영상으로 만나 보세요. 소리 없이 자동 재생됩니다.",
    group: "brand",
    banner: { title: "홍보영상", taglines: ["영상으로 먼저 만나는 온빛채의 하루"] },
  },
  "/BusinessGuide/intro": {
    title: "사업개요 | 동대구 온빛채 센트럴",
    description:
      "대구 동구 신천동 일원, 지하 5층~지상 33층 아파트 4개동·오피스텔 1개동. 아파트 540세대와 오피스텔 56실, 2026년 4월 입주 예정인 사업개요를 확인하세요.",
    group: "business",
    banner: { title: "사업개요", taglines: ["아파트 540세대 · 오피스텔 56실, 2026년 4월 입주 예정"] },
  },
  "/BusinessGuide/plan": {
    title: "분양일정 | 동대구 온빛채 센트럴",
    description:
      "동대구 온빛채 센트럴의 청약 접수, 당첨자 발표, 계약 일정은 입주자 모집공고와 함께 이 페이지에서 안내해 드릴 예정입니다. 조금만 기다려 주세요.",
    group: "business",
    banner: { title: "분양일정", taglines: ["청약부터 계약까지, 분양일정을 안내해 드립니다"] },
  },
  "/BusinessGuide/documents": {
    title: "계약서류 | 동대구 온빛채 센트럴",
    description:
      "동대구 온빛채 센트럴 당첨자 계약에 필요한 구비서류와 유의사항을 정리하고 있습니다. 계약 일정이 확정되면 이 페이지에서 자세히 안내해 드립니다.",
    group: "business",
    banner: { title: "계약서류", taglines: ["계약에 필요한 서류를 준비하고 있습니다"] },
  },
  "/SalesInfo/announcement": {
    title: "입주자 모집공고 | 동대구 온빛채 센트럴",
    description:
      "동대구 온빛채 센트럴 입주자 모집공고의 공급 개요와 공급 대상, 청약 일정을 미리 보고, 모집공고 전문을 PDF 파일로 내려받아 확인하실 수 있습니다.",
    group: "sales",
    banner: { title: "모집공고", taglines: ["청약 전 반드시 확인하세요"] },
  },
  "/SalesInfo/SubscriptionGuide": {
    title: "청약안내 | 동대구 온빛채 센트럴",
    description:
      "청약홈 접속부터 인증서 로그인, 청약 신청, 당첨자 발표 확인, 계약까지. 동대구 온빛채 센트럴 인터넷 청약 방법을 다섯 단계로 알기 쉽게 안내합니다.",
    group: "sales",
    banner: { title: "청약안내", taglines: ["PC와 모바일로 간편하게 청약하세요"] },
  },
  "/SalesInfo/stampTax": {
    title: "오피스텔 분양안내 | 동대구 온빛채 센트럴",
    description:
      "전용 84㎡ 오피스텔 56실의 분양 개요와 분양 방법, 계약서 기재금액별 인지세까지. 동대구 온빛채 센트럴 오피스텔 분양 정보를 한곳에서 확인하세요.",
    group: "sales",
    banner: { title: "오피스텔 분양안내", taglines: ["전용 84㎡ 오피스텔 56실"] },
  },
  "/SalesInfo/price": {
    title: "분양가 안내 | 동대구 온빛채 센트럴",
    description:
      "동대구 온빛채 센트럴의 주택형·층별 분양가와 계약금·중도금·잔금 납부 일정, 중도금 대출 조건을 한눈에 보고, 계산기로 회차별 납부금과 대출 이자를 미리 계산해 보세요.",
    group: "sales",
    banner: { title: "분양가 안내", taglines: ["주택형·층별 분양가와 납부 일정"] },
  },
  "/LocationEnvironment/intro": {
    title: "입지환경 | 동대구 온빛채 센트럴",
    description:
      "KTX·SRT 동대구역 약 1.2km, 도시철도 1호선 신천역 약 0.5km. 의료·쇼핑 인프라와 신천 수변 공원을 가까이 누리는 동대구 온빛채 센트럴의 입지를 소개합니다.",
    group: "location",
    banner: { title: "입지환경", taglines: ["역세권 교통과 수변의 여유를 함께"] },
  },
  "/LocationEnvironment/primium": {
    title: "프리미엄 | 동대구 온빛채 센트럴",
    description:
      "더블 역세권 입지에 4Bay 판상형 설계와 알파룸, 팬트리, 2.5m 천장고를 더했습니다. 동대구 온빛채 센트럴만의 네 가지 프리미엄을 만나 보세요.",
    group: "location",
    banner: { title: "프리미엄", taglines: ["같은 면적도 더 넓고 밝게"] },
  },
  "/ComplexGuide/intro": {
    title: "단지배치도 | 동대구 온빛채 센트럴",
    description:
      "중앙광장과 수경시설을 둘러싼 아파트 4개동과 오피스텔 1개동, 숲속 산책정원과 어린이놀이터까지. 동대구 온빛채 센트럴 단지배치도와 유의사항입니다.",
    group: "complex",
    banner: { title: "단지배치도", taglines: ["중앙광장을 품은 보행 중심 단지"] },
  },
  "/ComplexGuide/detailintro": {
    title: "동호수배치도 | 동대구 온빛채 센트럴",
    description:
      "101동부터 104동까지 층별·라인별 타입 배치를 한눈에 확인하세요. 동대구 온빛채 센트럴의 동·호수 배치도와 59㎡·84㎡·114㎡ 타입별 세대수를 안내합니다.",
    group: "complex",
    banner: { title: "동호수배치도", taglines: ["원하는 동과 향을 미리 살펴보세요"] },
  },
  "/ComplexGuide/community": {
    title: "커뮤니티 | 동대구 온빛채 센트럴",
    description:
      "피트니스센터, 작은도서관(독서실), 카페 라운지, 어린이집, 게스트하우스까지. 동대구 온빛채 센트럴 입주민만을 위한 커뮤니티 시설을 소개합니다.",
    group: "complex",
    banner: { title: "커뮤니티", taglines: ["단지 안에서 누리는 일상의 여유"] },
  },
  "/FloorPlan/59A": {
    title: "59A㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 59.98㎡, 공급 81.43㎡의 판상형 3Bay 평면. 남향 위주 맞통풍 구조로 설계한 동대구 온빛채 센트럴 59A 타입 92세대의 평면과 면적을 확인하세요.",
    group: "units",
    banner: { title: "59A㎡", taglines: ["전용 59.98㎡ · 92세대"] },
  },
  "/FloorPlan/59B": {
    title: "59B㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 59.94㎡, 공급 81.81㎡의 타워형 3룸 평면. 두 방향으로 열린 거실 조망을 갖춘 동대구 온빛채 센트럴 59B 타입 61세대의 평면과 면적을 안내합니다.",
    group: "units",
    banner: { title: "59B㎡", taglines: ["전용 59.94㎡ · 61세대"] },
  },
  "/FloorPlan/84A": {
    title: "84A㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 84.97㎡, 공급 114.09㎡의 판상형 4Bay에 알파룸을 더한 평면. 동대구 온빛채 센트럴 대표 타입 84A 140세대의 평면도와 면적표를 확인하세요.",
    group: "units",
    banner: { title: "84A㎡", taglines: ["전용 84.97㎡ · 140세대"] },
  },
  "/FloorPlan/84B": {
    title: "84B㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 84.92㎡, 공급 114.77㎡. 3면 개방형 코너 거실로 파노라마 조망을 누리는 타워형 평면, 동대구 온빛채 센트럴 84B 타입 100세대를 소개합니다.",
    group: "units",
    banner: { title: "84B㎡", taglines: ["전용 84.92㎡ · 100세대"] },
  },
  "/FloorPlan/84C": {
    title: "84C㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 84.99㎡, 공급 114.39㎡. 넉넉한 주방과 워크인 팬트리를 갖춘 판상형 3Bay 평면, 동대구 온빛채 센트럴 84C 타입 85세대의 평면과 면적입니다.",
    group: "units",
    banner: { title: "84C㎡", taglines: ["전용 84.99㎡ · 85세대"] },
  },
  "/FloorPlan/84OA": {
    title: "84OA㎡ 오피스텔 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 84.65㎡, 계약 158.32㎡의 2룸 오픈형 오피스텔. 거실과 주방을 하나로 이은 LDK와 전면 통창을 갖춘 84OA 타입 56실의 평면과 면적을 확인하세요.",
    group: "units",
    banner: { title: "84OA㎡", taglines: ["오피스텔 전용 84.65㎡ · 56실"] },
  },
  "/FloorPlan/114A": {
    title: "114A㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 114.96㎡, 공급 152.78㎡. 전면 4Bay에 침실 4개와 현관 팬트리를 갖춘 대형 평면, 동대구 온빛채 센트럴 114A 타입 32세대의 평면도와 면적입니다.",
    group: "units",
    banner: { title: "114A㎡", taglines: ["전용 114.96㎡ · 32세대"] },
  },
  "/FloorPlan/114B": {
    title: "114B㎡ 평면도 | 동대구 온빛채 센트럴",
    description:
      "전용 114.92㎡, 공급 153.32㎡. 두 면으로 열린 코너 거실과 침실 4개를 갖춘 타워형 대형 평면, 동대구 온빛채 센트럴 114B 타입 30세대를 소개합니다.",
    group: "units",
    banner: { title: "114B㎡", taglines: ["전용 114.92㎡ · 30세대"] },
  },
  "/FloorPlan/videos": {
    title: "홍보영상 | 동대구 온빛채 센트럴",
    description:
      "입지환경 소개, 59타입 소개, 84타입 소개 영상으로 동대구 온빛채 센트럴을 미리 둘러보세요. 견본주택에 오시기 전에 평면과 입지를 영상으로 확인할 수 있습니다.",
    group: "videos",
    banner: { title: "홍보영상", taglines: ["입지와 평면을 영상으로 미리 만나 보세요"] },
  },
  "/FloorPlan/Emodel": {
    title: "VR 모델하우스 | 동대구 온빛채 센트럴",
    description:
      "견본주택에 가지 않아도 84A·84B 유니트의 거실, 주방, 침실을 360°로 둘러보세요. 동대구 온빛채 센트럴 VR 모델하우스(E-모델하우스)입니다.",
    group: "units",
    banner: { title: "VR 모델하우스", taglines: ["집에서 둘러보는 E-모델하우스"] },
  },
  "/Interior/59A": {
    title: "59㎡ 인테리어 | 동대구 온빛채 센트럴",
    description:
      "통창 너머 도심이 보이는 거실과 창가 식탁을 둔 주방. 작은 면적도 넓고 밝게 쓰도록 꾸민 동대구 온빛채 센트럴 59A㎡ 견본주택의 인테리어를 미리 만나 보세요.",
    group: "interior",
    banner: { title: "59㎡ 인테리어", taglines: ["작은 면적도 넓고 밝게"] },
  },
  "/Interior/84A": {
    title: "84A㎡ 인테리어 | 동대구 온빛채 센트럴",
    description:
      "우물천장 아래 넓은 거실과 우드 헤드월로 꾸민 안방. 판상형 4Bay 84A㎡ 견본주택의 인테리어를 동대구 온빛채 센트럴 홈페이지에서 확인하세요.",
    group: "interior",
    banner: { title: "84㎡ 인테리어", taglines: ["빛과 온기가 머무는 84A"] },
  },
  "/Interior/84B": {
    title: "84B㎡ 인테리어 | 동대구 온빛채 센트럴",
    description:
      "코너 통창으로 도시 야경이 펼쳐지는 거실과 바 스툴을 둔 아일랜드 식탁 주방. 동대구 온빛채 센트럴 84B㎡ 견본주택의 인테리어를 사진으로 둘러보세요.",
    group: "interior",
    banner: { title: "84㎡ 인테리어", taglines: ["코너 통창의 파노라마 84B"] },
  },
};
