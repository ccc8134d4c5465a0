import { describe, expect, test } from "vitest";
import { daegu } from "./index";

const infoPaths = Object.keys(daegu.pages).filter((path) => path !== "/");

describe("the daegu informational pages", () => {
  test("each has a title and a description of 80 to 150 characters, none shared with another page", () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of infoPaths) {
      const page = daegu.pages[path]!;
      expect([...page.description].length, path).toBeGreaterThanOrEqual(80);
      expect([...page.description].length, path).toBeLessThanOrEqual(150);
      titles.add(page.title);
      descriptions.add(page.description);
    }
    expect(titles.size).toBe(infoPaths.length);
    expect(descriptions.size).toBe(infoPaths.length);
  });

  test("every unit type, interior and tour has a page", () => {
    for (const unit of daegu.units) expect(daegu.pages).toHaveProperty([`/FloorPlan/${unit.key}`]);
    for (const set of daegu.infoPages.interior.sets) expect(daegu.pages).toHaveProperty([`/Interior/${set.key}`]);
    expect(daegu.vrTabs.map((tab) => tab.key)).toEqual(["84A", "84B"]);
  });

  test("unit counts add up to 540 apartments and 56 officetels", () => {
    const total = (kind: "apartment" | "officetel") =>
      daegu.units.filter((unit) => unit.kind === kind).reduce((sum, unit) => sum + Number.parseInt(unit.area.unitCount, 10), 0);
    expect(total("apartment")).toBe(540);
    expect(total("officetel")).toBe(56);
  });

  test("the coming-soon placeholder keeps the spelling the old site printed", () => {
    expect(daegu.infoPages.comingSoon.label).toBe("COMING SOON");
  });
});

describe("the daegu demo press", () => {
  test("spans about four months, with two articles published at the same moment", () => {
    const days = daegu.demoPress.map((article) => article.daysAgo);
    expect(daegu.demoPress.length).toBeGreaterThan(20);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...days)).toBeLessThanOrEqual(120);
    expect(new Set(days).size).toBeLessThan(days.length);
  });
});
