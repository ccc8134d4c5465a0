import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "vitest";
import { detailedDrawings, DRAWING_FONT_FAMILY, packPictures } from "#app/content/pictures.ts";
import { codePagePaths, REDIRECT_PATHS } from "#app/content/public-paths.ts";
import type { SitePack } from "#app/content/types.ts";
import { MANUAL_TEXT_PLACEHOLDERS, PROMOTION_WORDS } from "#app/forms/lead-text.ts";
import { findRiskyPhrases } from "#app/forms/ad-copy.ts";

/** The informational URLs app/routes.ts answers from a `pages` entry of the pack (besides floor plans and interiors). */
const INFO_PAGE_PATHS = [
  "/",
  "/Brand/intro",
  "/Brand/video",
  "/BusinessGuide/intro",
  "/BusinessGuide/plan",
  "/BusinessGuide/documents",
  "/SalesInfo/announcement",
  "/SalesInfo/SubscriptionGuide",
  "/SalesInfo/stampTax",
  "/SalesInfo/price",
  "/LocationEnvironment/intro",
  "/LocationEnvironment/primium",
  "/ComplexGuide/intro",
  "/ComplexGuide/detailintro",
  "/ComplexGuide/community",
  "/FloorPlan/videos",
  "/FloorPlan/Emodel",
];

/** WCAG relative luminance of a "#rrggbb" colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(foreground: string, background: string) {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

function knownRoutes(site: SitePack) {
  return new Set([...Object.keys(site.pages), ...codePagePaths(site), ...REDIRECT_PATHS]);
}

/**
 * What every content pack must satisfy for the code to present it, as tests: the registry's packs
 * run them in app/content/content.test.ts, and a freshly scaffolded pack in
 * tests/integration/site-scaffold.test.ts. `publicDir` holds the pack's pictures.
 */
