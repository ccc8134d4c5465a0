import type { MenuGroup } from "#app/content/types.ts";
import { interiorPage, units } from "./units";

// The URLs are the site's contract (app/routes.ts); the words and the floor-plan and interior
// keys are the development's. The floor-plan and interior tabs come from units.ts, labelled with
// the key as written: add a type or an interior set there and it appears in the menu and on every
// type's page (the content test checks it).
export const menu: MenuGroup[] = [
  {
    id: "brand",
    title: "브랜드소개",
    subMenu: [
      { subTitle: "브랜드소개", subUrl: "/Brand/intro" },
      { subTitle: "브랜드 영상", subUrl: "/Brand/video" },
    ],
  },
  {
    id: "business",
    title: "사업개요",
    subMenu: [
      { subTitle: "사업개요", subUrl: "/BusinessGuide/intro" },
      { subTitle: "분양일정", subUrl: "/BusinessGuide/plan" },
      { subTitle: "계약서류", subUrl: "/BusinessGuide/documents" },
    ],
  },
  {
    id: "sales",
    title: "분양안내",
    subMenu: [
      { subTitle: "모집공고", subUrl: "/SalesInfo/announcement" },
      { subTitle: "청약안내", subUrl: "/SalesInfo/SubscriptionGuide" },
      { subTitle: "오피스텔 분양안내", subUrl: "/SalesInfo/stampTax" },
      { subTitle: "분양가 안내", subUrl: "/SalesInfo/price" },
    ],
  },
  {
    id: "location",
    title: "입지환경",
    subMenu: [
      { subTitle: "입지환경", subUrl: "/LocationEnvironment/intro" },
      { subTitle: "프리미엄", subUrl: "/LocationEnvironment/primium" },
    ],
  },
  {
    id: "complex",
    title: "단지안내",
    subMenu: [
      { subTitle: "단지배치도", subUrl: "/ComplexGuide/intro" },
      { subTitle: "동호수배치도", subUrl: "/ComplexGuide/detailintro" },
      { subTitle: "커뮤니티", subUrl: "/ComplexGuide/community" },
    ],
  },
  {
    id: "units",
    title: "세대안내",
    subMenu: [
      ...units.map((unit) => ({ subTitle: unit.key, subUrl: `/FloorPlan/${unit.key}` })),
      { subTitle: "모델하우스", subUrl: "/FloorPlan/Emodel" },
    ],
  },
  {
    id: "interior",
    title: "인테리어",
    subMenu: interiorPage.sets.map((set) => ({ subTitle: set.key, subUrl: `/Interior/${set.key}` })),
  },
  {
    id: "promotion",
    title: "홍보센터",
    subMenu: [
      { subTitle: "상담문의", subUrl: "/Promotion/Customer" },
      { subTitle: "홍보영상", subUrl: "/FloorPlan/videos" },
      { subTitle: "보도자료", subUrl: "/Promotion/Press" },
    ],
  },
];

export const subMenus: MenuGroup[] = [];
