import type { PageInfo } from "#app/content/types.ts";

// Each page's <title>, description (80 to 150 characters read best in search results) and banner.
export const pages: Record<string, PageInfo> = {
  "/": {
    title: "TODO(사이트 담당자): 단지명 | 한 줄 소개",
    description: "TODO(사이트 담당자): 첫 화면 페이지 설명",
    group: "home",
    banner: { title: "TODO(사이트 담당자): 단지명", taglines: ["TODO(사이트 담당자): 첫 화면 배너 문구"] },
  },
  "/Brand/intro": {
    title: "브랜드소개 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 브랜드소개 페이지 설명",
    group: "brand",
    banner: { title: "브랜드소개", taglines: ["TODO(사이트 담당자): 브랜드소개 배너 문구"] },
  },
  "/Brand/video": {
    title: "브랜드 영상 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 브랜드 영상 페이지 설명",
    group: "brand",
    banner: { title: "브랜드 영상", taglines: ["TODO(사이트 담당자): 브랜드 영상 배너 문구"] },
  },
  "/BusinessGuide/intro": {
    title: "사업개요 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 사업개요 페이지 설명",
    group: "business",
    banner: { title: "사업개요", taglines: ["TODO(사이트 담당자): 사업개요 배너 문구"] },
  },
  "/BusinessGuide/plan": {
    title: "분양일정 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 분양일정 페이지 설명",
    group: "business",
    banner: { title: "분양일정", taglines: ["TODO(사이트 담당자): 분양일정 배너 문구"] },
  },
  "/BusinessGuide/documents": {
    title: "계약서류 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 계약서류 페이지 설명",
    group: "business",
    banner: { title: "계약서류", taglines: ["TODO(사이트 담당자): 계약서류 배너 문구"] },
  },
  "/SalesInfo/announcement": {
    title: "모집공고 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 모집공고 페이지 설명",
    group: "sales",
    banner: { title: "모집공고", taglines: ["TODO(사이트 담당자): 모집공고 배너 문구"] },
  },
  "/SalesInfo/SubscriptionGuide": {
    title: "청약안내 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 청약안내 페이지 설명",
    group: "sales",
    banner: { title: "청약안내", taglines: ["TODO(사이트 담당자): 청약안내 배너 문구"] },
  },
  "/SalesInfo/stampTax": {
    title: "오피스텔 분양안내 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 오피스텔 분양안내 페이지 설명",
    group: "sales",
    banner: { title: "오피스텔 분양안내", taglines: ["TODO(사이트 담당자): 오피스텔 분양안내 배너 문구"] },
  },
  "/SalesInfo/price": {
    title: "분양가 안내 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 분양가 페이지 설명",
    group: "sales",
    banner: { title: "분양가 안내", taglines: ["TODO(사이트 담당자): 분양가 배너 문구"] },
  },
  "/LocationEnvironment/intro": {
    title: "입지환경 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 입지환경 페이지 설명",
    group: "location",
    banner: { title: "입지환경", taglines: ["TODO(사이트 담당자): 입지환경 배너 문구"] },
  },
  "/LocationEnvironment/primium": {
    title: "프리미엄 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 프리미엄 페이지 설명",
    group: "location",
    banner: { title: "프리미엄", taglines: ["TODO(사이트 담당자): 프리미엄 배너 문구"] },
  },
  "/ComplexGuide/intro": {
    title: "단지배치도 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 단지배치도 페이지 설명",
    group: "complex",
    banner: { title: "단지배치도", taglines: ["TODO(사이트 담당자): 단지배치도 배너 문구"] },
  },
  "/ComplexGuide/detailintro": {
    title: "동호수배치도 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 동호수배치도 페이지 설명",
    group: "complex",
    banner: { title: "동호수배치도", taglines: ["TODO(사이트 담당자): 동호수배치도 배너 문구"] },
  },
  "/ComplexGuide/community": {
    title: "커뮤니티 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 커뮤니티 페이지 설명",
    group: "complex",
    banner: { title: "커뮤니티", taglines: ["TODO(사이트 담당자): 커뮤니티 배너 문구"] },
  },
  "/FloorPlan/A": {
    title: "A 평면도 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): A 평면도 페이지 설명",
    group: "units",
    banner: { title: "A 평면도", taglines: ["TODO(사이트 담당자): A 평면도 배너 문구"] },
  },
  "/FloorPlan/videos": {
    title: "홍보영상 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 홍보영상 페이지 설명",
    group: "promotion",
    banner: { title: "홍보영상", taglines: ["TODO(사이트 담당자): 홍보영상 배너 문구"] },
  },
  "/FloorPlan/Emodel": {
    title: "VR 모델하우스 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): VR 모델하우스 페이지 설명",
    group: "units",
    banner: { title: "VR 모델하우스", taglines: ["TODO(사이트 담당자): VR 모델하우스 배너 문구"] },
  },
  "/Interior/A": {
    title: "A 인테리어 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): A 인테리어 페이지 설명",
    group: "interior",
    banner: { title: "A 인테리어", taglines: ["TODO(사이트 담당자): A 인테리어 배너 문구"] },
  },
};
