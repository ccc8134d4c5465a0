import { describe, expect, test } from "vitest";
import { suwon } from "./index";

const infoPaths = Object.keys(suwon.pages).filter((path) => path !== "/");

describe("the suwon informational pages", () => {
  test("each has a title and a description of 80 to 150 characters, none shared with another page", () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of infoPaths) {
      const page = suwon.pages[path]!;
      expect([...page.description].length, path).toBeGreaterThanOrEqual(80);
      expect([...page.description].length, path).toBeLessThanOrEqual(150);
      titles.add(page.title);
      descriptions.add(page.description);
    }
    expect(titles.size).toBe(infoPaths.length);
    expect(descriptions.size).toBe(infoPaths.length);
  });

  test("every unit type, interior and tour has a page", () => {
    for (const unit of suwon.units) expect(suwon.pages).toHaveProperty([`/FloorPlan/${unit.key}`]);
    for (const set of suwon.infoPages.interior.sets) expect(suwon.pages).toHaveProperty([`/Interior/${set.key}`]);
    for (const tab of suwon.vrTabs) expect(suwon.units.map((unit) => unit.key)).toContain(tab.key);
  });

  test("every unit is an officetel sold by contract area, 488 in all", () => {
    expect(suwon.units.every((unit) => unit.kind === "officetel")).toBe(true);
    for (const unit of suwon.units) {
      const { exclusiveM2, supplyM2, contractM2 } = unit.area;
      expect(Number(exclusiveM2), unit.key).toBeLessThan(Number(supplyM2));
      expect(Number(supplyM2), unit.key).toBeLessThan(Number(contractM2));
    }
    const total = suwon.units.reduce((sum, unit) => sum + Number.parseInt(unit.area.unitCount, 10), 0);
    expect(total).toBe(488);
    expect(suwon.home.place.accommodationUnits).toBe(total);
  });
});

describe("the suwon demo press", () => {
  test("spans about three months, with two articles published on one day", () => {
    const days = suwon.demoPress.map((article) => article.daysAgo);
    expect(suwon.demoPress.length).toBeGreaterThan(10);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...days)).toBeLessThanOrEqual(90);
    expect(new Set(days).size).toBeLessThan(days.length);
  });
});
