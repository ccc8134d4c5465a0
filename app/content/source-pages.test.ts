import { expect, test } from "vitest";
import { sitePacks } from "./index";
import { sourcePageTitle } from "./source-pages.ts";

const daegu = sitePacks.daegu!;

test("a page of the pack is named by its title without the site's name", () => {
  expect(sourcePageTitle(daegu, "/Brand/intro")).toBe("브랜드소개");
  expect(sourcePageTitle(daegu, "/FloorPlan/59A")).toBe("59A㎡ 평면도");
});

test("the home page, the lead pages and the popup's own address have their names", () => {
  expect(sourcePageTitle(daegu, "/")).toBe("메인 페이지");
  expect(sourcePageTitle(daegu, "/daegu/customer")).toBe(daegu.leads.visitPage.heading);
  expect(sourcePageTitle(daegu, "/Promotion/Customer")).toBe(daegu.leads.inquiryPage.heading);
  expect(sourcePageTitle(daegu, "/actions/interest")).toBe(`${daegu.leads.popup.title} (팝업)`);
});

test("paths match whatever their case or trailing slash, as the site's routes do", () => {
  expect(sourcePageTitle(daegu, "/brand/INTRO/")).toBe("브랜드소개");
});

test("a path the site does not know has no title", () => {
  expect(sourcePageTitle(daegu, "/old-landing")).toBeNull();
});

test("a lead the team registered says how: a call taken, or a walk-in at the desk", () => {
  expect(sourcePageTitle(daegu, "/admin/leads/new")).toBe("전화 접수");
  expect(sourcePageTitle(daegu, "/admin/door")).toBe("현장 등록");
});
