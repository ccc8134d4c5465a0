import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { SitePack } from "#app/content/types.ts";
import { contentPackTests } from "#tests/pack-checks.ts";
import { checkSlug, scaffoldSite, TODO_MARK } from "../../scripts/new-site.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

// A copy of the registry in a temporary root: the scaffolder writes there, never into the repository.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "site-new-"));
fs.mkdirSync(path.join(root, "app/content"), { recursive: true });
fs.mkdirSync(path.join(root, "public/images"), { recursive: true });
fs.copyFileSync(path.join(ROOT, "app/content/index.ts"), path.join(root, "app/content/index.ts"));

const made = await scaffoldSite("lake-view", { root, today: new Date("2027-03-02T09:00:00+09:00") });
const { lakeView: pack }: { lakeView: SitePack } = await import(path.join(made.packDir, "index.ts"));

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a pack made by npm run site:new", () => {
  contentPackTests(pack, path.join(root, "public"));

  test("is registered under its slug, after the packs already there", () => {
    const registry = fs.readFileSync(path.join(root, "app/content/index.ts"), "utf8");
    expect(registry).toContain('import { lakeView } from "./sites/lake-view";');
    expect(registry).toMatch(/\[suwon\.slug\]: suwon,\n {2}\[lakeView\.slug\]: lakeView,\n\};/);
    expect(pack.slug).toBe("lake-view");
  });

  test("marks what a person must fill, and dates its consent and copyright from the day it was made", () => {
    const text = JSON.stringify(pack);
    for (const value of [pack.brand.projectName, pack.developer, pack.pages["/"]!.description, pack.leads.sms.senderName]) {
      expect(value).toContain(TODO_MARK);
    }
    expect(text.split(TODO_MARK).length).toBeGreaterThan(50);
    expect(pack.leads.consent.version).toBe("2027-03-02");
    expect(pack.copyrightYear).toBe(2027);
    expect(fs.readdirSync(made.imagesDir).sort()).toEqual(made.drawings.map((src) => path.basename(src)).sort());
  });
});

describe("the slug", () => {
  test.each([
    [undefined, /^usage: npm run site:new -- <slug>/],
    ["daegu", /^"daegu" already exists/],
    ["Gwanggyo Lake", /is not a valid slug/],
    ["lake--view", /is not a valid slug/],
    ["admin", /is a path the site already serves/],
    ["images", /is a path the site already serves/],
    ["new", /would name its pack "new"/],
    ["site-packs", /would name its pack "sitePacks"/],
  ])("%s is refused with one line", (slug, message) => {
    const problem = checkSlug(slug, { root: ROOT });
    expect(problem).toMatch(message);
    expect(problem).not.toContain("\n");
  });

  test("a new name is accepted", () => {
    expect(checkSlug("gwanggyo-lake", { root: ROOT })).toBeUndefined();
  });
});