export function contentPackTests(site: SitePack, publicDir: string) {
  test("every image has alt text, a positive size, and a file that really has that size", async () => {
    const images = packPictures(site);
    expect(images.length).toBeGreaterThan(0);
    for (const { at, image } of images) {
      expect(image.src, `${at} lives in the pack's own folder`).toMatch(new RegExp(`^/images/${site.slug}/`));
      expect(image.alt.trim(), `${at} alt`).not.toBe("");
      expect(Number.isInteger(image.width) && image.width > 0, `${at} width`).toBe(true);
      expect(Number.isInteger(image.height) && image.height > 0, `${at} height`).toBe(true);
      const file = path.join(publicDir, image.src);
      expect(fs.existsSync(file), `${at}: no file for ${image.src}`).toBe(true);
      const actual = await sharp(file).metadata();
      // The declared size sets the aspect box (and for photos, the variant widths): it must match.
      expect(image.width / image.height, `${at} aspect ratio`).toBeCloseTo(actual.width / actual.height, 2);
      if (!image.src.endsWith(".svg")) expect(image.width, `${at} width`).toBe(actual.width);
    }
  });

  test("every detailed drawing names the Korean system fonts and lays its text out once", () => {
    for (const image of detailedDrawings(site).filter((drawing) => drawing.src.endsWith(".svg"))) {
      const svg = fs.readFileSync(path.join(publicDir, image.src), "utf8");
      const root = svg.slice(svg.indexOf("<svg"), svg.indexOf(">", svg.indexOf("<svg")) + 1);
      expect(root, image.src).toContain(`font-family="${DRAWING_FONT_FAMILY}"`);
      expect(root, image.src).toContain('text-rendering="geometricPrecision"');
    }
  });

  test("the theme names hex colours that keep text readable, and a favicon drawing", () => {
    const { colors, favicon } = site.theme;
    for (const [name, value] of Object.entries(colors)) expect(value, name).toMatch(/^#[0-9a-f]{6}$/);
    // Text colours the stylesheets put on white, on the surface and on the dark bands (WCAG AA).
    expect(contrast(colors.brand, "#ffffff"), "brand on white").toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.accentInk, "#ffffff"), "accentInk on white").toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.accentInk, colors.surface), "accentInk on surface").toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.accentLight, colors.brandDeep), "accentLight on brandDeep").toBeGreaterThanOrEqual(4.5);
    expect(contrast("#ffffff", colors.brand), "white on brand").toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.brandDeep, colors.accent), "brandDeep on accent (buttons)").toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(colors.surface, colors.brandDeep),
      "surface on brandDeep (the footer's links and outline buttons)",
    ).toBeGreaterThanOrEqual(4.5);
    expect(favicon).toMatch(new RegExp(`^/images/${site.slug}/[\\w-]+\\.svg$`));
    expect(fs.existsSync(path.join(publicDir, favicon)), favicon).toBe(true);
  });

  test("every menu and sub-menu link is unique within its group and leads to a known route", () => {
    const known = knownRoutes(site);
    for (const group of [...site.menu, ...site.subMenus]) {
      const urls = group.subMenu.map((item) => item.subUrl);
      expect(new Set(urls).size, `${group.id} has a duplicate link`).toBe(urls.length);
      for (const url of urls) expect(known.has(url), `${group.id} links to unknown ${url}`).toBe(true);
    }
  });

  test("menu and sub-menu group ids are unique, and every page names one (or home)", () => {
    const ids = [...site.menu, ...site.subMenus].map((group) => group.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [url, page] of Object.entries(site.pages)) {
      expect(url === "/" || ids.includes(page.group), `${url} names unknown group ${page.group}`).toBe(true);
    }
  });

  test("every page has a title, a description and a banner", () => {
    for (const [url, page] of Object.entries(site.pages)) {
      expect(url, "page keys are absolute paths").toMatch(/^\/[^?#]*$/);
      expect(page.title.trim(), `${url} title`).not.toBe("");
      expect(page.description.trim(), `${url} description`).not.toBe("");
      expect(page.banner.title.trim(), `${url} banner title`).not.toBe("");
      expect(
        page.banner.taglines.every((line) => line.trim() !== ""),
        `${url} banner taglines`,
      ).toBe(true);
    }
  });

  test("every page the site serves from the pack has its entry: the fixed URLs, each unit type and interior", () => {
    const expected = [
      ...INFO_PAGE_PATHS,
      ...site.units.map((unit) => `/FloorPlan/${unit.key}`),
      ...site.infoPages.interior.sets.map((set) => `/Interior/${set.key}`),
    ];
    for (const url of expected) expect(site.pages, url).toHaveProperty([url]);
  });

  test("the unit types are one list: a tab for each, as it is written, in the menu and on every type's and interior's page", () => {
    const unitKeys = site.units.map((unit) => unit.key);
    expect(new Set(unitKeys.map((key) => key.toLowerCase())).size, "unit keys are unique").toBe(unitKeys.length);
    const floorPlanLinks = (group: { subMenu: { subUrl: string }[] }) =>
      group.subMenu.filter((item) => /^\/FloorPlan\/(?!videos$|Emodel$)/.test(item.subUrl));
    const unitGroups = site.menu.filter((group) => floorPlanLinks(group).length > 0);
    expect(
      unitGroups.map((group) => group.id),
      "one menu group lists the unit types",
    ).toHaveLength(1);
    const unitGroup = unitGroups[0]!;
    expect(floorPlanLinks(unitGroup)).toEqual(site.units.map((unit) => ({ subTitle: unit.key, subUrl: `/FloorPlan/${unit.key}` })));
    for (const group of site.subMenus) expect(floorPlanLinks(group), `${group.id} lists unit types of its own`).toEqual([]);
    for (const key of unitKeys)
      expect(site.pages[`/FloorPlan/${key}`]?.group, `/FloorPlan/${key} shows the types' tabs`).toBe(unitGroup.id);

    const sets = site.infoPages.interior.sets;
    for (const set of sets) expect(unitKeys, `interior ${set.key} is a unit type`).toContain(set.key);
    const interiorGroups = site.menu.filter((group) => group.subMenu.some((item) => item.subUrl.startsWith("/Interior/")));
    expect(interiorGroups, "one menu group lists the interiors").toHaveLength(1);
    expect(interiorGroups[0]!.subMenu).toEqual(sets.map((set) => ({ subTitle: set.key, subUrl: `/Interior/${set.key}` })));
    for (const set of sets)
      expect(site.pages[`/Interior/${set.key}`]?.group, `/Interior/${set.key} shows the interiors' tabs`).toBe(interiorGroups[0]!.id);
  });

  test("the home page's tours name the pack's tours, and every tour is an https address", () => {
    const tourKeys = site.vrTabs.map((tab) => tab.key);
    for (const key of site.home.units.vrKeys) expect(tourKeys, `home tour ${key}`).toContain(key);
    for (const tab of site.vrTabs) expect(new URL(tab.url).protocol, tab.url).toBe("https:");
  });

  test("text messages use only the placeholders their sender fills, and never what a visitor typed", () => {
    const shared = ["senderName", "maskedName", "modelHouseAddress", "salesPhone", "optOut"];
    const templates = [
      { name: "confirmation", text: site.leads.sms.confirmation, allowed: [...shared, "headline", "modelHouseHours", "receiptNumber"] },
      { name: "staff", text: site.leads.sms.staff, allowed: ["senderName", "kindLabel", "maskedName", "maskedPhone"] },
      { name: "booked", text: site.leads.visits.sms.booked, allowed: [...shared, "date", "time", "cancelUrl", "receiptNumber", "mapUrl"] },
      { name: "reminder", text: site.leads.visits.sms.reminder, allowed: [...shared, "date", "time", "cancelUrl"] },
      { name: "cancelled", text: site.leads.visits.sms.cancelled, allowed: ["senderName", "maskedName", "date", "time", "salesPhone"] },
      { name: "optOutConfirmation", text: site.leads.sms.optOutConfirmation, allowed: ["senderName", "date", "salesPhone"] },
      {
        name: "reconfirmation",
        text: site.leads.sms.reconfirmation,
        allowed: ["senderName", "consentDate", "optOutUrl", "optOutNumber", "salesPhone"],
      },
      ...site.leads.sms.templates.map((template) => ({ name: template.key, text: template.text, allowed: [...MANUAL_TEXT_PLACEHOLDERS] })),
    ];
    for (const { name, text, allowed } of templates) {
      const used = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const placeholder of used) expect(allowed, `${name} uses {${placeholder}}`).toContain(placeholder);
    }
  });

  // 정보통신망법 제50조: a promotion line makes a text advertising, with "(광고)", the opt-out number,
  // quiet hours and consent. Confirmations and reminders must stay free of them.
  test("texts that are not advertising carry no promotion, and advertising templates leave the legal wrapping to the console", () => {
    const plain = [
      { name: "confirmation", text: site.leads.sms.confirmation },
      { name: "staff", text: site.leads.sms.staff },
      { name: "booked", text: site.leads.visits.sms.booked },
      { name: "reminder", text: site.leads.visits.sms.reminder },
      { name: "cancelled", text: site.leads.visits.sms.cancelled },
      { name: "optOutConfirmation", text: site.leads.sms.optOutConfirmation },
      { name: "reconfirmation", text: site.leads.sms.reconfirmation },
      ...Object.entries(site.leads.sms.headlines).map(([kind, text]) => ({ name: `headline ${kind}`, text })),
      ...site.leads.sms.templates
        .filter((template) => !template.advertising)
        .map((template) => ({ name: template.key, text: template.text })),
    ];
    for (const { name, text } of plain) expect(text, name).not.toMatch(PROMOTION_WORDS);
    const keys = site.leads.sms.templates.map((template) => template.key);
    expect(new Set(keys).size, "template keys are unique").toBe(keys.length);
    for (const template of site.leads.sms.templates.filter((each) => each.advertising)) {
      expect(template.text, template.key).not.toMatch(/\(광고\)|수신\s*거부|\{senderName\}/);
    }
    expect(site.leads.sms.optOutNumber).toMatch(/^080-\d{3,4}-\d{4}$/);
  });

  // "{salesPhone}로" reads "1661-0000로": the particle belongs to the number filled in, so it is
  // written "(으)로" and chosen when the text is filled (app/utils/template.ts).
  test("a particle after a placeholder is written as (으)로, 을(를), 이(가) …, so the value filled in chooses it", () => {
    const fixed = packTexts(site).filter(({ text }) => FIXED_PARTICLE_AFTER_PLACEHOLDER.test(text));
    expect(fixed.map(({ at, text }) => `${at}: ${FIXED_PARTICLE_AFTER_PLACEHOLDER.exec(text)![0]}`)).toEqual([]);
  });

  // 시행령 §62의3: the notice names the sender, the date of consent, and how to keep or withdraw it.
  test("the two-year reconfirmation notice names the sender, the date of consent and both ways to withdraw", () => {
    for (const placeholder of ["{senderName}", "{consentDate}", "{optOutUrl}", "{optOutNumber}"]) {
      expect(site.leads.sms.reconfirmation).toContain(placeholder);
    }
    expect(site.leads.sms.optOutConfirmation).toContain("{date}");
  });

  test("the call sheet's one-tap text after a missed call is one of the pack's templates, and not advertising", () => {
    const missedCall = site.leads.sms.templates.find((template) => template.key === site.leads.sms.missedCallTemplate);
    expect(missedCall, site.leads.sms.missedCallTemplate).toBeDefined();
    expect(missedCall!.advertising ?? false).toBe(false);
    expect(missedCall!.text).not.toMatch(PROMOTION_WORDS);
  });

  test("every 가망 등급 has a label that starts with its letter and a meaning", () => {
    for (const [grade, { label, meaning }] of Object.entries(site.leads.grades)) {
      expect(label.startsWith(grade), label).toBe(true);
      expect(meaning.length, grade).toBeGreaterThan(4);
    }
  });

  test("the pack's own words carry no risky advertising phrase (app/forms/ad-copy.ts)", () => {
    const texts = packTexts(site);
    expect(texts.length, "the walk reaches the pack's words").toBeGreaterThan(100);
    const found = texts.flatMap(({ at, text }) => findRiskyPhrases(text).map((warning) => `${at}: ${warning.message}`));
    expect(found).toEqual([]);
  });
}

/**
 * A placeholder (or a bracket closed after one) followed by a particle that depends on the word before
 * it, written for one sound: "{salesPhone}로", "{staffName})을". "(으)로", "이(가)" and "{date}에" pass.
 */
const FIXED_PARTICLE_AFTER_PLACEHOLDER = /\{\w+\}\)?(?:으로|로|을|를|이|가|은|는|과|와|이나|나|이라|라)(?![\p{Script=Hangul}(])/u;

/** Every string a pack shows, with where it sits ("home.hero.facts[2]"); addresses and file paths are not words. */
function packTexts(value: unknown, at = ""): { at: string; text: string }[] {
  if (typeof value === "string") return /^(?:\/|https?:|#)/.test(value) ? [] : [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => packTexts(item, `${at}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => packTexts(item, at ? `${at}.${key}` : key));
  }
  return [];
}
